// Loopback targets for the agent-scale figure, in their own process: a TCP listener and an HTTP
// server answering /ok. Announces `{"tcpPort":…,"httpPort":…}` on stdout.
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server } from 'node:net';

const BODY = 'ok\n';

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => resolve((server.address() as AddressInfo).port));
  });
}

// The connect check closes at once; the listener only accepts.
const tcp = createTcpServer((socket) => {
  socket.on('error', () => undefined);
  socket.end();
});
const http = createHttpServer((req, res) => {
  if (req.url === '/ok') res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': BODY.length }).end(BODY);
  else res.writeHead(404).end();
});
http.keepAliveTimeout = 1_000;

const [tcpPort, httpPort] = await Promise.all([listen(tcp), listen(http)]);
process.stdout.write(`${JSON.stringify({ tcpPort, httpPort })}\n`);
process.once('disconnect', () => process.exit(1));
process.once('SIGTERM', () => {
  http.closeAllConnections();
  tcp.close();
  http.close();
  process.exit(0);
});
