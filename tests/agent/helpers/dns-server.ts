import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { decodeMessage, encodeMessage } from '../../../src/agent/checks/dns/codec.js';
import { RCODES, type DnsMessage, type DnsRecord, type RcodeName } from '../../../src/agent/checks/dns/message.js';

/** What the loopback DNS server does with one query; the test decides per query. */
export interface DnsTestReply {
  rcode?: RcodeName | number;
  answers?: DnsRecord[];
  authorities?: DnsRecord[];
  /** Over UDP, answer with TC set and no records, so a client must ask again over TCP. */
  truncateOverUdp?: boolean;
  /** Send nothing (the client times out). */
  silent?: boolean;
  /** Send these bytes instead of an encoded answer (malformed answers); given the query's id. */
  raw?: (queryId: number) => Buffer;
  /** First send a forged answer that a client must ignore: another id, or another question. */
  decoy?: { kind: 'wrong-id' | 'wrong-question'; answers: DnsRecord[] };
}

export interface ReceivedQuery {
  transport: 'udp' | 'tcp';
  message: DnsMessage;
  bytes: Buffer;
}

export type DnsTestHandler = (query: ReceivedQuery) => DnsTestReply;

export interface DnsTestServer {
  port: number;
  /** `127.0.0.1:port`, as a task names a server. */
  address: string;
  received: ReceivedQuery[];
  close(): Promise<void>;
}

function answerTo(query: DnsMessage, reply: DnsTestReply, overUdp: boolean): DnsMessage {
  const truncated = overUdp && reply.truncateOverUdp === true;
  const rcode = typeof reply.rcode === 'string' ? RCODES[reply.rcode] : (reply.rcode ?? RCODES.NOERROR);
  return {
    id: query.id,
    flags: { qr: true, opcode: 0, aa: false, tc: truncated, rd: query.flags.rd, ra: true, rcode },
    questions: query.questions,
    answers: truncated ? [] : (reply.answers ?? []),
    authorities: truncated ? [] : (reply.authorities ?? []),
    additionals: [],
  };
}

function decoyOf(query: DnsMessage, decoy: NonNullable<DnsTestReply['decoy']>): Buffer {
  const genuine = answerTo(query, { answers: decoy.answers }, false);
  if (decoy.kind === 'wrong-id') return encodeMessage({ ...genuine, id: (query.id + 1) & 0xffff });
  const questions = query.questions.map((question) => ({ ...question, name: `forged.${question.name}` }));
  return encodeMessage({ ...genuine, questions });
}

/** The datagrams or segments to send back for one query, in order. */
function packetsFor(query: DnsMessage, reply: DnsTestReply, overUdp: boolean): Buffer[] {
  if (reply.silent) return [];
  const packets = reply.decoy ? [decoyOf(query, reply.decoy)] : [];
  packets.push(reply.raw ? reply.raw(query.id) : encodeMessage(answerTo(query, reply, overUdp)));
  return packets;
}

function serveTcpConnection(socket: Socket, respond: (bytes: Buffer) => Buffer[]): void {
  let pending = Buffer.alloc(0);
  socket.on('error', () => undefined);
  socket.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 2 && pending.length >= 2 + pending.readUInt16BE(0)) {
      const length = pending.readUInt16BE(0);
      const query = pending.subarray(2, 2 + length);
      pending = pending.subarray(2 + length);
      for (const packet of respond(query)) {
        const prefix = Buffer.alloc(2);
        prefix.writeUInt16BE(packet.length);
        socket.write(Buffer.concat([prefix, packet]));
      }
    }
  });
}

async function listenTcpOn(port: number, onConnection: (socket: Socket) => void): Promise<Server | null> {
  const server = createServer(onConnection);
  try {
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    return server;
  } catch {
    server.close();
    return null;
  }
}

/** Binds UDP on a free loopback port and TCP on the same port number (retrying if TCP's is taken). */
async function bindBoth(onConnection: (socket: Socket) => void): Promise<{ udp: UdpSocket; tcp: Server }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const udp = createSocket('udp4');
    udp.bind(0, '127.0.0.1');
    await once(udp, 'listening');
    const tcp = await listenTcpOn(udp.address().port, onConnection);
    if (tcp) return { udp, tcp };
    udp.close();
  }
  throw new Error('no loopback port free for both UDP and TCP');
}

/** A DNS server on 127.0.0.1 (UDP and TCP, one port) answering whatever `handler` chooses. */
export async function startDnsServer(handler: DnsTestHandler): Promise<DnsTestServer> {
  const received: ReceivedQuery[] = [];
  const respond = (bytes: Buffer, transport: 'udp' | 'tcp'): Buffer[] => {
    const query: ReceivedQuery = { transport, message: decodeMessage(bytes), bytes: Buffer.from(bytes) };
    received.push(query);
    return packetsFor(query.message, handler(query), transport === 'udp');
  };
  const connections = new Set<Socket>();
  const { udp, tcp } = await bindBoth((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    serveTcpConnection(socket, (bytes) => respond(bytes, 'tcp'));
  });
  udp.on('message', (bytes, peer) => {
    for (const packet of respond(bytes, 'udp')) udp.send(packet, peer.port, peer.address);
  });
  const port = udp.address().port;
  return {
    port,
    address: `127.0.0.1:${port}`,
    received,
    async close() {
      tcp.close();
      for (const socket of connections) socket.destroy();
      udp.close();
      await once(tcp, 'close');
    },
  };
}

/** The bytes of a hex fixture under tests/agent/fixtures/dns (`#` lines are notes). */
export function readHexFixture(file: string): Buffer {
  const text = readFileSync(new URL(`../fixtures/dns/${file}`, import.meta.url), 'utf8');
  const hex = text
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .join('')
    .replace(/\s+/g, '');
  return Buffer.from(hex, 'hex');
}

/** A fixture's bytes carrying another message id (so it answers a live query). */
export function withId(bytes: Buffer, id: number): Buffer {
  const copy = Buffer.from(bytes);
  copy.writeUInt16BE(id, 0);
  return copy;
}
