import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeCellsOf } from '../../../src/server/modules/domain/export-rows.js';
import { DomainExportAnswer } from '../../../src/shared/calls/domain-import.js';
import { DomainListAnswer, type DomainListBody } from '../../../src/shared/calls/domain-list.js';
import { IMPORT_SHEETS } from '../../../src/shared/import/template.js';
import { bodyOf, domainFixture, type DomainFixture } from './domain-helpers.js';

// POST /domain/export: the list's tasks (same filters, order and paging) as rows of the import
// template's tab, each cell as the import reads it.

let fx: DomainFixture;
let nodeNames: Map<number, string>;
let groupId: number;

async function exportRows(body: Partial<DomainListBody> & { type: number }, options: { token?: string; lang?: string } = {}) {
  const response = await fx.server.call('/domain/export', {
    token: options.token ?? fx.token,
    body,
    ...(options.lang ? { headers: { cookie: `lang=${options.lang}` } } : {}),
  });
  const json = response.json();
  expect(json.code, response.body).toBe(200);
  return DomainExportAnswer.parse(json.data);
}

async function listNames(body: Partial<DomainListBody> & { type: number }, token = fx.token) {
  const answer = await fx.call('/domain/list', body, token);
  expect(answer.code, answer.body).toBe(200);
  const parsed = DomainListAnswer.parse(answer.data);
  return { names: parsed.list.map((row) => row.name), total: parsed.total };
}

const columnsOf = (type: number) => IMPORT_SHEETS.find((sheet) => sheet.type === type)?.columns;

beforeAll(async () => {
  fx = await domainFixture();
  const [a, b] = fx.nodes;
  const nodes = await fx.server.db.selectFrom('nodes').select(['id', 'name']).execute();
  nodeNames = new Map(nodes.map((node) => [node.id, node.name]));
  const group = await fx.call('/domain_group/addr', { name: 'Edge =addresses', ips: ['192.0.2.10', '192.0.2.11'] });
  expect(group.code, group.body).toBe(200);
  groupId = group.data.id as number;
  const full = { matchingIps: ['192.0.2.1', '2001:db8::1'], domainGroup: 'Shops', tags: ['prod', '+eu'], serialNumber: 'SN-7', region: 'North' };
  await fx.create('icmp', bodyOf('icmp', [a, b], { name: 'Ping gateway', ...full }));
  await fx.create('tcp', bodyOf('tcp', [b], { name: '=Database', matchedIpGroupId: groupId, status: 2 }));
  await fx.create('https', bodyOf('https', [a], { name: 'Secure', port: null, otherPath: 'login', frequencyMinutes: 15 }));
  await fx.create('dns', bodyOf('dns', [a], { name: 'Resolver', dnsServers: ['8.8.8.8', '1.1.1.1:53'], protocol: 'AAAA', tags: ['dns'] }));
  for (let index = 1; index <= 12; index += 1) {
    const tags = index % 3 === 0 ? ['blue'] : [];
    await fx.create('http', bodyOf('http', [a], { name: `Site ${String(index).padStart(2, '0')}`, domain: `site${index}.example.com`, tags, status: index % 4 === 0 ? 2 : 1 }));
    fx.server.clock.advanceSeconds(1);
  }
  await fx.create('http', bodyOf('http', [a], { name: 'Their site', domain: 'theirs.example.com' }), fx.otherToken);
}, 60_000);
afterAll(() => fx.close());

const name = (id: number) => nodeNames.get(id) ?? '';

