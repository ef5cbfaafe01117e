import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeCatalogueAnswer, NodeListAnswer, type NodeListBody } from '../../src/shared/calls/nodes.js';
import { CHINA_REGIONS } from '../../src/shared/codes.js';
import { seedIfEmpty } from '../../src/server/db/seed.js';
import { issueNodeKey } from '../../src/server/modules/nodes/keys.js';
import { addUser, createTestServer, SEED, type TestServer } from './helpers.js';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
});
afterAll(() => server.close());

async function list(body: NodeListBody, as = token) {
  const response = await server.call('/nodes/list', { token: as, body });
  expect(response.json().code).toBe(200);
  return NodeListAnswer.parse(response.json().data);
}

const allRows = () => server.db.selectFrom('nodes').selectAll().execute();

describe('node catalogue seeded at the first start', () => {
  it('covers the seven Chinese regions with the three big ISPs, Southeast Asia and the world', async () => {
    const rows = await allRows();
    const china = rows.filter((row) => row.country === 'CN');
    expect(new Set(china.map((row) => row.region))).toEqual(new Set(CHINA_REGIONS));
    expect(new Set(china.map((row) => row.isp))).toEqual(new Set([1, 2, 3]));
    expect(new Set(china.map((row) => row.city)).size).toBeGreaterThanOrEqual(25);
    expect(china.length).toBeGreaterThanOrEqual(75);
    expect(china.every((row) => row.map_type === 1 && row.province !== null)).toBe(true);
    const sea = rows.filter((row) => row.map_type === 2);
    for (const country of ['SG', 'MY', 'TH', 'VN', 'ID', 'PH']) expect(sea.map((row) => row.country)).toContain(country);
    expect(sea.every((row) => row.isp === 9 && row.region === null)).toBe(true);
    const world = rows.filter((row) => row.map_type === 3 && row.slug !== 'local');
    for (const country of ['TW', 'HK', 'JP', 'KR', 'BR', 'DE', 'GB', 'US', 'NL', 'AU', 'TR', 'PE']) {
      expect(world.map((row) => row.country)).toContain(country);
    }
    expect(world.every((row) => row.isp === 8)).toBe(true);
  });

  it('keeps Taiwan its own country, never a Chinese province', async () => {
    const taipei = (await allRows()).find((row) => row.city === 'Taipei');
    expect(taipei).toMatchObject({ country: 'TW', province: null, region: null, map_type: 3 });
    const provinces = (await allRows()).map((row) => row.province ?? '');
    expect(provinces.some((province) => /taiwan/i.test(province))).toBe(false);
  });

  it('has a Local node (Taiwan by default, no resolver of its own) and real coordinates and a resolver for every other node', async () => {
    const rows = await allRows();
    expect(rows.find((row) => row.slug === 'local')).toMatchObject({ name: 'Local', country: 'TW', isp: 0, map_type: 3, allow_private_targets: 0, dns_server: '' });
    const beijing = rows.find((row) => row.city === 'Beijing');
    expect(beijing?.latitude).toBeCloseTo(39.9, 1);
    expect(beijing?.longitude).toBeCloseTo(116.4, 1);
    expect(rows.filter((row) => row.slug !== 'local').every((row) => /^\d+\.\d+\.\d+\.\d+$/.test(row.dns_server))).toBe(true);
    expect(rows.every((row) => row.key_hash === null && row.last_seen_at === null)).toBe(true);
  });

  it('is seeded once: a later start adds nothing', async () => {
    const before = (await allRows()).length;
    expect(await seedIfEmpty(server.db, server.config, server.clock.now())).toBeUndefined();
    expect((await allRows()).length).toBe(before);
  });
});

