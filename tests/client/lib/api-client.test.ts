import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isNotFound } from '../../../src/client/features/detail/components/states.js';
import { request } from '../../../src/client/lib/api-client.js';
import { onApiEvent, type ApiEvent } from '../../../src/client/lib/api-events.js';
import { ApiError } from '../../../src/client/lib/api-failure.js';
import { API_BASE, errorName, httpStatusOf, type ErrorCode } from '../../../src/shared/index.js';

/*
 * The client room has neither node:* modules nor Node's types, so the server's side of the wire is
 * the one thing stood in for: `fetch` answers with real Responses carrying the envelopes the server
 * sends (codes, names and HTTP statuses from the shared catalogue). Everything after the socket —
 * URL, body, envelope reading, the notification event, the thrown ApiError — is the real client.
 */

/** What the server answers on a path: a status and a body as it goes on the wire. */
interface Answer {
  status: number;
  body: string;
}

const refusal = (code: ErrorCode, wireCode: number | string = code): Answer => ({
  status: httpStatusOf(code),
  body: JSON.stringify({ status: false, code: wireCode, name: errorName(code), message: errorName(code), data: null }),
});

const success = (data: unknown): Answer => ({ status: 200, body: JSON.stringify({ status: true, code: 0, name: 'OK', message: 'OK', data }) });

const answers = new Map<string, Answer>();
/** Every request the client made, with its body. */
const received: { url: string; method: string; body: unknown }[] = [];
/** Every event the client told the app layer (a 'failure' event is the corner notification). */
const events: ApiEvent[] = [];

/** A path whose answer's head arrives and whose body never does: reading it ends only when the caller gives up. */
const HANGING = `${API_BASE}/domain/overview`;

/** A refusal's head with a body that fails when the request's signal aborts, as a browser's does. */
function hangingBody(status: number, signal: AbortSignal | null | undefined): Response {
  const body = new ReadableStream({
    start(controller) {
      signal?.addEventListener('abort', () => controller.error(signal.reason));
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'application/json' } });
}

