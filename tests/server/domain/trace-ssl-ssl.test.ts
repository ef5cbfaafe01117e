import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainInfo } from '../../../src/shared/calls/domain-list.js';
import { SslSearchAnswer, type SslSearchBody } from '../../../src/shared/calls/domain-trace-ssl.js';
import { SSL_STATUS } from '../../../src/shared/codes.js';
import { expectNoInternals } from '../helpers.js';
import { bodyOf, domainFixture, type DomainFixture } from './domain-helpers.js';
import { DAY_MS, MINUTE_MS, certificateOf, ingestOne, sslBody, sslRun } from './trace-ssl-helpers.js';

let fx: DomainFixture;
beforeEach(async () => {
  fx = await domainFixture();
});
afterEach(() => fx.close());

const createSsl = async (body: Record<string, unknown>) => {
  const answer = await fx.call('/domain/ssl/create', body);
  if (answer.code !== 200) throw new Error(answer.body);
  return DomainInfo.parse(answer.data);
};

describe('POST /domain/ssl/create and /update', () => {
  it('creates an SSL task on port 443 unless given, charging its points, and lists and shows it as type 7', async () => {
    const [a, b] = fx.nodes;
    const task = await createSsl(sslBody([a, b], { tags: ['prod'] }));
    expect(task).toMatchObject({ type: 7, domain: 'shop.example.com', port: 443, frequencyMinutes: 60, nodeIds: [a, b], pointsCost: 2, tags: ['prod'] });
    expect((await fx.contract()).used_points).toBe(2);
    expect((await fx.call('/domain/info', { id: task.id })).data).toEqual(task);
    expect((await fx.call('/domain/list', { type: 7 })).data).toMatchObject({ total: 1, list: [{ id: task.id, port: 443 }] });
    expect((await createSsl(sslBody([a], { domain: 'mail.example.com', port: 0 }))).port).toBe(443);
    expect((await createSsl(sslBody([a], { domain: 'mail.example.com', port: 8443 }))).port).toBe(8443);
  });

  it('answers 1001 with the inner code of each invalid field and stores nothing', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ name: '' }, ['name:10010002']],
      [{ domain: 'bad domain' }, ['domain:10010004']],
      [{ port: 65_536 }, ['port:10010003']],
      [{ port: '443' }, ['port:10010001']],
      [{ frequencyMinutes: 3 }, ['frequencyMinutes:10010003']],
      [{ nodeIds: [] }, ['nodeIds:10010002']],
      [{ nodeIds: [987_654] }, ['nodeIds:10010003']],
      [{ otherPath: '/x' }, ['otherPath:10010001']],
      [{ tags: ['x'.repeat(51)] }, ['tags.0:10010005']],
    ];
    for (const [overrides, errors] of cases) {
      const answer = await fx.call('/domain/ssl/create', sslBody([fx.nodes[0]], overrides));
      expect([answer.statusCode, answer.code, answer.errors], JSON.stringify(overrides)).toEqual([400, 1001, errors]);
      expectNoInternals(answer.body);
    }
    expect(await fx.server.db.selectFrom('tasks').select('id').execute()).toEqual([]);
    expect((await fx.contract()).used_points).toBe(0);
  });

  it('answers 2125 for the same domain (any case) and port, 443 however written', async () => {
    const [a] = fx.nodes;
    const first = await createSsl(sslBody([a]));
    for (const overrides of [{ domain: 'SHOP.example.com' }, { port: 443 }, { port: 0 }]) {
      const answer = await fx.call('/domain/ssl/create', sslBody([a], { name: 'Again', ...overrides }));
      expect([answer.statusCode, answer.code], JSON.stringify(overrides)).toEqual([409, 2125]);
    }
    const other = await createSsl(sslBody([a], { port: 8443 }));
    // An HTTPS task on the same host is another type: no duplicate.
    expect((await fx.call('/domain/https/create', bodyOf('https', [a], { domain: 'shop.example.com' }))).code).toBe(200);
    fx.passDeadlines();
    expect((await fx.call('/domain/ssl/update', { id: other.id, port: 0 })).code).toBe(2125);
    expect((await fx.call('/domain/ssl/update', { id: first.id, port: 9443 })).data).toMatchObject({ port: 9443, version: 2 });
  });

  it('updates the named fields (port 0 as 443), keeps points when disabled; 2131 while deploying, 2127 for another type', async () => {
    const [a, b] = fx.nodes;
    const task = await createSsl(sslBody([a], { port: 8443 }));
    expect((await fx.call('/domain/ssl/update', { id: task.id, name: 'Soon' })).code).toBe(2131);
    fx.passDeadlines();
    const moved = await fx.call('/domain/ssl/update', { id: task.id, port: 0, nodeIds: [a, b], frequencyMinutes: 30 });
    expect(moved.data).toMatchObject({ port: 443, nodeIds: [a, b], pointsCost: 4, name: 'Shop certificate' });
    expect((await fx.contract()).used_points).toBe(4);
    fx.passDeadlines();
    expect((await fx.call('/domain/ssl/update', { id: task.id, status: 2 })).data).toMatchObject({ status: 2, pointsCost: 4 });
    expect((await fx.contract()).used_points).toBe(4);
    expect((await fx.call('/domain/ssl/update', { id: task.id, port: -1 })).errors).toEqual(['port:10010003']);
    const http = await fx.create('http', bodyOf('http', [a]));
    fx.passDeadlines();
    expect((await fx.call('/domain/ssl/update', { id: http.id, name: 'x' })).code).toBe(2127);
  });
});

