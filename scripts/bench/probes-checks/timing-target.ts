// The target of the timing figure, alone in a small process (bundled, plain node) so nothing else
// it serves can delay it: a raw HTTP server that holds each answer's first byte for a set time and
// says afterwards (a side channel by request path) how long it really held it, measured from the
// request's end to the write.
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { serveParent } from './proc.js';

const PAGE = 'vigil timing target\n';
const ANSWER = `HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: ${PAGE.length}\r\nConnection: close\r\n\r\n${PAGE}`;

/** Request path → ms the first byte was held. */
const heldMs = new Map<string, number>();
let holdMs = 100;

function serve(socket: Socket): void {
  let head = '';
  socket.on('error', () => undefined);
  socket.on('data', (chunk: Buffer) => {
    if (head.includes('\r\n\r\n')) return;
    head += chunk.toString('latin1');
    if (!head.includes('\r\n\r\n')) return;
    const receivedAt = process.hrtime.bigint();
    const path = head.slice(0, head.indexOf('\r\n')).split(' ')[1] ?? '';
    setTimeout(() => {
      const writtenAt = process.hrtime.bigint();
      socket.end(ANSWER);
      heldMs.set(path, Number(writtenAt - receivedAt) / 1e6);
    }, holdMs);
  });
}

const server = createServer(serve);
await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 1024 }, () => resolve()));

serveParent(
  (server.address() as AddressInfo).port,
  {
    /** Sets how long the first byte is held. */
    hold: (payload) => void (holdMs = Number(payload)),
    /** Answers and forgets what was held, by request path. */
    held: () => {
      const answer = Object.fromEntries(heldMs);
      heldMs.clear();
      return answer;
    },
  },
  () => void server.close(),
);
