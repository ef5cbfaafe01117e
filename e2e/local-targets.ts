import { generateKeyPairSync } from 'node:crypto';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer as createHttpServer, type RequestListener, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import forge from 'node-forge';

/**
 * Real targets on 127.0.0.1 for the Local node's agent to check: an HTTP server, an HTTPS server
 * with a self-signed certificate, a bare TCP listener and a DNS server that answers A questions
 * for one name. Each listens on a port the system picks.
 */
export interface LocalTargets {
  httpPort: number;
  httpsPort: number;
  /** When the HTTPS server's certificate expires (whole seconds, as the certificate holds it). */
  httpsValidTo: Date;
  tcpPort: number;
  dnsPort: number;
  /** The name the DNS server answers (with 127.0.0.1); every other name gets NXDOMAIN. */
  dnsName: string;
  close(): Promise<void>;
}

const LOOPBACK = '127.0.0.1';

const answerOk: RequestListener = (_request, response) => {
  response.writeHead(200, { 'content-type': 'text/plain' });
  response.end('ok\n');
};

function selfSignedCertificate(): { key: string; cert: string; validTo: Date } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const key = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Math.floor(Date.now() / 1000) * 1000 + 30 * 86_400_000);
  const subject = [{ name: 'commonName', value: LOOPBACK }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 7, ip: LOOPBACK }] }]);
  cert.sign(key, forge.md.sha256.create());
  return { key: keyPem, cert: forge.pki.certificateToPem(cert), validTo: cert.validity.notAfter };
}

function listen(server: HttpServer | TcpServer): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: HttpServer | TcpServer): Promise<void> {
  return new Promise((resolve) => {
    if ('closeAllConnections' in server) server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** Where the question's name ends (after its zero label), or -1 when the message is malformed. */
function questionEnd(query: Buffer): number {
  let offset = 12;
  while (offset < query.length) {
    const length = query[offset] ?? 0;
    if (length === 0) return offset + 1 + 4 <= query.length ? offset + 1 + 4 : -1;
    if (length >= 0xc0) return -1;
    offset += 1 + length;
  }
  return -1;
}

function questionName(query: Buffer, end: number): string {
  const labels: string[] = [];
  let offset = 12;
  while (offset < end - 5) {
    const length = query[offset] ?? 0;
    labels.push(query.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += 1 + length;
  }
  return labels.join('.').toLowerCase();
}

/** One answer: the question echoed, then an A record 127.0.0.1 (TTL 60) when the name and type fit. */
export function dnsAnswer(query: Buffer, servedName: string): Buffer | null {
  if (query.length < 12) return null;
  const end = questionEnd(query);
  if (end < 0) return null;
  const question = query.subarray(12, end);
  const qtype = query.readUInt16BE(end - 4);
  const known = questionName(query, end) === servedName.toLowerCase();
  const answers = known && qtype === 1 ? 1 : 0;
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  const recursionDesired = (query[2] ?? 0) & 0x01;
  header.writeUInt16BE(0x8400 | (recursionDesired << 8) | 0x80 | (known ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers, 6);
  const record = Buffer.from([0xc0, 0x0c, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x3c, 0x00, 0x04, 127, 0, 0, 1]);
  return Buffer.concat([header, question, ...(answers ? [record] : [])]);
}

function startDns(servedName: string): Promise<{ socket: UdpSocket; port: number }> {
  const socket = createSocket('udp4');
  socket.on('message', (message, remote) => {
    const answer = dnsAnswer(message, servedName);
    if (answer) socket.send(answer, remote.port, remote.address);
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, LOOPBACK, () => resolve({ socket, port: socket.address().port }));
  });
}

export async function startLocalTargets(dnsName: string): Promise<LocalTargets> {
  const http = createHttpServer(answerOk);
  const certificate = selfSignedCertificate();
  const https = createHttpsServer({ key: certificate.key, cert: certificate.cert }, answerOk);
  const tcp = createTcpServer((socket) => socket.end());
  const [httpPort, httpsPort, tcpPort, dns] = await Promise.all([listen(http), listen(https), listen(tcp), startDns(dnsName)]);
  return {
    httpPort,
    httpsPort,
    httpsValidTo: certificate.validTo,
    tcpPort,
    dnsPort: dns.port,
    dnsName,
    close: async () => {
      await Promise.all([closeServer(http), closeServer(https), closeServer(tcp), new Promise<void>((resolve) => dns.socket.close(() => resolve()))]);
    },
  };
}

/** An HTTP target on 127.0.0.1 whose answer the test switches (200 while healthy, e.g. 503 while down). */
export interface SwitchableHttpTarget {
  port: number;
  /** How many requests it has answered with the given status. */
  answered(status: number): number;
  answerWith(status: number): void;
  close(): Promise<void>;
}

export async function startSwitchableHttpTarget(): Promise<SwitchableHttpTarget> {
  let status = 200;
  const counts = new Map<number, number>();
  const server = createHttpServer((_request, response) => {
    counts.set(status, (counts.get(status) ?? 0) + 1);
    response.writeHead(status, { 'content-type': 'text/plain' });
    response.end(status === 200 ? 'ok\n' : 'down\n');
  });
  const port = await listen(server);
  return {
    port,
    answered: (asked) => counts.get(asked) ?? 0,
    answerWith: (next) => {
      status = next;
    },
    close: () => closeServer(server),
  };
}