describe('POST /domain/ssl/delete', () => {
  it('deletes SSL tasks all or none, giving their points back; any other id is 2127 and deletes nothing', async () => {
    const [a, b] = fx.nodes;
    const one = await createSsl(sslBody([a, b]));
    const two = await createSsl(sslBody([a], { domain: 'mail.example.com' }));
    const http = await fx.create('http', bodyOf('http', [a]));
    expect((await fx.call('/domain/ssl/delete', { ids: [one.id, two.id] })).code).toBe(2131);
    fx.passDeadlines();
    for (const ids of [[one.id, http.id], [one.id, 987_654]]) {
      const refused = await fx.call('/domain/ssl/delete', { ids });
      expect([refused.statusCode, refused.code, refused.data]).toEqual([404, 2127, null]);
    }
    expect((await fx.call('/domain/ssl/delete', { ids: [] })).errors).toEqual(['ids:10010002']);
    expect((await fx.call('/domain/ssl/delete', { ids: Array.from({ length: 101 }, (_, index) => index + 1) })).code).toBe(1001);
    expect((await fx.contract()).used_points).toBe(3 + 12);

    const deleted = await fx.call('/domain/ssl/delete', { ids: [one.id, two.id, one.id] });
    expect(deleted.data).toEqual({ deleted: 2, returnedPoints: 3 });
    expect((await fx.contract()).used_points).toBe(12);
    expect((await fx.call('/domain/info', { id: one.id })).code).toBe(2127);
    const rows = await fx.server.db.selectFrom('point_transactions').select(['task_id', 'kind', 'points']).where('kind', '=', 'delete').orderBy('id').execute();
    expect(rows).toEqual([
      { task_id: one.id, kind: 'delete', points: -2 },
      { task_id: two.id, kind: 'delete', points: -1 },
    ]);
  });
});

