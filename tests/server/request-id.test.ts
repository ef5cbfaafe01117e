import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { createTaskOn, startAgent } from './agent-helpers.js';
import { createTestServer, type TestServer } from './helpers.js';

/** pino's level number of a warning. */
const WARN = 40;

interface ServerLine {
  level?: number;
  requestId?: string;
  msg?: string;
  res?: { statusCode?: number };
}

let server: TestServer;
let lines: ServerLine[];
beforeEach(async () => {
  lines = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as ServerLine) };
  server = await createTestServer({}, { logger: { level: 'info', stream } });
});
afterEach(() => server.close());

const health = (headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url: '/api/health', headers });

describe('request ids', () => {
  it("keeps a caller's plain x-request-id, answers it and writes it on every log line of the request", async () => {
    const response = await health({ 'x-request-id': 'proxy-7f3a.42' });
    expect(response.headers['x-request-id']).toBe('proxy-7f3a.42');
    const mine = lines.filter((line) => line.requestId === 'proxy-7f3a.42');
    expect(mine.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(mine[1]?.res?.statusCode).toBe(200);
  });

  it('gives a request without one, or with one too long or not plain, an id of its own', async () => {
    const ids = [];
    for (const sent of [undefined, 'x'.repeat(65), 'two words', 'line\u2028break']) {
      const response = await health(sent === undefined ? {} : { 'x-request-id': sent });
      const id = String(response.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      ids.push(id);
    }
    expect(new Set(ids).size).toBe(4);
    expect(lines.filter((line) => line.msg === 'request completed').map((line) => line.requestId)).toEqual(ids);
  });

  it('answers the id on refusals too', async () => {
    const response = await server.call('/domain/list', { body: { type: 1 }, headers: { 'x-request-id': 'refused-1' } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-request-id']).toBe('refused-1');
  });
});

describe("the server context's logger", () => {
  it("writes a module's warning during a call with that call's id, and a background one without", async () => {
    const agent = await startAgent(server, 'jp-tokyo');
    const broken = await createTaskOn(server, [agent.nodeId], { type: MONITOR_TYPES.TCP, port: 5432 });
    // A row the services would never write: its assignment is skipped with a warning.
    await server.db.updateTable('tasks').set({ port: null }).where('id', '=', broken.id).execute();

    const response = await server.call('/agent/assignments', { token: agent.key, body: { sinceVersion: 0 }, headers: { 'x-request-id': 'assign-1' } });
    expect(response.statusCode).toBe(200);
    server.app.vigil.log?.warn({}, 'outside');

    const warnings = lines.filter((line) => line.level === WARN);
    expect(warnings.map((line) => [line.msg, line.requestId])).toEqual([
      ['task skipped: its fields make no runnable check', 'assign-1'],
      ['outside', undefined],
    ]);
  });
});
