// Loopback targets for the probe figures, in their own process so neither side's CPU figure counts
// them: a TCP listener, HTTP and HTTPS pages (self-signed RSA-2048), a UDP DNS server answering A
// records. (The first-byte timing target has a process of its own: timing-target.ts.)
import { execFileSync } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DNS_NAME, type TargetPorts } from './plan.js';
import { serveParent } from './proc.js';

const DNS_ANSWER = [192, 0, 2, 10];
const PAGE = 'vigil bench target\n';

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', backlog: 1024 }, () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-cert-'));
  try {
    const keyFile = join(dir, 'key.pem');
    const certFile = join(dir, 'cert.pem');
    const subject = `/CN=${DNS_NAME}`;
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-subj', subject, '-days', '30'], {
      stdio: 'ignore',
    });
    return { key: readFileSync(keyFile), cert: readFileSync(certFile) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const page = (_req: IncomingMessage, res: ServerResponse): void => void res.writeHead(200, { 'Content-Type': 'text/plain' }).end(PAGE);

function holdOpen(socket: Socket): void {
  socket.on('error', () => undefined);
  socket.on('end', () => socket.destroy());
}

/** Offset just past the question section of a DNS message (one question). */
function questionEnd(query: Buffer): number {
  let offset = 12;
  while (offset < query.length && query[offset] !== 0) offset += (query[offset] ?? 0) + 1;
  return offset + 5;
}

/** One A record for any A question (NOERROR without records for other types). */
function dnsAnswer(query: Buffer): Buffer | null {
  if (query.length < 17 || query.readUInt16BE(4) !== 1) return null;
  const end = questionEnd(query);
  if (end > query.length) return null;
  const isA = query.readUInt16BE(end - 4) === 1;
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  header.writeUInt16BE(0x8080 | (query.readUInt16BE(2) & 0x7900), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(isA ? 1 : 0, 6);
  const record = Buffer.from([0xc0, 0x0c, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4, ...DNS_ANSWER]);
  return Buffer.concat([header, query.subarray(12, end), ...(isA ? [record] : [])]);
}

async function startDns(): Promise<{ port: number; close: () => void }> {
  const socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    const answer = dnsAnswer(query);
    if (answer) socket.send(answer, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  return { port: socket.address().port, close: () => socket.close() };
}

async function main(): Promise<void> {
  const certificate = selfSignedCertificate();
  const servers: Server[] = [
    createTcpServer(holdOpen),
    createHttpServer({ keepAliveTimeout: 1_000 }, page),
    createHttpsServer({ ...certificate, keepAliveTimeout: 1_000 }, page),
  ];
  const [tcp, http, https] = await Promise.all(servers.map(listen));
  const dns = await startDns();
  const ports: TargetPorts = { tcp: tcp ?? 0, http: http ?? 0, https: https ?? 0, dns: dns.port };
  serveParent(
    ports,
    {},
    () => {
      dns.close();
      for (const server of servers) server.close();
    },
  );
}

await main();
