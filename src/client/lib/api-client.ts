// The call table without schemas (paths.ts, call-routes.ts): zod and the schemas stay out of the
// first screen and load with the screens whose forms validate with them.
import type { CallAnswer, CallBody, CallDefinition, CallId, Calls, FieldError } from '../../shared/index.js';
import { CALL_ROUTES } from '../../shared/calls/call-routes.js';
import { API_BASE, callUrlPath, type CallRoute } from '../../shared/calls/paths.js';
import { LIMITS } from '../../shared/constants.js';
import { emitApiEvent } from './api-events.js';
import { ApiError, sessionEndOf, type ApiFailure } from './api-failure.js';
import { inFlight } from './in-flight.js';
import { isUnreachableFailure, noteCallOutcome } from './offline/connection.js';
import { getToken } from './session-storage.js';

/** Where the server's API answers (`/api`, or the development override). */
export const apiBase: string = import.meta.env.VITE_API_BASE ?? API_BASE;

/** The envelope as read from the wire, tolerant of missing fields (a missing code means "system busy"). */
interface WireEnvelope {
  status: boolean;
  code: number | string | null;
  message: string;
  data: unknown;
}

export interface RequestOptions {
  signal?: AbortSignal | undefined;
  /**
   * Catalogue codes the calling screen explains in place (a not-found state, a field message), so
   * the corner notice would only repeat it. Every other failure still notifies.
   */
  explains?: readonly number[] | undefined;
  /** The calling screen says in place that the server cannot be reached (sign-in, which has no banner). */
  explainsUnreachable?: boolean | undefined;
}

type Routes = typeof CALL_ROUTES;
/** The calls the console makes (public and session ones). */
export type ConsoleCallId = keyof Routes;
/** The calls that take a file (multipart): `upload` makes them. */
export type UploadCallId = { [Id in ConsoleCallId]: Routes[Id] extends { upload: object } ? Id : never }[ConsoleCallId];
/** The calls that answer a file: `downloadFile` saves it. */
export type FileCallId = { [Id in ConsoleCallId]: Routes[Id] extends { answersFile: true } ? Id : never }[ConsoleCallId];
/** The calls that answer an envelope: `request` makes them. */
export type EnvelopeCallId = Exclude<ConsoleCallId, UploadCallId | FileCallId>;

/** What goes on the wire besides method, token and signal. */
export type Payload = { kind: 'json'; body: unknown } | { kind: 'form'; form: FormData };

function buildInit(call: CallRoute, payload: Payload, token: string | null, signal: AbortSignal): RequestInit {
  const headers: Record<string, string> = { Accept: call.answersFile ? '*/*' : 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method: call.method, headers, signal };
  if (payload.kind === 'form') {
    // The browser writes the multipart Content-Type with its boundary.
    init.body = payload.form;
  } else if (call.method === 'POST' || call.method === 'PUT') {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(payload.body ?? {});
  }
  return init;
}

function asEnvelope(json: unknown): WireEnvelope | null {
  if (typeof json !== 'object' || json === null) return null;
  const record = json as Record<string, unknown>;
  if (typeof record.status !== 'boolean') return null;
  const code = typeof record.code === 'number' || typeof record.code === 'string' ? record.code : null;
  const message = typeof record.message === 'string' ? record.message : '';
  return { status: record.status, code, message, data: record.data };
}

export async function readEnvelope(response: Response): Promise<WireEnvelope | null> {
  try {
    return asEnvelope(JSON.parse(await response.text()));
  } catch {
    return null;
  }
}

const isParamValue = (value: unknown) => typeof value === 'string' || typeof value === 'number';

function isFieldError(value: unknown): value is FieldError {
  if (typeof value !== 'object' || value === null) return false;
  const { field, code, params } = value as Record<string, unknown>;
  const paramsOk = params === undefined || (typeof params === 'object' && params !== null && Object.values(params).every(isParamValue));
  return typeof field === 'string' && Number.isInteger(code) && paramsOk;
}

/** The field errors of a 1001 answer (FieldError of the envelope), or none when they are not that shape. */
function innerErrorsOf(data: unknown): FieldError[] {
  const errors = (data as { errors?: unknown } | null | undefined)?.errors;
  return Array.isArray(errors) && errors.every(isFieldError) ? errors : [];
}

function failureOf(response: Response, envelope: WireEnvelope | null): ApiFailure {
  if (!envelope) return { kind: 'http', httpStatus: response.status };
  const errors = innerErrorsOf(envelope.data);
  return { kind: 'envelope', code: envelope.code, message: envelope.message, errors, httpStatus: response.status };
}


