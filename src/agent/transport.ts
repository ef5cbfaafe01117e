import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { API_BASE, CALLS, type Calls, type agentCalls, type agentMtrCalls, type agentWorkCalls } from '../shared/calls/index.js';
import type { CallAnswer, CallBody } from '../shared/calls/define.js';
import { backoffDelay, type BackoffPolicy, DEFAULT_BACKOFF, sleep } from './backoff.js';
import type { AgentLogger } from './log.js';
import { createServerClient, type ServerAnswer, type ServerClient } from './server-client.js';

/**
 * The agent's calls to the server, typed by the shared call table: the body is validated with the
 * call's schema before it leaves, the answer parsed with its schema, the node key travels as a
 * Bearer token. Network errors and 5xx are retried with backoff; a refused key is final.
 */

/** The calls an agent makes (access 'agent' in the call table). */
export type AgentCallId = keyof typeof agentCalls | keyof typeof agentWorkCalls | keyof typeof agentMtrCalls;

export type TransportErrorKind =
  /** No answer: connection refused, reset, DNS, or the call's timeout. */
  | 'network'
  /** The server answered 5xx. */
  | 'server'
  /** The server refused the call (4xx other than 401): retrying the same call will not help. */
  | 'rejected'
  /** The body did not pass the call's own schema; nothing was sent. */
  | 'invalid_body'
  /** The answer did not match the call's answer schema. */
  | 'invalid_answer'
  /** The agent is stopping. */
  | 'aborted';

export class TransportError extends Error {
  constructor(
    readonly kind: TransportErrorKind,
    message: string,
    readonly status?: number,
    readonly code?: number | string,
  ) {
    super(message);
    this.name = 'TransportError';
  }

  /** Worth trying again later. */
  get retryable(): boolean {
    return this.kind === 'network' || this.kind === 'server';
  }
}

/** The server does not know this node key (401): the agent cannot do anything until it gets a new one. */
export class KeyRefusedError extends Error {
  constructor(readonly code?: number | string) {
    super('the server refused the node key (401): ask the operator for a new key (npm run node-key)');
    this.name = 'KeyRefusedError';
  }
}

export interface TransportOptions {
  serverUrl: string;
  key: string;
  /** Per attempt, unless a call says otherwise. */
  timeoutMs?: number;
  /** Aborts every call in flight (agent stopping). */
  signal?: AbortSignal;
  backoff?: BackoffPolicy;
  /** The HTTP client underneath (one kept-alive pool per transport by default). */
  client?: ServerClient;
  /**
   * Each attempt's outcome with the x-request-id it was sent with (the server logs the same id):
   * successes at debug, failures at warn.
   */
  logger?: AgentLogger;
}

/** Sent with every attempt; the server logs its lines of that request under the same id. */
export const REQUEST_ID_HEADER = 'x-request-id';

export interface CallOptions {
  /** Attempts in all for network errors and 5xx (1: no retry). */
  attempts?: number;
  timeoutMs?: number;
  /**
   * The caller answers for the body's shape, so it is sent without the schema check (which costs
   * more than the call itself for a batch of results); the server still validates it.
   */
  bodyChecked?: boolean;
}

export interface Transport {
  call<K extends AgentCallId>(id: K, body: CallBody<Calls[K]>, options?: CallOptions): Promise<CallAnswer<Calls[K]>>;
  /** Lets go of kept-alive connections. */
  close(): void;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_ATTEMPTS = 4;

interface EnvelopeLike {
  status?: unknown;
  code?: number | string;
  data?: unknown;
}

function readEnvelope(answer: ServerAnswer): EnvelopeLike | null {
  try {
    return JSON.parse(answer.text) as EnvelopeLike;
  } catch {
    return null;
  }
}

function failureOf(error: unknown, stopping: boolean): Error {
  if (error instanceof TransportError || error instanceof KeyRefusedError) return error;
  if (stopping) return new TransportError('aborted', 'agent stopping');
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  const text = error instanceof Error ? error.message : String(error);
  return new TransportError('network', cause ? `${text} (${cause})` : text);
}

function failureFields(failure: Error): Record<string, unknown> {
  if (failure instanceof TransportError) return { kind: failure.kind, status: failure.status, code: failure.code, message: failure.message };
  if (failure instanceof KeyRefusedError) return { kind: 'key_refused', status: 401, code: failure.code };
  return { message: failure.message };
}

function checkedBody(id: AgentCallId, body: unknown): unknown {
  const checked = (CALLS[id].body as z.ZodType).safeParse(body);
  if (!checked.success) throw new TransportError('invalid_body', `${id}: ${checked.error.message}`.slice(0, 500));
  return checked.data ?? {};
}

export function createTransport(options: TransportOptions): Transport {
  const ownClient = options.client ? undefined : createServerClient();
  const send = options.client ?? (ownClient as ServerClient);
  const base = `${options.serverUrl.replace(/\/+$/, '')}${API_BASE}`;
  const headers = { authorization: `Bearer ${options.key}`, 'content-type': 'application/json' };

  async function attempt(id: AgentCallId, payload: string, timeoutMs: number): Promise<unknown> {
    const requestId = randomUUID();
    const started = performance.now();
    try {
      const answer = await exchange(id, payload, timeoutMs, requestId);
      options.logger?.debug('call', { call: id, requestId, ms: Math.round(performance.now() - started) });
      return answer;
    } catch (error) {
      const failure = failureOf(error, options.signal?.aborted === true);
      const stopping = failure instanceof TransportError && failure.kind === 'aborted';
      options.logger?.[stopping ? 'debug' : 'warn']('call_failed', { call: id, requestId, ms: Math.round(performance.now() - started), ...failureFields(failure) });
      throw failure;
    }
  }

  async function exchange(id: AgentCallId, payload: string, timeoutMs: number, requestId: string): Promise<unknown> {
    const call = CALLS[id];
    const request = { method: call.method, url: `${base}${call.path}`, headers: { ...headers, [REQUEST_ID_HEADER]: requestId }, body: payload, timeoutMs };
    const response = await send({ ...request, ...(options.signal ? { signal: options.signal } : {}) });
    const envelope = readEnvelope(response);
    if (response.status === 401) throw new KeyRefusedError(envelope?.code);
    if (response.status >= 500) throw new TransportError('server', `${id}: HTTP ${response.status}`, response.status, envelope?.code);
    if (response.status < 200 || response.status > 299 || envelope?.status !== true) {
      throw new TransportError('rejected', `${id}: HTTP ${response.status} code ${String(envelope?.code)}`, response.status, envelope?.code);
    }
    const parsed = (call.answer as z.ZodType).safeParse(envelope.data);
    if (!parsed.success) throw new TransportError('invalid_answer', `${id}: ${parsed.error.message}`.slice(0, 500), response.status);
    return parsed.data;
  }

  return {
    close: () => ownClient?.close(),
    async call(id, body, callOptions = {}) {
      const payload = JSON.stringify(callOptions.bodyChecked ? body : checkedBody(id, body));
      const attempts = Math.max(1, callOptions.attempts ?? DEFAULT_ATTEMPTS);
      const timeoutMs = callOptions.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      for (let index = 0; ; index += 1) {
        try {
          return (await attempt(id, payload, timeoutMs)) as never;
        } catch (error) {
          const retry = error instanceof TransportError && error.retryable && index + 1 < attempts;
          if (!retry) throw error;
          await sleep(backoffDelay(index, options.backoff ?? DEFAULT_BACKOFF), options.signal);
          if (options.signal?.aborted) throw new TransportError('aborted', 'agent stopping');
        }
      }
    },
  };
}