describe('POST /domain/ssl/search', () => {
  async function seedTasks() {
    const [a, b] = fx.nodes;
    const now = fx.server.clock.now();
    const checked = now - MINUTE_MS;
    const make = async (name: string, nodeIds: number[], extra: Record<string, unknown> = {}) =>
      (await createSsl(sslBody(nodeIds, { name, domain: `${name.toLowerCase()}.example.com`, ...extra }))).id;
    const ids = {
      alpha: await make('Alpha', [a, b], { domainGroup: 'Shops', tags: ['prod'] }),
      bravo: await make('Bravo', [a], { tags: ['prod'] }),
      charlie: await make('Charlie', [a]),
      delta: await make('Delta', [a], { status: 2 }),
      echo: await make('Echo', [a]),
      foxtrot: await make('Foxtrot', [a]),
      golf: await make('Golf', [a], { port: 8443 }),
    };
    // Alpha: node a sees a certificate for 90 days, node b (checked later) one for 30: the soonest counts.
    await ingestOne(fx, a, ids.alpha, sslRun(checked, certificateOf(now, 90)));
    await ingestOne(fx, b, ids.alpha, sslRun(checked + 1_000, certificateOf(now, 30, 'edge.example.com')));
    await ingestOne(fx, a, ids.bravo, sslRun(checked, certificateOf(now, 3)));
    await ingestOne(fx, a, ids.charlie, sslRun(checked, certificateOf(now, -2)));
    await ingestOne(fx, a, ids.echo, sslRun(checked, null));
    await ingestOne(fx, a, ids.foxtrot, sslRun(checked, certificateOf(now, 7)));
    await ingestOne(fx, a, ids.golf, sslRun(checked, certificateOf(now, 8)));
    return { ids, now, checked };
  }

  const search = async (body: Partial<SslSearchBody> = {}, token = fx.token) => {
    const answer = await fx.call('/domain/ssl/search', body, token);
    if (answer.code !== 200) throw new Error(answer.body);
    return SslSearchAnswer.parse(answer.data);
  };
  const names = (answer: SslSearchAnswer) => answer.list.map((row) => row.name);

  it('shows each task’s certificate expiry, days left, last check and SSL status by the one-week band', async () => {
    const { ids, now, checked } = await seedTasks();
    const answer = await search();
    expect(answer.total).toBe(7);
    expect(names(answer)).toEqual(['Charlie', 'Bravo', 'Foxtrot', 'Golf', 'Alpha', 'Delta', 'Echo']);
    const row = (id: number) => answer.list.find((item) => item.id === id);
    expect(row(ids.alpha)).toMatchObject({
      port: 443,
      daysLeft: 30,
      sslStatus: SSL_STATUS.NOT_EXPIRED,
      validTo: new Date(now + 30 * DAY_MS + 3_600_000).toISOString(),
      subject: 'CN=edge.example.com, O=Shop',
      issuer: 'CN=Test CA, O=Test',
      authorized: true,
      lastCheckAt: new Date(checked + 1_000).toISOString(),
      nodeCount: 2,
      domainGroup: 'Shops',
      deployStatus: 'processing',
    });
    expect([row(ids.bravo)?.daysLeft, row(ids.bravo)?.sslStatus]).toEqual([3, SSL_STATUS.EXPIRING]);
    expect([row(ids.foxtrot)?.daysLeft, row(ids.foxtrot)?.sslStatus]).toEqual([7, SSL_STATUS.EXPIRING]);
    expect([row(ids.golf)?.daysLeft, row(ids.golf)?.sslStatus, row(ids.golf)?.port]).toEqual([8, SSL_STATUS.NOT_EXPIRED, 8443]);
    expect([row(ids.charlie)?.daysLeft, row(ids.charlie)?.sslStatus]).toEqual([-2, SSL_STATUS.EXPIRED]);
    expect(row(ids.delta)).toMatchObject({ validTo: null, daysLeft: null, sslStatus: null, lastCheckAt: null, status: 2 });
    // A check that saw no certificate still counts as the last check.
    expect(row(ids.echo)).toMatchObject({ validTo: null, sslStatus: null, lastCheckAt: new Date(checked).toISOString() });

    // Days left are counted now: two days later Golf is within the week and Bravo has expired.
    fx.server.clock.advanceSeconds(2 * 86_400);
    const later = await search({}, await fx.server.login());
    expect(later.list.find((item) => item.id === ids.golf)).toMatchObject({ daysLeft: 6, sslStatus: SSL_STATUS.EXPIRING });
    expect(later.list.find((item) => item.id === ids.bravo)).toMatchObject({ daysLeft: 1, sslStatus: SSL_STATUS.EXPIRING });
    expect(later.list.find((item) => item.id === ids.charlie)).toMatchObject({ daysLeft: -4, sslStatus: SSL_STATUS.EXPIRED });
  });

  it('filters by SSL status, status, keyword, group and tag; sorts and pages', async () => {
    await seedTasks();
    expect(names(await search({ sslStatus: 1 }))).toEqual(['Golf', 'Alpha']);
    expect(names(await search({ sslStatus: 2 }))).toEqual(['Bravo', 'Foxtrot']);
    expect(names(await search({ sslStatus: 3 }))).toEqual(['Charlie']);
    expect(names(await search({ status: 2 }))).toEqual(['Delta']);
    expect(names(await search({ keyword: 'ALPHA.example' }))).toEqual(['Alpha']);
    expect(names(await search({ group: 'Shops' }))).toEqual(['Alpha']);
    expect(names(await search({ tag: 'prod' }))).toEqual(['Bravo', 'Alpha']);
    expect(names(await search({ sortOrder: 'desc' }))).toEqual(['Alpha', 'Golf', 'Foxtrot', 'Bravo', 'Charlie', 'Echo', 'Delta']);
    expect(names(await search({ sortBy: 'name', sortOrder: 'desc' }))).toEqual(['Golf', 'Foxtrot', 'Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']);
    expect(names(await search({ sortBy: 'createdAt' }))).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf']);
    const page = await fx.call('/domain/ssl/search', { page: 1, pageSize: 10, sortBy: 'name' });
    expect(page.data.total).toBe(7);
    expect((await fx.call('/domain/ssl/search', { page: 2, pageSize: 10 })).data).toEqual({ list: [], total: 7 });
    for (const [body, error] of [
      [{ pageSize: 20 }, 'pageSize:10010001'],
      [{ sslStatus: 7 }, 'sslStatus:10010003'],
      [{ sslStatus: 0 }, 'sslStatus:10010003'],
      [{ sortBy: 'daysLeft' }, 'sortBy:10010003'],
      [{ extra: true }, 'extra:10010001'],
    ] as const) {
      expect((await fx.call('/domain/ssl/search', body)).errors, JSON.stringify(body)).toEqual([error]);
    }
  });
});
