import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/agent/log.js';
import { KeyRefusedError, createTransport } from '../../src/agent/transport.js';
import { issueNodeKey } from '../../src/server/modules/nodes/keys.js';
import { createTestServer, type TestServer } from '../server/helpers.js';

interface Line {
  event?: string;
  msg?: string;
  call?: string;
  requestId?: string;
  res?: { statusCode?: number };
}

let server: TestServer;
let serverLines: Line[];
let url: string;
beforeEach(async () => {
  serverLines = [];
  const stream = { write: (line: string) => void serverLines.push(JSON.parse(line) as Line) };
  server = await createTestServer({}, { logger: { level: 'info', stream } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterEach(() => server.close());

function agentTransport(key: string) {
  const lines: Line[] = [];
  const logger = createLogger('debug', (line) => lines.push(JSON.parse(line) as Line));
  return { transport: createTransport({ serverUrl: url, key, logger }), lines };
}

const completedOn = (requestId: string | undefined) => serverLines.find((line) => line.requestId === requestId && line.msg === 'request completed');

describe("the agent's request ids", () => {
  it('logs each call with the id the server logged the same request under', async () => {
    const local = await server.db.selectFrom('nodes').select('id').where('slug', '=', 'local').executeTakeFirstOrThrow();
    const { key } = await issueNodeKey(server.db, local.id, { now: server.clock.now(), allowPrivateTargets: true });
    const { transport, lines } = agentTransport(key);
    await transport.call('agentAssignments', { sinceVersion: 0 });
    await transport.call('agentAssignments', { sinceVersion: 0 });
    transport.close();

    const calls = lines.filter((line) => line.event === 'call');
    expect(calls.map((line) => line.call)).toEqual(['agentAssignments', 'agentAssignments']);
    expect(calls[0]?.requestId).not.toBe(calls[1]?.requestId);
    for (const line of calls) expect(completedOn(line.requestId)?.res?.statusCode).toBe(200);
  });

  it('logs a refused call with its id, which the server logged too', async () => {
    const { transport, lines } = agentTransport('vgn_not-a-key-of-this-server');
    await expect(transport.call('agentAssignments', { sinceVersion: 0 })).rejects.toBeInstanceOf(KeyRefusedError);
    transport.close();

    const failed = lines.find((line) => line.event === 'call_failed');
    expect(failed).toMatchObject({ call: 'agentAssignments', kind: 'key_refused', status: 401 });
    expect(completedOn(failed?.requestId)?.res?.statusCode).toBe(401);
  });
});