describe('POST /nodes/list', () => {
  it('pages through every node in id order, each with status none until an agent comes', async () => {
    const total = (await allRows()).length;
    const first = await list({ page: 1, pageSize: 10 });
    expect(first.total).toBe(total);
    expect(first.list).toHaveLength(10);
    const last = await list({ page: Math.ceil(total / 10), pageSize: 10 });
    expect(last.list).toHaveLength(total % 10 || 10);
    expect(first.list.map((node) => node.id)).toEqual([...first.list.map((node) => node.id)].sort((a, b) => a - b));
    expect(first.list[0]).toMatchObject({ status: 'none', capabilities: null, agentVersion: null, lastSeen: null });
    expect((await list({ page: 999, pageSize: 10 })).list).toEqual([]);
  });

  it('filters by map type, region, country and ISP together', async () => {
    const ecTelecom = await list({ mapType: 1, region: 'EC', isp: 1, page: 1, pageSize: 100 });
    expect(ecTelecom.total).toBeGreaterThan(0);
    expect(ecTelecom.list.every((node) => node.region === 'EC' && node.isp === 1 && node.country === 'CN')).toBe(true);
    expect(ecTelecom.list.map((node) => node.city)).toContain('Shanghai');
    const vietnam = await list({ country: 'VN', page: 1, pageSize: 10 });
    expect(vietnam.list.map((node) => node.city).sort()).toEqual(['Hanoi', 'Ho Chi Minh City']);
    expect((await list({ mapType: 2, region: 'EC', page: 1, pageSize: 10 })).total).toBe(0);
  });

  it('filters by the derived status, then pages', async () => {
    const tokyo = (await allRows()).filter((row) => row.country === 'JP');
    for (const node of tokyo) {
      const issued = await issueNodeKey(server.db, node.id, { now: server.clock.now() });
      const capabilities = { ping: true, fping: true, traceroute: true, mtr: false };
      await server.call('/agent/register', { token: issued.key, body: { version: '1.0.0', capabilities, hostname: 'probe' } });
    }
    const usable = await list({ status: 'usable', page: 1, pageSize: 10 });
    expect(usable.total).toBe(tokyo.length);
    expect(usable.list.every((node) => node.country === 'JP' && node.status === 'usable')).toBe(true);
    const secondPage = await list({ status: 'usable', page: 2, pageSize: 10 });
    expect([secondPage.total, secondPage.list]).toEqual([tokyo.length, []]);
    const none = await list({ status: 'none', country: 'JP', page: 1, pageSize: 10 });
    expect(none.total).toBe(0);
  });

  it('never answers key hashes', async () => {
    const keyed = (await allRows()).filter((row) => row.key_hash !== null);
    expect(keyed.length).toBeGreaterThan(0);
    const bodies = [
      (await server.call('/nodes/list', { token, body: { page: 1, pageSize: 100 } })).body,
      (await server.call('/nodes/list', { token, body: { page: 2, pageSize: 100 } })).body,
      (await server.call('/nodes/catalogue', { token })).body,
    ].join('\n');
    for (const row of keyed) expect(bodies).not.toContain(row.key_hash);
    expect(bodies).not.toMatch(/key_?hash|"key"/i);
  });

  it('refuses unknown filter values and fields with 1001', async () => {
    for (const body of [{ region: 'XX' }, { isp: 5 }, { mapType: 4 }, { status: 'broken' }, { country: 'CN', extra: 1 }, { pageSize: 7 }]) {
      const response = await server.call('/nodes/list', { token, body });
      expect(response.json().code).toBe(1001);
    }
  });

  it('needs a session and the nodes privilege', async () => {
    expect((await server.call('/nodes/list', { body: {} })).statusCode).toBe(401);
    await addUser(server, { account: 'nonodes1', tasksPrivilege: { overview: 'view', monitor: 'edit', alert: 'none', nodes: 'none' } });
    const limited = await server.login('nonodes1', SEED.password);
    expect((await server.call('/nodes/list', { token: limited, body: {} })).statusCode).toBe(403);
    // Whoever creates tasks still chooses their nodes.
    expect((await server.call('/nodes/catalogue', { token: limited })).json().code).toBe(200);
  });
});

describe('POST /nodes/catalogue', () => {
  it('answers every node, compact, with its status', async () => {
    const answer = NodeCatalogueAnswer.parse((await server.call('/nodes/catalogue', { token })).json().data);
    expect(answer.list).toHaveLength((await allRows()).length);
    expect(Object.keys(answer.list[0] ?? {}).sort()).toEqual(['city', 'country', 'id', 'isp', 'mapType', 'name', 'province', 'region', 'status']);
    expect(answer.list.find((node) => node.city === 'Tokyo')?.status).toBe('usable');
  });
});
