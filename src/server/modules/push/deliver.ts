import { request, type Agent } from 'node:https';
import type { LookupFunction } from 'node:net';
import { EndpointAddressError, literalHostRefused } from './address-guard.js';

/** One POST of an encrypted message to a push service (RFC 8030), and what its answer means for us. */

export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushRequest {
  endpoint: string;
  body: Buffer;
  /** `vapid t=…, k=…` */
  authorization: string;
  /** How long the push service may keep the message for a device that is offline. */
  ttlSeconds: number;
  urgency: Urgency;
}

export type DeliveryOutcome =
  | { kind: 'delivered'; status: number }
  /** The subscription expired or was withdrawn (404/410): forget it. */
  | { kind: 'gone'; status: number }
  /** Worth one more try later: overload (429), a server error or a network failure. */
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  | { kind: 'failed'; reason: string };

export interface Transport {
  agent: Agent;
  lookup: LookupFunction;
  allowPrivate: boolean;
  timeoutMs: number;
}

const MAX_RETRY_AFTER_MS = 60_000;

function retryAfterMs(header: string | string[] | undefined, nowMs: number): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - nowMs;
  return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0), MAX_RETRY_AFTER_MS) : undefined;
}

function outcomeOfStatus(status: number, retryAfter: string | string[] | undefined): DeliveryOutcome {
  if (status >= 200 && status < 300) return { kind: 'delivered', status };
  if (status === 404 || status === 410) return { kind: 'gone', status };
  if (status === 429 || status >= 500) {
    const wait = retryAfterMs(retryAfter, Date.now());
    return { kind: 'retry', reason: `HTTP ${status}`, ...(wait === undefined ? {} : { retryAfterMs: wait }) };
  }
  return { kind: 'failed', reason: `HTTP ${status}` };
}

function outcomeOfError(error: Error): DeliveryOutcome {
  if (error instanceof EndpointAddressError) return { kind: 'failed', reason: 'endpoint address not allowed' };
  const code = (error as NodeJS.ErrnoException).code;
  return { kind: 'retry', reason: code ?? error.message };
}

export function deliverPush(transport: Transport, push: PushRequest): Promise<DeliveryOutcome> {
  const url = new URL(push.endpoint);
  if (!transport.allowPrivate && literalHostRefused(url.hostname)) {
    return Promise.resolve({ kind: 'failed', reason: 'endpoint address not allowed' });
  }
  return new Promise((resolve) => {
    const outgoing = request(url, {
      method: 'POST',
      agent: transport.agent,
      lookup: transport.lookup,
      headers: {
        Authorization: push.authorization,
        TTL: String(push.ttlSeconds),
        Urgency: push.urgency,
        'Content-Encoding': 'aes128gcm',
        'Content-Type': 'application/octet-stream',
        'Content-Length': String(push.body.length),
      },
    });
    outgoing.setTimeout(transport.timeoutMs, () => outgoing.destroy(Object.assign(new Error('push service did not answer in time'), { code: 'ETIMEDOUT' })));
    outgoing.on('response', (response) => {
      const outcome = outcomeOfStatus(response.statusCode ?? 0, response.headers['retry-after']);
      response.resume();
      response.on('end', () => resolve(outcome));
      response.on('error', () => resolve(outcome));
    });
    outgoing.on('error', (error) => resolve(outcomeOfError(error)));
    outgoing.end(push.body);
  });
}