/** Envelope errors always notify (§8); bare HTTP errors above 400 too, except for silent calls and the profile call. */
function shouldNotify(callId: CallId, call: CallRoute, failure: ApiFailure): boolean {
  if (failure.kind === 'envelope') return true;
  if (call.silent) return false;
  if (failure.kind === 'http') return failure.httpStatus > 400 && callId !== 'profile';
  return true;
}

function explainedByScreen(failure: ApiFailure, options: RequestOptions): boolean {
  if (options.explainsUnreachable === true && isUnreachableFailure(failure)) return true;
  return failure.kind === 'envelope' && options.explains !== undefined && options.explains.includes(Number(failure.code));
}

function fail(callId: CallId, call: CallRoute, failure: ApiFailure, options: RequestOptions): ApiError {
  if (shouldNotify(callId, call, failure) && !explainedByScreen(failure, options)) emitApiEvent({ type: 'failure', callId, failure });
  return new ApiError(callId, failure);
}

/** A contract drift should be visible to developers, not break the screen: checked in development only. */
async function warnOnContractDrift(callId: CallId, data: unknown): Promise<void> {
  const { CALLS } = await import('../../shared/index.js');
  const call: CallDefinition = CALLS[callId];
  const parsed = call.answer.safeParse(data);
  if (!parsed.success) console.warn(`Answer of ${callId} does not match the contract`, parsed.error.issues);
}

/** One call being made (api-files.ts makes the file calls with the same steps). */
export interface Sending {
  callId: CallId;
  call: CallRoute;
  /** The body's fields fill the path's `{name}` segments. */
  body: unknown;
  payload: Payload;
  options: RequestOptions;
}

interface Answered {
  response: Response;
  token: string | null;
}

export async function send({ callId, call, body, payload, options }: Sending): Promise<Answered> {
  const token = getToken();
  const timeout = AbortSignal.timeout(LIMITS.requestTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await fetch(`${apiBase}${callUrlPath(call.path, body)}`, buildInit(call, payload, token, signal));
    return { response, token };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw fail(callId, call, timeout.aborted ? { kind: 'timeout' } : { kind: 'network' }, options);
  }
}

/** The refusal of an answer that is not the success the call expects; a 401, 2005 or 2006 ends the session instead of notifying. */
export function refusal(sending: Sending, { response, token }: Answered, envelope: WireEnvelope | null): ApiError {
  // Given up by its caller while the answer was read (a session's end cancels every query): the
  // unread answer is no HTTP error to tell, as a call given up before its answer is none (send).
  sending.options.signal?.throwIfAborted();
  const failure = failureOf(response, envelope);
  const ended = sessionEndOf(failure);
  if (token && ended) {
    emitApiEvent({ type: 'unauthorized', token, ...ended });
    return new ApiError(sending.callId, failure);
  }
  return fail(sending.callId, sending.call, failure, sending.options);
}

export async function envelopeDataOf(sending: Sending): Promise<unknown> {
  const answered = await send(sending);
  const envelope = await readEnvelope(answered.response);
  if (answered.response.ok && envelope?.status === true) {
    if (import.meta.env.DEV) void warnOnContractDrift(sending.callId, envelope.data);
    return envelope.data;
  }
  throw refusal(sending, answered, envelope);
}

/**
 * The progress bar (unless the call is silent) while the work runs; its outcome tells the
 * connection whether the server is there, after the failure's notice went out (the first failure
 * of an outage is told; the banner tells the rest).
 */
export async function tracked<T>(call: CallRoute, work: () => Promise<T>): Promise<T> {
  const showsProgress = call.silent !== true;
  if (showsProgress) inFlight.begin();
  try {
    const answer = await work();
    noteCallOutcome(null);
    return answer;
  } catch (error) {
    noteCallOutcome(error);
    throw error;
  } finally {
    if (showsProgress) inFlight.end();
  }
}

/** Makes one call of the call table: `${API_BASE}${path}`, JSON body, bearer token, 610 s timeout. */
export function request<Id extends EnvelopeCallId>(
  callId: Id,
  body?: CallBody<Calls[Id]>,
  options: RequestOptions = {},
): Promise<CallAnswer<Calls[Id]>> {
  const call: CallRoute = CALL_ROUTES[callId];
  const sending: Sending = { callId, call, body, payload: { kind: 'json', body }, options };
  return tracked(call, () => envelopeDataOf(sending) as Promise<CallAnswer<Calls[Id]>>);
}
