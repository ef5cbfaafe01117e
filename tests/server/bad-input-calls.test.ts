import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueNodeKey } from '../../src/server/modules/nodes/keys.js';
import { CALLS, callUrlPath, pathParamNames, type CallDefinition } from '../../src/shared/calls/index.js';
import { PLATFORM_SECRET_HEADER } from '../../src/shared/calls/platform.js';
import { FIELD_ERRORS_MAX } from '../../src/shared/envelope.js';
import { errorName, isErrorCode, isInputErrorCode } from '../../src/shared/errors.js';
import { UNKNOWN_KEYS, badBodies, sampleBody } from './bad-input-cases.js';
import { fingerprint as tableSums } from './fuzz/fingerprint.js';
import { SEED, createTestServer, expectNoInternals, nextIp, type TestServer } from './helpers.js';

/**
 * Every call of the call table, fed bad input generated from its own body schema (see
 * bad-input-cases.ts), bad paths and oversized bodies: each answer is the envelope with a
 * catalogue code, never a 5xx or an internal detail, and a refused request changes no data.
 */

const BODY_LIMIT = 256 * 1024;
let server: TestServer;
let token: string;
let nodeKey: string;

beforeAll(async () => {
  server = await createTestServer({ VIGIL_BODY_LIMIT_BYTES: String(BODY_LIMIT) });
  token = await server.login();
  // Task 1 exists, so reads of id 1 get past "not found" to the fields that follow.
  const task = await server.call('/domain/icmp/create', { token, body: { name: 'Target', domain: 'example.com', frequencyMinutes: 5, nodeIds: [1] } });
  expect(task.json().data.id).toBe(1);
  nodeKey = (await issueNodeKey(server.db, 1, { now: server.clock.now(), allowPrivateTargets: false })).key;
});
afterAll(() => server.close());

function credentials(call: CallDefinition): Record<string, string> {
  switch (call.access) {
    case 'public':
      return {};
    case 'session':
      return { authorization: `Bearer ${token}` };
    case 'agent':
      return { authorization: `Bearer ${nodeKey}` };
    case 'platform':
      return { [PLATFORM_SECRET_HEADER]: SEED.platformSecret };
  }
}

function send(call: CallDefinition, url: string, payload: string): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: call.method,
    url,
    headers: { ...credentials(call), 'content-type': 'application/json' },
    remoteAddress: nextIp(),
    payload,
  });
}

/** The path filled from the bad body when it names the parameter, else from a plausible body. */
function urlFor(call: CallDefinition, body: unknown): string {
  const named = typeof body === 'object' && body !== null && pathParamNames(call.path).every((name) => name in body);
  return `/api${callUrlPath(call.path, named ? body : sampleBody(call))}`;
}

/** The envelope with a catalogue code, no 5xx, no internals, at most FIELD_ERRORS_MAX field errors. */
function expectEnvelope(response: LightMyRequestResponse, label: string): { status: boolean; code: number; data: unknown } {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  // A file answer (answersFile calls) is the one success that is no envelope.
  if (response.statusCode === 200 && String(response.headers['content-disposition']).startsWith('attachment;')) return { status: true, code: 200, data: null };
  const json = JSON.parse(response.body) as { status: boolean; code: number; name: string; data: unknown };
  expect(Object.keys(json).sort(), label).toEqual(['code', 'data', 'message', 'name', 'status']);
  if (json.status) return json;
  expect(isErrorCode(json.code), `${label}: code ${json.code}`).toBe(true);
  expect(json.name, label).toBe(errorName(json.code as never));
  expectNoInternals(response.body);
  if (json.code === 1001) {
    const { errors } = json.data as { errors: { code: number }[] };
    expect(errors.length, label).toBeGreaterThan(0);
    expect(errors.length, label).toBeLessThanOrEqual(FIELD_ERRORS_MAX);
    for (const error of errors) expect(isInputErrorCode(error.code), `${label}: inner ${error.code}`).toBe(true);
  }
  return json;
}

/** Every table's rows, less what a refused request writes by design (fuzz/fingerprint.ts says what and why). */
async function fingerprint(): Promise<string> {
  return JSON.stringify([...(await tableSums(server.db))]);
}

const calls = Object.entries(CALLS) as [string, CallDefinition][];

/**
 * A read must change nothing, accepted or not; a mutation's refusals must change nothing (an
 * accepted odd value, such as a huge but valid number, may store what it was given).
 */
describe('bad bodies generated from each call schema', () => {
  it.each(calls)('%s: every answer is an envelope, and refusals change nothing', async (_id, call) => {
    const before = await fingerprint();
    let last = before;
    for (const { label, body } of badBodies(call)) {
      const response = await send(call, urlFor(call, body), JSON.stringify(body));
      const answer = expectEnvelope(response, label);
      if (call.mutation) {
        const now = await fingerprint();
        if (!answer.status) expect(now, `${label} was refused but changed data`).toBe(last);
        last = now;
      }
      // An upload call refuses any JSON body as a wrong content type (one error), before reading a key of it.
      if (label.startsWith(`${UNKNOWN_KEYS} unknown`) && call.method !== 'GET' && !call.upload) {
        expect(answer.status, label).toBe(false);
        expect(response.body.length, label).toBeLessThan(4_000);
        expect((answer.data as { moreErrors?: number }).moreErrors, label).toBeGreaterThanOrEqual(UNKNOWN_KEYS - FIELD_ERRORS_MAX);
      }
    }
    if (!call.mutation) expect(await fingerprint(), 'a read changed data').toBe(before);
  });
});

describe('bad paths and oversized bodies for each call', () => {
  it.each(calls)('%s', async (_id, call) => {
    const before = await fingerprint();
    const sample = JSON.stringify(sampleBody(call));
    const path = `/api${callUrlPath(call.path, sampleBody(call))}`;
    const badUrls = [`${path}%ZZ`, `${path}%E0%A4%A`];
    for (const name of pathParamNames(call.path)) {
      const filled = (value: string) => `/api${call.path.replace(`{${name}}`, value)}`;
      badUrls.push(filled('%ZZ'), filled('9'.repeat(200)), filled('%00'));
    }
    for (const url of badUrls) {
      const answer = expectEnvelope(await send(call, url, sample), url);
      expect(answer.status, url).toBe(false);
    }
    const limit = call.bodyLimitBytes ?? BODY_LIMIT;
    const oversized = await send(call, path, JSON.stringify({ padding: 'x'.repeat(limit) }));
    const answer = expectEnvelope(oversized, `${call.path} oversized`);
    // A GET's body is never read; every other call refuses it as too large.
    if (call.method !== 'GET') expect([oversized.statusCode, answer.code], `${call.path} oversized`).toEqual([413, 1001]);
    expect(await fingerprint()).toBe(before);
  });
});
