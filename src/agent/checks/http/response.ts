import type { Socket } from 'node:net';
import { request } from 'node:http';
import type { Failure } from '../../../shared/probe/results.js';
import { type Budget, clockNow, msBetween, settleWithin } from '../clock.js';
import { errnoOf, failureOfSocketError } from '../tcp/connect.js';

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

const connectionLost = (): Error => Object.assign(new Error('connection closed mid-response'), { code: 'ECONNRESET' });

/**
 * Sends one HTTP/1.1 request over a connected (and, for HTTPS, already secured) socket and reads
 * the answer, timing the first byte on the socket itself. The socket is destroyed afterwards.
 */
export async function exchange(socket: Socket, url: URL, method: 'GET' | 'HEAD', budget: Budget, maxBodyBytes: number): Promise<ResponseRead> {
  const read = { statusCode: null as number | null, location: null as string | null, ttfbMs: null as number | null, bodyBytes: 0 };
  let writtenAt = clockNow();
  socket.once('data', () => {
    read.ttfbMs = msBetween(writtenAt, clockNow());
  });
  const done = new Promise<bigint>((resolve, reject) => {
    const req = request({
      method,
      path: `${url.pathname}${url.search}`,
      setHost: false,
      headers: { Host: url.host, 'User-Agent': USER_AGENT, Accept: '*/*', Connection: 'close' },
      createConnection: () => socket,
    });
    req.on('error', reject);
    req.on('response', (res) => {
      read.statusCode = res.statusCode ?? null;
      read.location = res.headers.location ?? null;
      if (maxBodyBytes === 0) return resolve(clockNow());
      res.on('data', (chunk: Buffer) => {
        read.bodyBytes = Math.min(maxBodyBytes, read.bodyBytes + chunk.length);
        if (read.bodyBytes >= maxBodyBytes) resolve(clockNow());
      });
      res.on('end', () => resolve(clockNow()));
      res.on('error', reject);
      res.on('close', () => (res.complete ? resolve(clockNow()) : reject(connectionLost())));
    });
    writtenAt = clockNow();
    req.end();
  });
  const outcome = await settleWithin(done, budget, failureOfResponseError, () => socket.destroy());
  socket.destroy();
  return { ...read, endedAt: outcome.ok ? outcome.value : clockNow(), failure: outcome.ok ? null : outcome.failure };
}