describe('POST /domain/export', () => {
  it("writes each type's tasks in its tab's columns, cells as the import reads them", async () => {
    const [a, b] = fx.nodes;
    const icmp = await exportRows({ type: 1 }, { lang: 'en' });
    expect(icmp.columns).toEqual(columnsOf(1));
    expect(icmp.rows).toEqual([
      ['Ping gateway', '192.0.2.1', '5', `${name(a)}\n${name(b)}`, '192.0.2.1\n2001:db8::1', '', 'Shops', 'prod\n+eu', 'Yes', 'SN-7', 'North'],
    ]);
    const tcp = await exportRows({ type: 2 }, { lang: 'en' });
    expect(tcp.columns).toEqual(columnsOf(2));
    expect(tcp.rows).toEqual([['=Database', 'db.example.com', '5432', '5', name(b), '', 'Edge =addresses', '', '', 'No', '', '']]);
    const https = await exportRows({ type: 4 }, { lang: 'en' });
    expect(https.columns).toEqual(columnsOf(4));
    expect(https.rows).toEqual([['Secure', 'shop.example.com', '', 'login', '15', name(a), '', '', '', '', 'Yes', '', '']]);
    const dns = await exportRows({ type: 5 }, { lang: 'en' });
    expect(dns.columns).toEqual(columnsOf(5));
    expect(dns.rows).toEqual([['Resolver', 'example.com', 'AAAA', '8.8.8.8\n1.1.1.1:53', '5', name(a), '', '', '', 'dns', 'Yes', '', '']]);
    const http = await exportRows({ type: 3, keyword: 'Site 01' });
    expect(http.columns).toEqual(columnsOf(3));
    expect(http.rows).toEqual([['Site 01', 'site1.example.com', '', '/health', '5', name(a), '', '', '', '', '是', '', '']]);
  });

  it("writes enabled in the caller's console language (its lang cookie; zh-tw without one)", async () => {
    const enabledOf = async (lang?: string) => (await exportRows({ type: 2 }, lang ? { lang } : {})).rows[0]?.[columnsOf(2)?.indexOf('enabled') ?? -1];
    expect([await enabledOf('en'), await enabledOf('zh-cn'), await enabledOf('zh-tw'), await enabledOf()]).toEqual(['No', '否', '否', '否']);
  });

  it("holds the list's tasks for the same filters, order and page, and the list's total", async () => {
    const bodies: (Partial<DomainListBody> & { type: number })[] = [
      { type: 3 },
      { type: 3, sortBy: 'name', sortOrder: 'asc', pageSize: 10, page: 2 },
      { type: 3, tag: 'blue', sortBy: 'name', sortOrder: 'desc' },
      { type: 3, status: 2, pageSize: 30 },
      { type: 3, keyword: 'SITE 1', sortBy: 'createdAt', sortOrder: 'asc' },
      { type: 3, serviceStatus: 0, sortBy: 'availability', pageSize: 100 },
      { type: 1, group: 'Shops' },
      { type: 1, group: 'Nobody' },
    ];
    for (const body of bodies) {
      const exported = await exportRows(body);
      const listed = await listNames(body);
      expect([exported.rows.map((row) => row[0]), exported.total], JSON.stringify(body)).toEqual([listed.names, listed.total]);
    }
    expect((await exportRows({ type: 3, sortBy: 'name', sortOrder: 'asc', pageSize: 10, page: 2 })).rows.map((row) => row[0])).toEqual(['Site 11', 'Site 12']);
  });

  it("holds only the caller's customer's tasks", async () => {
    const theirs = await exportRows({ type: 3, pageSize: 100 }, { token: fx.otherToken });
    expect([theirs.rows.map((row) => row[0]), theirs.total]).toEqual([['Their site'], 1]);
    const mine = await exportRows({ type: 3, pageSize: 100 });
    expect(mine.rows.map((row) => row[0])).not.toContain('Their site');
    expect(mine.total).toBe(12);
    expect((await exportRows({ type: 2 }, { token: fx.otherToken })).rows).toEqual([]);
  });

  it('refuses traceroute and SSL lists, which have no tab (1001 on type)', async () => {
    for (const type of [6, 7]) {
      const answer = await fx.call('/domain/export', { type });
      expect([answer.code, answer.errors]).toEqual([1001, ['type:10010003']]);
    }
  });
});

describe('node cells', () => {
  it("name a node by its name, by its slug where another node's name or slug is the same (any case)", () => {
    const cellOf = nodeCellsOf([
      { id: 1, name: 'Beijing Telecom', slug: 'cn-beijing-telecom' },
      { id: 2, name: 'beijing telecom ', slug: 'cn-beijing-telecom-2' },
      { id: 3, name: 'Local', slug: 'local' },
      { id: 4, name: 'Operator node', slug: null },
      { id: 5, name: 'LOCAL', slug: 'tw-local-2' },
    ]);
    expect([1, 2, 3, 4, 5].map(cellOf)).toEqual(['cn-beijing-telecom', 'cn-beijing-telecom-2', 'local', 'Operator node', 'tw-local-2']);
  });
});
