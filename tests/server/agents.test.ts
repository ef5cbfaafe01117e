import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentHeartbeatAnswer, AgentRegisterAnswer, type SelfCheck } from '../../src/shared/calls/agent.js';
import { NodeListAnswer, type NodeSummary } from '../../src/shared/calls/nodes.js';
import { hashToken } from '../../src/server/security/tokens.js';
import { createNodeWithKey, issueNodeKey } from '../../src/server/modules/nodes/keys.js';
import { createTestServer, type TestServer } from './helpers.js';

let server: TestServer;
let session: string;
beforeAll(async () => {
  server = await createTestServer();
  session = await server.login();
});
afterAll(() => server.close());

const CAPABILITIES = { ping: true, fping: false, traceroute: true, mtr: true };

async function nodeIdOf(slug: string): Promise<number> {
  return (await server.db.selectFrom('nodes').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
}

async function keyFor(slug: string, allowPrivateTargets?: boolean): Promise<string> {
  return (await issueNodeKey(server.db, await nodeIdOf(slug), { now: server.clock.now(), allowPrivateTargets })).key;
}

const register = (key: string | undefined, version = '1.2.3') =>
  server.call('/agent/register', { token: key, body: { version, capabilities: CAPABILITIES, hostname: 'probe-host' } });

function selfCheck(ok: boolean): SelfCheck {
  return { ok, checkedAt: new Date(server.clock.now()).toISOString(), loopbackRttMs: ok ? 0.05 : null, dnsOk: ok, toolErrors: ok ? [] : ['fping: not permitted'] };
}

const heartbeat = (key: string, ok = true) => server.call('/agent/heartbeat', { token: key, body: { selfCheck: selfCheck(ok) } });

async function nodeView(slug: string): Promise<NodeSummary> {
  const id = await nodeIdOf(slug);
  const country = (await server.db.selectFrom('nodes').select('country').where('id', '=', id).executeTakeFirstOrThrow()).country;
  const response = await server.call('/nodes/list', { token: session, body: { country, page: 1, pageSize: 100 } });
  const node = NodeListAnswer.parse(response.json().data).list.find((entry) => entry.id === id);
  if (!node) throw new Error(`node ${slug} not listed`);
  return node;
}

describe('agent authentication by node key', () => {
  it('admits the key the operator made and answers the node identity', async () => {
    const key = await keyFor('local');
    const response = await register(key);
    expect(response.statusCode).toBe(200);
    const answer = AgentRegisterAnswer.parse(response.json().data);
    expect(answer).toEqual({
      nodeId: await nodeIdOf('local'),
      name: 'Local',
      heartbeatSeconds: 30,
      allowPrivateTargets: false,
      // The Local node has no DNS server of its own: its agent's self-check skips that step.
      dnsServer: null,
      serverTime: new Date(server.clock.now()).toISOString(),
    });
  });

  it('stores only the SHA-256 of the key', async () => {
    const key = await keyFor('sg-singapore');
    const row = await server.db.selectFrom('nodes').select('key_hash').where('slug', '=', 'sg-singapore').executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashToken(key));
    expect(row.key_hash).not.toContain(key);
  });

  it('refuses a missing, malformed or unknown key with 401 and 2308', async () => {
    for (const key of [undefined, 'short', 'vgn_' + 'x'.repeat(43)]) {
      const response = await register(key);
      expect([response.statusCode, response.json().code, response.json().name]).toEqual([401, 2308, 'NODE_AUTHENTICATION_FAILED']);
    }
    const raw = await server.call('/agent/heartbeat', { headers: { authorization: 'Basic abc' }, body: { selfCheck: selfCheck(true) } });
    expect(raw.json().code).toBe(2308);
  });

  it('stops admitting the old key once a new one is made', async () => {
    const old = await keyFor('jp-osaka');
    expect((await register(old)).statusCode).toBe(200);
    const fresh = await keyFor('jp-osaka');
    expect((await register(old)).json().code).toBe(2308);
    expect((await heartbeat(old)).json().code).toBe(2308);
    expect((await register(fresh)).statusCode).toBe(200);
  });

  it('acts only for the key’s own node', async () => {
    const seoul = await keyFor('kr-seoul');
    const answer = AgentRegisterAnswer.parse((await register(seoul)).json().data);
    expect(answer.nodeId).toBe(await nodeIdOf('kr-seoul'));
    expect((await nodeView('jp-tokyo')).status).toBe('none');
  });

  it('keeps customer sessions and agent keys apart', async () => {
    const agentKey = await keyFor('gb-london');
    expect((await register(session)).json().code).toBe(2308);
    expect((await heartbeat(session)).json().code).toBe(2308);
    for (const path of ['/profile', '/nodes/list', '/nodes/catalogue', '/inbox/list']) {
      const response = await server.call(path, { token: agentKey, body: {} });
      expect([path, response.statusCode]).toEqual([path, 401]);
    }
  });

  it('tells the agent when the operator allowed private targets', async () => {
    const created = await createNodeWithKey(server.db, { city: 'Lab', country: 'TW' }, { now: server.clock.now(), allowPrivateTargets: true });
    const answer = AgentRegisterAnswer.parse((await register(created.key)).json().data);
    expect(answer).toMatchObject({ nodeId: created.nodeId, name: 'Lab', allowPrivateTargets: true });
  });
});

