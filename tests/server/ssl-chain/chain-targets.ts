import { writeFileSync } from 'node:fs';
import { createServer as createTcpServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import { createAuthority, createCertificate, createIntermediate, type Authority } from '../../agent/helpers/certificates.js';

/**
 * Loopback HTTPS-like targets for the SSL chain checker: a test root (trusted by the checker through
 * VIGIL_SSL_CHAIN_EXTRA_CA_FILE), an intermediate it issued, and servers presenting chains made of
 * them in any order.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
export const GOOD_NAME = 'www.vigil.test';

export interface ChainAuthorities {
  root: Authority;
  intermediate: Authority;
}

export function createChainAuthorities(now = new Date()): ChainAuthorities {
  const root = createAuthority('Vigil Chain Test Root', now);
  return { root, intermediate: createIntermediate(root, 'Vigil Chain Test Intermediate', now) };
}

/** The root as a PEM file, for VIGIL_SSL_CHAIN_EXTRA_CA_FILE. */
export function writeTrustedRoot(dir: string, authorities: ChainAuthorities): string {
  const file = join(dir, 'chain-test-root.pem');
  writeFileSync(file, authorities.root.certPem);
  return file;
}

export interface LeafRequest {
  /** Days from now until it expires (negative: expired); an hour is added so whole-day counts stay stable. */
  days: number;
  issuer?: Authority;
  names?: string[];
}

export function leafOf(request: LeafRequest, now = new Date()) {
  return createCertificate({
    commonName: request.names?.[0] ?? GOOD_NAME,
    altNames: request.names ?? [GOOD_NAME],
    notBefore: new Date(now.getTime() - 30 * DAY_MS),
    notAfter: new Date(now.getTime() + request.days * DAY_MS + HOUR_MS),
    ...(request.issuer ? { issuer: request.issuer } : {}),
  });
}

export interface RunningTarget {
  port: number;
  close(): Promise<void>;
}

function listen(server: Server): Promise<RunningTarget> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
          }),
      });
    });
  });
}

/** A TLS server presenting `keyPem`'s certificate with exactly these PEMs as its chain, in this order. */
export function serveChain(keyPem: string, chainPems: string[], options: { tls13Only?: boolean } = {}): Promise<RunningTarget> {
  const versions = options.tls13Only ? { minVersion: 'TLSv1.3' as const } : {};
  const server = createTlsServer({ key: keyPem, cert: chainPems.join(''), ...versions }, (socket) => {
    socket.on('error', () => undefined);
    socket.end();
  });
  server.on('tlsClientError', () => undefined);
  return listen(server);
}

/** A plain TCP server that answers like HTTP: not TLS at all. */
export function servePlainHttp(): Promise<RunningTarget> {
  const server = createTcpServer((socket) => {
    socket.on('error', () => undefined);
    // Reading what comes is what lets the client's close reach this side.
    socket.resume();
    socket.end('HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n');
  });
  return listen(server);
}

/** A TCP server that accepts and never says a word. */
export function serveSilently(): Promise<RunningTarget> {
  const sockets = new Set<import('node:net').Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  server.on('close', () => sockets.forEach((socket) => socket.destroy()));
  return listen(server).then((running) => ({
    port: running.port,
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      return running.close();
    },
  }));
}
