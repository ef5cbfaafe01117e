import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentRegisterAnswer, type SelfCheck } from '../../src/shared/calls/agent.js';
import { NodeListAnswer, type NodeSummary } from '../../src/shared/calls/nodes.js';
import { createNodeWithKey, issueNodeKey } from '../../src/server/modules/nodes/keys.js';
import { createTestServer, type TestServer } from './helpers.js';

/** The self-check's node DNS and reference steps, as the register answer and the heartbeats carry them. */

let server: TestServer;
let session: string;
beforeAll(async () => {
  server = await createTestServer();
  session = await server.login();
});
afterAll(() => server.close());

const CAPABILITIES = { ping: true, fping: true, traceroute: true, mtr: true };

async function nodeIdOf(slug: string): Promise<number> {
  return (await server.db.selectFrom('nodes').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
}

async function keyFor(slug: string): Promise<string> {
  return (await issueNodeKey(server.db, await nodeIdOf(slug), { now: server.clock.now() })).key;
}

async function register(key: string): Promise<AgentRegisterAnswer> {
  const response = await server.call('/agent/register', { token: key, body: { version: '1.0.0', capabilities: CAPABILITIES, hostname: 'probe' } });
  return AgentRegisterAnswer.parse(response.json().data);
}

const CLEAN: Omit<SelfCheck, 'checkedAt'> = {
  ok: true,
  loopbackRttMs: 0.05,
  dnsOk: true,
  toolErrors: [],
  nodeDnsOk: true,
  nodeDnsMs: 3.2,
  referenceTarget: '203.0.113.10:443',
  referenceLossPct: 0,
  referenceRttMs: 12.5,
};
const DEGRADED_BY_LOSS = { ...CLEAN, referenceLossPct: 33.3 };
const DEGRADED_BY_DNS = { ...CLEAN, nodeDnsOk: false, nodeDnsMs: null };
const REFERENCE_UNREACHABLE = { ...CLEAN, ok: false, referenceLossPct: 100, referenceRttMs: null };

function heartbeat(key: string, fields: Partial<SelfCheck>) {
  const selfCheck = { checkedAt: new Date(server.clock.now()).toISOString(), ...fields };
  return server.call('/agent/heartbeat', { token: key, body: { selfCheck } });
}

/** Heartbeats every 30 s (the server's clock moves on before each but the first). */
async function beats(key: string, count: number, fields: Partial<SelfCheck>, advanceFirst = true): Promise<void> {
  for (let beat = 0; beat < count; beat += 1) {
    if (advanceFirst || beat > 0) server.clock.advanceSeconds(30);
    expect((await heartbeat(key, fields)).statusCode).toBe(200);
  }
}

async function nodeView(slug: string): Promise<NodeSummary> {
  const id = await nodeIdOf(slug);
  const country = (await server.db.selectFrom('nodes').select('country').where('id', '=', id).executeTakeFirstOrThrow()).country;
  const response = await server.call('/nodes/list', { token: session, body: { country, page: 1, pageSize: 100 } });
  const node = NodeListAnswer.parse(response.json().data).list.find((entry) => entry.id === id);
  if (!node) throw new Error(`node ${slug} not listed`);
  return node;
}

const statusOf = async (slug: string) => (await nodeView(slug)).status;

describe('the register answer names what the self-check asks', () => {
  it("answers the node's own DNS server, or null for the Local node which has none", async () => {
    expect((await register(await keyFor('cn-beijing-unicom'))).dnsServer).toBe('223.5.5.5');
    expect((await register(await keyFor('sg-singapore'))).dnsServer).toBe('8.8.8.8');
    expect((await register(await keyFor('local'))).dnsServer).toBeNull();
  });

  it('answers the DNS server an operator gave a new node, even a private one', async () => {
    const created = await createNodeWithKey(server.db, { city: 'Branch Office', country: 'TW', dnsServer: '192.168.10.53' }, { now: server.clock.now() });
    expect((await register(created.key)).dnsServer).toBe('192.168.10.53');
  });
});

describe('node status from the reference target and the node DNS server', () => {
  it('turns warning for a self-check that lost part of the reference connects, and usable once it ages out', async () => {
    const key = await keyFor('jp-tokyo');
    await register(key);
    await beats(key, 4, CLEAN, false);
    expect(await statusOf('jp-tokyo')).toBe('usable');
    await beats(key, 1, DEGRADED_BY_LOSS);
    expect(await statusOf('jp-tokyo')).toBe('warning');
    await beats(key, 10, CLEAN);
    expect(await statusOf('jp-tokyo')).toBe('usable');
  });

  it('turns warning when the node DNS server fails, and never unusable for that alone', async () => {
    const key = await keyFor('cn-shanghai-telecom');
    await register(key);
    await beats(key, 1, CLEAN, false);
    await beats(key, 1, DEGRADED_BY_DNS);
    expect(await statusOf('cn-shanghai-telecom')).toBe('warning');
    await beats(key, 15, DEGRADED_BY_DNS);
    expect(await statusOf('cn-shanghai-telecom')).toBe('warning');
    await beats(key, 15, DEGRADED_BY_LOSS);
    expect(await statusOf('cn-shanghai-telecom')).toBe('warning');
  });

  it('takes a wholly unreachable reference as a failure: warning at first, unusable only when it lasts', async () => {
    const key = await keyFor('gb-london');
    await register(key);
    await beats(key, 4, CLEAN, false);
    await beats(key, 2, REFERENCE_UNREACHABLE);
    expect(await statusOf('gb-london')).toBe('warning');
    await beats(key, 4, REFERENCE_UNREACHABLE);
    expect(await statusOf('gb-london')).toBe('unusable');
    await beats(key, 11, CLEAN);
    expect(await statusOf('gb-london')).toBe('usable');
  });

  it('counts a total reference loss as failed even if the agent called the self-check ok', async () => {
    const key = await keyFor('us-new-york');
    await register(key);
    await beats(key, 6, { ...REFERENCE_UNREACHABLE, ok: true }, false);
    expect(await statusOf('us-new-york')).toBe('unusable');
  });

  it('keeps the reference and node DNS figures as the agent sent them', async () => {
    const key = await keyFor('de-frankfurt');
    await register(key);
    await beats(key, 1, DEGRADED_BY_LOSS, false);
    const row = await server.db.selectFrom('nodes').select(['last_self_check', 'self_check_window']).where('slug', '=', 'de-frankfurt').executeTakeFirstOrThrow();
    expect(JSON.parse(row.last_self_check ?? 'null')).toMatchObject({ referenceTarget: '203.0.113.10:443', referenceLossPct: 33.3, referenceRttMs: 12.5, nodeDnsOk: true });
    expect(JSON.parse(row.self_check_window)).toEqual([{ at: server.clock.now(), ok: true, degraded: true }]);
  });
});

describe('older agents and older stored windows', () => {
  it("accepts an older agent's heartbeat without the new fields, as clean", async () => {
    const key = await keyFor('kr-seoul');
    await register(key);
    const response = await heartbeat(key, { ok: true, loopbackRttMs: 0.05, dnsOk: true, toolErrors: [] });
    expect(response.statusCode).toBe(200);
    expect(await statusOf('kr-seoul')).toBe('usable');
  });

  it('reads a window stored before the degraded flag, and adds to it', async () => {
    const key = await keyFor('au-sydney');
    await register(key);
    const now = server.clock.now();
    const stored = [0, 1, 2].map((index) => ({ at: now - (3 - index) * 30_000, ok: index !== 2 }));
    await server.db.updateTable('nodes').set({ self_check_window: JSON.stringify(stored), last_seen_at: now }).where('slug', '=', 'au-sydney').execute();
    expect(await statusOf('au-sydney')).toBe('warning');
    await beats(key, 1, DEGRADED_BY_LOSS, false);
    const row = await server.db.selectFrom('nodes').select('self_check_window').where('slug', '=', 'au-sydney').executeTakeFirstOrThrow();
    expect(JSON.parse(row.self_check_window)).toEqual([...stored, { at: now, ok: true, degraded: true }]);
    expect(await statusOf('au-sydney')).toBe('warning');
  });

  it('refuses figures out of range with 1001', async () => {
    const key = await keyFor('pe-lima');
    await register(key);
    for (const bad of [{ referenceLossPct: 150 }, { referenceRttMs: -1 }, { nodeDnsOk: 'yes' }]) {
      expect((await heartbeat(key, { ...CLEAN, ...bad } as Partial<SelfCheck>)).json().code).toBe(1001);
    }
  });
});