describe('POST /agent/register', () => {
  it('stores the version and capabilities, shown on the node list', async () => {
    const key = await keyFor('de-frankfurt');
    expect((await nodeView('de-frankfurt')).status).toBe('none');
    await register(key, '2.0.1');
    expect(await nodeView('de-frankfurt')).toMatchObject({
      agentVersion: '2.0.1',
      capabilities: CAPABILITIES,
      status: 'usable',
      lastSeen: new Date(server.clock.now()).toISOString(),
    });
  });

  it('refuses a malformed registration with 1001', async () => {
    const key = await keyFor('nl-amsterdam');
    const bad = [
      { version: '', capabilities: CAPABILITIES, hostname: 'h' },
      { version: '1', capabilities: { ping: true }, hostname: 'h' },
      { version: '1', capabilities: CAPABILITIES, hostname: 'h', extra: true },
    ];
    for (const body of bad) expect((await server.call('/agent/register', { token: key, body })).json().code).toBe(1001);
  });
});

describe('POST /agent/heartbeat and node status', () => {
  it('answers the server time and the assignment version', async () => {
    const key = await keyFor('us-new-york');
    await register(key);
    const answer = AgentHeartbeatAnswer.parse((await heartbeat(key)).json().data);
    expect(answer).toEqual({ serverTime: new Date(server.clock.now()).toISOString(), assignmentsVersion: 0 });
  });

  it('goes usable with heartbeats, warning when they are late, unusable when they stop', async () => {
    const key = await keyFor('au-sydney');
    await register(key);
    await heartbeat(key);
    expect((await nodeView('au-sydney')).status).toBe('usable');
    server.clock.advanceSeconds(60);
    expect((await nodeView('au-sydney')).status).toBe('usable');
    server.clock.advanceSeconds(5);
    expect((await nodeView('au-sydney')).status).toBe('warning');
    server.clock.advanceSeconds(90);
    expect((await nodeView('au-sydney')).status).toBe('unusable');
    await heartbeat(key);
    expect((await nodeView('au-sydney')).status).toBe('usable');
  });

  it('does not mark a node unusable for one failed self-check, but for a run of them', async () => {
    const key = await keyFor('tr-istanbul');
    await register(key);
    for (let beat = 0; beat < 4; beat += 1) {
      await heartbeat(key);
      server.clock.advanceSeconds(30);
    }
    await heartbeat(key, false);
    expect((await nodeView('tr-istanbul')).status).toBe('warning');
    for (let beat = 0; beat < 5; beat += 1) {
      server.clock.advanceSeconds(30);
      await heartbeat(key, false);
    }
    expect((await nodeView('tr-istanbul')).status).toBe('unusable');
    for (let beat = 0; beat < 11; beat += 1) {
      server.clock.advanceSeconds(30);
      await heartbeat(key, true);
    }
    expect((await nodeView('tr-istanbul')).status).toBe('usable');
  });

  it('keeps the last self-check as the agent sent it', async () => {
    const key = await keyFor('pe-lima');
    await register(key);
    await heartbeat(key, false);
    const row = await server.db.selectFrom('nodes').select(['last_self_check', 'last_self_check_at']).where('slug', '=', 'pe-lima').executeTakeFirstOrThrow();
    expect(JSON.parse(row.last_self_check ?? 'null')).toMatchObject({ ok: false, dnsOk: false, toolErrors: ['fping: not permitted'] });
    expect(row.last_self_check_at).toBe(server.clock.now());
  });
});
