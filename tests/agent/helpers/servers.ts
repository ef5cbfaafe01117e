import { spawn } from 'node:child_process';
import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server, Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { createServer as createTlsServer } from 'node:tls';
import type { ServerCertificate } from './certificates.js';

/** Real loopback targets for the checks. Every server listens on port 0 of 127.0.0.1 (or ::1). */

export interface Running {
  port: number;
  close(): Promise<void>;
}

async function listen(server: Server | HttpServer, host = '127.0.0.1'): Promise<Running> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const close = async (): Promise<void> => {
    if ('closeAllConnections' in server) server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { port: (server.address() as AddressInfo).port, close };
}

/** Whether this machine has an IPv6 loopback to listen on. */
export async function ipv6LoopbackAvailable(): Promise<boolean> {
  try {
    await (await listen(createTcpServer(), '::1')).close();
    return true;
  } catch {
    return false;
  }
}

export interface TcpListener extends Running {
  /** How many connections it has accepted. */
  accepted(): number;
}

/** A TCP listener that accepts and holds connections. */
export function startTcpListener(host = '127.0.0.1'): Promise<TcpListener> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createTcpServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return listen(server, host).then((running) => ({
    port: running.port,
    accepted: () => accepted,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return running.close();
    },
  }));
}

/** A port that nothing listens on: bound once, then released. */
export async function closedPort(): Promise<number> {
  const running = await listen(createTcpServer());
  await running.close();
  return running.port;
}

/**
 * A listener whose accept queue is full, so a new connection's SYN is dropped and the connect
 * hangs until the caller gives up. It lives in a child process that blocks its event loop right
 * after listening (backlog 1), so it never accepts; two connections then fill the queue.
 */
export async function startUnresponsiveListener(): Promise<Running> {
  const program = `
    const server = require('node:net').createServer();
    server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
      process.stdout.write(server.address().port + '\\n');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    });`;
  const child = spawn(process.execPath, ['-e', program], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('error', reject);
  });
  const port = Number(line);
  const fillers: Socket[] = [];
  for (;;) {
    const socket = new Socket();
    fillers.push(socket);
    const connected = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 1_000);
      socket.once('connect', () => (clearTimeout(timer), resolve(true)));
      socket.once('error', () => (clearTimeout(timer), resolve(false)));
      socket.connect(port, '127.0.0.1');
    });
    if (!connected) break;
  }
  return {
    port,
    close: async () => {
      for (const socket of fillers) socket.destroy();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A TLS listener that completes handshakes and then says nothing. */
export function startTlsListener(certificate: ServerCertificate): Promise<Running> {
  const server = createTlsServer({ key: certificate.keyPem, cert: certificate.chainPem }, (socket) => socket.on('error', () => undefined));
  return listen(server);
}

export const BODY = 'hello from a loopback target\n';
export const FIRST_BYTE_DELAY_MS = 150;

/**
 * The pages the HTTP tests ask for: /ok (200 with BODY), /redirect/N (a chain of N redirects
 * ending at /ok), /loop (redirects to itself), /error (500), /slow (first byte after
 * FIRST_BYTE_DELAY_MS), /big/N (N bytes), /chunked/N (N bytes in ten chunked pieces, no length),
 * /silent (never answers).
 */
export function testRoutes(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://target');
  const [, route, arg] = url.pathname.split('/');
  const count = Number(arg ?? 0);
  if (route === 'ok') return void res.writeHead(200, { 'Content-Type': 'text/plain' }).end(BODY);
  if (route === 'redirect') return void res.writeHead(302, { Location: count > 1 ? `/redirect/${count - 1}` : '/ok' }).end();
  if (route === 'loop') return void res.writeHead(301, { Location: '/loop' }).end();
  if (route === 'error') return void res.writeHead(500).end('boom');
  if (route === 'slow') return void setTimeout(() => res.writeHead(200).end(BODY), FIRST_BYTE_DELAY_MS);
  if (route === 'big') return void res.writeHead(200, { 'Content-Length': count }).end(Buffer.alloc(count, 'x'));
  if (route === 'chunked') return void writeInPieces(res, count, 10);
  if (route === 'silent') return;
  res.writeHead(404).end();
}

function writeInPieces(res: ServerResponse, bytes: number, pieces: number): void {
  res.writeHead(200, { 'Content-Type': 'text/plain' });
  const piece = Math.ceil(bytes / pieces);
  const next = (left: number): void => {
    if (left <= 0) return void res.end();
    res.write(Buffer.alloc(Math.min(piece, left), 'x'));
    setTimeout(() => next(left - piece), 2);
  };
  next(bytes);
}

/** A TCP target that reads a request's head, writes `answer` as it is, then closes. */
export function startRawAnswerServer(answer: string): Promise<Running> {
  const server = createTcpServer((socket) => {
    let head = '';
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (head.includes('\r\n\r\n')) socket.end(answer);
    });
  });
  return listen(server);
}

export function startHttpServer(handler = testRoutes): Promise<Running> {
  return listen(createHttpServer(handler));
}

export function startHttpsServer(certificate: ServerCertificate, handler = testRoutes): Promise<Running> {
  return listen(createHttpsServer({ key: certificate.keyPem, cert: certificate.chainPem }, handler));
}
