import type { LightMyRequestResponse } from 'fastify';
import { PLATFORM_SECRET_HEADER } from '../../../src/shared/calls/platform.js';
import { PLATFORM_OPERATOR_HEADER } from '../../../src/shared/calls/platform-ops.js';
import { SEED, type TestServer } from '../helpers.js';

export interface Answer {
  http: number;
  code: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in tests
  data: any;
}

const read = (response: LightMyRequestResponse): Answer => {
  const json = response.json<{ code: number; data: unknown }>();
  return { http: response.statusCode, code: json.code, data: json.data };
};

/** A platform call with the right secret, as operator `who`. */
export async function platform(server: TestServer, path: string, body?: unknown, who = 'ops-tester'): Promise<Answer> {
  const headers = { [PLATFORM_SECRET_HEADER]: SEED.platformSecret, [PLATFORM_OPERATOR_HEADER]: who };
  return read(await server.call(`/platform${path}`, { body, headers }));
}

export async function session(server: TestServer, path: string, token: string, body?: unknown): Promise<Answer> {
  return read(await server.call(path, { token, body }));
}

/** The audit log's newest entries, through its own verb. */
export async function auditEntries(server: TestServer, body: Record<string, unknown> = {}) {
  return (await platform(server, '/audit/list', body)).data.entries as { operator: string; call: string; target: string; code: number; at: string; id: number }[];
}
