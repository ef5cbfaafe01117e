import type { Socket } from 'node:net';
import type { Failure } from '../../../shared/probe/results.js';
import { type Budget, clockNow, msBetween, settleWithin } from '../clock.js';
import { errnoOf } from '../../../node-shared/socket-errors.js';
import { type DirectReader, failureOfSocketError } from '../tcp/connect.js';
import { ResponseParser } from './response-parser.js';

export const USER_AGENT = 'Vigil-Probe/1';

export interface ResponseRead {
  statusCode: number | null;
  location: string | null;
  /** From the request being written to the first response byte. */
  ttfbMs: number | null;
  /** Body bytes read, at most the cap: reading stops there and the rest is never downloaded. */
  bodyBytes: number;
  endedAt: bigint;
  failure: Failure | null;
}

/** A reply that is not HTTP is the target's fault, not the probe's. */
function failureOfResponseError(error: unknown): Failure {
  const errno = errnoOf(error);
  if (errno?.startsWith('HPE_')) return { source: 'target', code: 'http_status', detail: errno };
  return failureOfSocketError(error);
}

const withCode = (message: string, code: string): Error => Object.assign(new Error(message), { code });

function requestText(url: URL, method: 'GET' | 'HEAD'): string {
  return `${method} ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nUser-Agent: ${USER_AGENT}\r\nAccept: */*\r\nConnection: close\r\n\r\n`;
}

/**
 * Reads the answer off the socket with our own parser. The first byte is stamped the moment its
 * chunk reaches JavaScript, and the check's follow-up work waits for the next turn (setImmediate):
 * when many answers arrive together, every one is stamped before any result is built, so a busy
 * moment does not add one check's processing to the next one's time to first byte.
 */
function readResponse(socket: Socket, reader: DirectReader | undefined, parser: ResponseParser, read: { ttfbMs: number | null }, writtenAt: () => bigint): Promise<bigint> {
  return new Promise<bigint>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: bigint | Error): void => {
      if (settled) return;
      settled = true;
      setImmediate(() => (typeof outcome === 'bigint' ? resolve(outcome) : reject(outcome)));
    };
    const onData = (chunk: Buffer): void => {
      const now = clockNow();
      read.ttfbMs ??= msBetween(writtenAt(), now);
      parser.feed(chunk);
      if (parser.error) settle(withCode(`the answer is not HTTP (${parser.error})`, parser.error));
      else if (parser.done) settle(now);
    };
    if (reader) reader.onData = onData;
    else socket.on('data', onData);
    const closed = (): void => settle(parser.endsAtClose ? clockNow() : withCode('connection closed mid-response', 'ECONNRESET'));
    socket.once('end', closed);
    socket.once('close', closed);
    socket.once('error', (error) => settle(error));
  });
}

/**
 * Sends one HTTP/1.1 request over a connected (and, for HTTPS, already secured) socket and reads
 * the answer, timing the first byte on the socket itself. The socket is destroyed afterwards.
 * `reader`: the plain socket was opened with it (connectTcp), and its reads come through it.
 */
export async function exchange(socket: Socket, url: URL, method: 'GET' | 'HEAD', budget: Budget, maxBodyBytes: number, reader?: DirectReader): Promise<ResponseRead> {
  const parser = new ResponseParser(method, maxBodyBytes);
  const read = { ttfbMs: null as number | null };
  let writtenAt = clockNow();
  const done = readResponse(socket, reader, parser, read, () => writtenAt);
  writtenAt = clockNow();
  socket.write(requestText(url, method));
  const outcome = await settleWithin(done, budget, failureOfResponseError, () => socket.destroy());
  socket.destroy();
  return {
    statusCode: parser.statusCode,
    location: parser.location,
    ttfbMs: read.ttfbMs,
    bodyBytes: parser.bodyBytes,
    endedAt: outcome.ok ? outcome.value : clockNow(),
    failure: outcome.ok ? null : outcome.failure,
  };
}