async function server(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  received.push({ url, method: init?.method ?? 'GET', body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
  if (url === HANGING) return hangingBody(403, init?.signal);
  const answer = answers.get(url) ?? { status: 500, body: 'no answer set up' };
  return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json' } });
}

let stopListening: () => void;

beforeAll(() => {
  vi.stubGlobal('fetch', server);
  stopListening = onApiEvent((event) => events.push(event));
});

afterAll(() => {
  stopListening();
  vi.unstubAllGlobals();
});

beforeEach(() => {
  answers.clear();
  received.length = 0;
  events.length = 0;
});

/** The call's failure, as the screen receives it. */
async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const INFO = `${API_BASE}/domain/info`;
const DELETE = `${API_BASE}/domain/delete`;

describe('a code the screen explains itself (explains)', () => {
  it('raises no notification, and the screen still gets the refusal to show its own state', async () => {
    answers.set(INFO, refusal(2127));
    const error = await failureOf(request('domainInfo', { id: 404 }, { explains: [2127] }));
    expect(events).toEqual([]);
    expect(error.callId).toBe('domainInfo');
    expect(error.failure).toMatchObject({ kind: 'envelope', code: 2127, httpStatus: 404 });
    // The detail screen's own check: it shows "not found" instead of a notice.
    expect(isNotFound(error)).toBe(true);
    expect(received).toEqual([{ url: INFO, method: 'POST', body: { id: 404 } }]);
  });

  it('counts a code sent as text the same as a number', async () => {
    answers.set(INFO, refusal(2127, '2127'));
    const error = await failureOf(request('domainInfo', { id: 404 }, { explains: [2127] }));
    expect(events).toEqual([]);
    expect(isNotFound(error)).toBe(true);
  });

  it('changes nothing for an answer that succeeds', async () => {
    answers.set(DELETE, success({ deleted: 2, returnedPoints: 24 }));
    await expect(request('domainDelete', { ids: [7, 8] }, { explains: [2131] })).resolves.toEqual({ deleted: 2, returnedPoints: 24 });
    expect(events).toEqual([]);
  });
});

describe('a code the screen does not explain', () => {
  it('notifies once with the failure when the call declares no explained codes', async () => {
    answers.set(INFO, refusal(2127));
    const error = await failureOf(request('domainInfo', { id: 404 }));
    expect(events).toEqual([{ type: 'failure', callId: 'domainInfo', failure: error.failure }]);
    expect(error.failure).toMatchObject({ kind: 'envelope', code: 2127 });
  });

  it('notifies when the refusal is another code than the ones explained', async () => {
    answers.set(DELETE, refusal(2131));
    const error = await failureOf(request('domainDelete', { ids: [7] }, { explains: [2127] }));
    expect(events).toEqual([{ type: 'failure', callId: 'domainDelete', failure: error.failure }]);
    expect(error.failure).toMatchObject({ kind: 'envelope', code: 2131, httpStatus: httpStatusOf(2131) });
    expect(isNotFound(error)).toBe(false);
  });

  it('notifies an answer that is no envelope at all, whatever codes are explained', async () => {
    answers.set(INFO, { status: 502, body: '<html>Bad gateway</html>' });
    const error = await failureOf(request('domainInfo', { id: 404 }, { explains: [2127] }));
    expect(error.failure).toEqual({ kind: 'http', httpStatus: 502 });
    expect(events).toEqual([{ type: 'failure', callId: 'domainInfo', failure: { kind: 'http', httpStatus: 502 } }]);
  });
});

describe('the call table the client follows', () => {
  it('sends each call with its method to its path, {name} segments filled from the body', async () => {
    answers.set(`${API_BASE}/domain_group/addr/12`, success({ id: 12 }));
    await request('ipGroupGet', { id: 12 });
    answers.set(DELETE, success({ deleted: 1, returnedPoints: 0 }));
    await request('domainDelete', { ids: [7] });
    expect(received.map(({ url, method }) => `${method} ${url}`)).toEqual([`GET ${API_BASE}/domain_group/addr/12`, `POST ${DELETE}`]);
    expect(received[1]?.body).toEqual({ ids: [7] });
  });

  it('hands the screen the answer as the server sent it; in development a drift from the contract is warned about', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      answers.set(INFO, success({ id: 5, name: 'shop', extra: 'kept' }));
      await expect(request('domainInfo', { id: 5 })).resolves.toEqual({ id: 5, name: 'shop', extra: 'kept' });
      await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('Answer of domainInfo does not match the contract', expect.any(Array)));
    } finally {
      warn.mockRestore();
    }
  });

  it('raises no notice for a bare HTTP error of a silent call (wakening), but does for others', async () => {
    await failureOf(request('wakening'));
    expect(events).toEqual([]);
    await failureOf(request('domainInfo', { id: 5 }));
    expect(events).toEqual([{ type: 'failure', callId: 'domainInfo', failure: { kind: 'http', httpStatus: 500 } }]);
  });
});

describe('field errors of a 1001 answer', () => {
  const invalid = (errors: unknown): Answer => ({
    status: httpStatusOf(1001),
    body: JSON.stringify({ status: false, code: 1001, name: errorName(1001), message: errorName(1001), data: { errors } }),
  });

  it('reach the screen with their fields, codes and parameters', async () => {
    const errors = [
      { field: 'name', code: 1002 },
      { field: 'port', code: 1004, params: { min: 0, max: 65535 } },
    ];
    answers.set(DELETE, invalid(errors));
    const error = await failureOf(request('domainDelete', { ids: [] }));
    expect(error.failure).toMatchObject({ kind: 'envelope', code: 1001, errors });
  });

  it.each([
    ['not a list', { field: 'name', code: 1002 }],
    ['an entry without a field', [{ code: 1002 }]],
    ['a code that is no whole number', [{ field: 'name', code: '1002' }]],
    ['parameters that are not texts or numbers', [{ field: 'name', code: 1002, params: { min: [1] } }]],
  ])('are left out when they are %s', async (_case, errors) => {
    answers.set(DELETE, invalid(errors));
    const error = await failureOf(request('domainDelete', { ids: [] }));
    expect(error.failure).toMatchObject({ kind: 'envelope', code: 1001, errors: [] });
  });
});

describe('a call given up while its answer is read', () => {
  it('tells nothing: a session ending cancels the calls in flight, and their unread 403s are no news', async () => {
    const caller = new AbortController();
    const call = request('domainOverview', { hours: 1 }, { signal: caller.signal }).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    await vi.waitFor(() => expect(received.map((request) => request.url)).toContain(HANGING));
    caller.abort();
    const error = await call;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(events).toEqual([]);
  });
});
