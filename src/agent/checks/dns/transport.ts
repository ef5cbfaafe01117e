import { createSocket } from 'node:dgram';
import { connect, isIP } from 'node:net';
import { errnoOf, type NetworkFailureKind, networkFailureOfErrno } from '../../../node-shared/socket-errors.js';
import type { ServerAddress } from './addresses.js';
import { decodeMessage, messageIdOf } from './codec.js';
import type { DnsMessage } from './message.js';

export type ExchangeOutcome =
  | { kind: 'answer'; message: DnsMessage }
  | { kind: 'malformed'; detail: string }
  | { kind: 'timeout' }
  | { kind: 'aborted' }
  | { kind: 'error'; code: NetworkFailureKind | 'error'; detail: string };

export interface Exchange {
  server: ServerAddress;
  id: number;
  query: Buffer;
  /** Whether a decoded message answers our question (response bit, same question). */
  isReplyTo(message: DnsMessage): boolean;
  timeoutMs: number;
  signal?: AbortSignal;
}

function errorOutcome(error: NodeJS.ErrnoException): ExchangeOutcome {
  const errno = errnoOf(error);
  return { kind: 'error', code: networkFailureOfErrno(errno) ?? 'error', detail: errno ?? 'error' };
}

/**
 * Judges one received message: null means "not ours, keep waiting" (another id or question, as
 * RFC 5452 asks); a message with our id that cannot be decoded is the server's malformed answer.
 */
function judgeReply(bytes: Buffer, exchange: Exchange): ExchangeOutcome | null {
  if (messageIdOf(bytes) !== exchange.id) return null;
  let message: DnsMessage;
  try {
    message = decodeMessage(bytes);
  } catch (error) {
    return { kind: 'malformed', detail: (error as Error).message };
  }
  return exchange.isReplyTo(message) ? { kind: 'answer', message } : null;
}

/** Runs `start` with a finish callback that settles once, after the timer, abort listener and `cleanup` are undone. */
function settleOnce(
  exchange: Exchange,
  start: (finish: (outcome: ExchangeOutcome) => void) => () => void,
): Promise<ExchangeOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    let cleanup = (): void => undefined;
    const onAbort = (): void => finish({ kind: 'aborted' });
    const timer = setTimeout(() => finish({ kind: 'timeout' }), exchange.timeoutMs);
    function finish(outcome: ExchangeOutcome): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      exchange.signal?.removeEventListener('abort', onAbort);
      cleanup();
      resolve(outcome);
    }
    exchange.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      cleanup = start(finish);
    } catch (error) {
      // An address or port a socket refuses at once is that server's failure, reported like any other.
      finish(errorOutcome(error as NodeJS.ErrnoException));
      return;
    }
    if (exchange.signal?.aborted) finish({ kind: 'aborted' });
  });
}

/** One UDP query on a connected socket (so the kernel drops datagrams from any other address). */
export function exchangeOverUdp(exchange: Exchange): Promise<ExchangeOutcome> {
  return settleOnce(exchange, (finish) => {
    const { host, port } = exchange.server;
    const socket = createSocket(isIP(host) === 6 ? 'udp6' : 'udp4');
    socket.on('error', (error) => finish(errorOutcome(error)));
    socket.on('message', (bytes) => {
      const outcome = judgeReply(bytes, exchange);
      if (outcome) finish(outcome);
    });
    // A connect that fails (no route: ENETUNREACH, EADDRNOTAVAIL) reaches only this callback; a
    // send on the unconnected socket would then throw ERR_SOCKET_BAD_PORT outside any check.
    socket.connect(port, host, (error?: Error) => {
      if (error) return finish(errorOutcome(error));
      socket.send(exchange.query, (sendError) => {
        if (sendError) finish(errorOutcome(sendError));
      });
    });
    return () => {
      socket.removeAllListeners('message');
      socket.on('error', () => undefined);
      try {
        socket.close();
      } catch {
        // Already closed by a failed connect: nothing left to release.
      }
    };
  });
}

/** One TCP query: two-byte length prefix each way (RFC 1035 §4.2.2). */
export function exchangeOverTcp(exchange: Exchange): Promise<ExchangeOutcome> {
  return settleOnce(exchange, (finish) => {
    const socket = connect({ host: exchange.server.host, port: exchange.server.port, noDelay: true });
    let received = Buffer.alloc(0);
    socket.on('connect', () => {
      const prefix = Buffer.alloc(2);
      prefix.writeUInt16BE(exchange.query.length);
      socket.write(Buffer.concat([prefix, exchange.query]));
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 2) return;
      const length = received.readUInt16BE(0);
      if (received.length < 2 + length) return;
      const outcome = judgeReply(received.subarray(2, 2 + length), exchange);
      finish(outcome ?? { kind: 'malformed', detail: 'TCP answer to another query' });
    });
    socket.on('error', (error) => finish(errorOutcome(error)));
    socket.on('close', () => finish({ kind: 'error', code: 'reset', detail: 'connection closed before a full answer' }));
    return () => {
      socket.removeAllListeners('data');
      socket.on('error', () => undefined);
      socket.destroy();
    };
  });
}
