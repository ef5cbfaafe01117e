import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestBatch, type IngestItem } from '../../../src/server/results/index.js';
import { acknowledge } from '../../../src/server/modules/deployments/assignments.js';
import { DomainListAnswer, type DomainListBody, type DomainListRow } from '../../../src/shared/calls/domain-list.js';
import { httpResult } from '../tasks-helpers.js';
import { bodyOf, domainFixture, type DomainFixture } from './domain-helpers.js';

// Four HTTP tasks with real ingested results over the last hours, and ten fillers without any:
// Alpha 100 % in the last hour (but all failed 2.5 h ago), Beta 80 %, Gamma 50 % (then disabled),
// Delta and the fillers no data.

const MINUTE = 60_000;
let fx: DomainFixture;
let now: number;
const ids = new Map<string, number>();
const idOf = (name: string): number => {
  const id = ids.get(name);
  if (id === undefined) throw new Error(`no task ${name}`);
  return id;
};

async function ingest(nodeId: number, items: IngestItem[]): Promise<void> {
  const answer = await ingestBatch(fx.server.app.vigil, nodeId, `batch-${nodeId}-${items[0]?.taskId}-${items[0]?.result.startedAt}`, items);
  expect(answer.rejected).toBe(0);
}

function series(taskId: number, start: number, count: number, make: (index: number, ts: number) => IngestItem['result']): IngestItem[] {
  return Array.from({ length: count }, (_, index) => ({ taskId, result: make(index, start + index * MINUTE) }));
}

beforeAll(async () => {
  fx = await domainFixture();
  const [a, b] = fx.nodes;
  const named = async (name: string, overrides: Record<string, unknown> = {}) => {
    const task = await fx.create('http', bodyOf('http', [a, b], { name, domain: `${name.toLowerCase().replace(/ /g, '-')}.example.com`, ...overrides }));
    ids.set(name, task.id);
    fx.server.clock.advanceSeconds(1);
  };
  await named('Alpha', { domainGroup: 'Shops', tags: ['prod'], frequencyMinutes: 1 });
  await named('Beta', { tags: ['prod', 'eu'] });
  await named('Gamma', { domainGroup: 'Shops' });
  await named('Delta');
  for (let index = 1; index <= 10; index += 1) await named(`Filler ${String(index).padStart(2, '0')}`);
  const vigil = fx.server.app.vigil;
  await acknowledge(vigil, a, [{ taskId: idOf('Alpha'), taskVersion: 1 }, { taskId: idOf('Beta'), taskVersion: 1 }]);
  await acknowledge(vigil, b, [{ taskId: idOf('Alpha'), taskVersion: 1 }]);

  now = fx.server.clock.now();
  await ingest(a, series(idOf('Alpha'), now - 30 * MINUTE, 10, (_, ts) => httpResult(ts, 200, 100)));
  await ingest(b, series(idOf('Alpha'), now - 30 * MINUTE, 10, (_, ts) => httpResult(ts, 200, 200)));
  await ingest(a, series(idOf('Alpha'), now - 150 * MINUTE, 10, (_, ts) => httpResult(ts, '000', null)));
  await ingest(a, series(idOf('Beta'), now - 20 * MINUTE, 10, (index, ts) => httpResult(ts, index < 8 ? 200 : 503, 50)));
  await ingest(a, series(idOf('Gamma'), now - 10 * MINUTE, 10, (index, ts) => (index < 5 ? httpResult(ts, 200, 300) : httpResult(ts, '000', null))));
  fx.passDeadlines();
  now = fx.server.clock.now();
  expect((await fx.call('/domain/http/update', { id: idOf('Gamma'), status: 2 })).code).toBe(200);
}, 60_000);
afterAll(() => fx.close());

async function list(body: Partial<DomainListBody> = {}, token = fx.token) {
  const answer = await fx.call('/domain/list', { type: 3, ...body }, token);
  expect(answer.code, answer.body).toBe(200);
  return DomainListAnswer.parse(answer.data);
}
const names = (rows: DomainListRow[]) => rows.map((row) => row.name);

describe('POST /domain/list', () => {
  it('answers each task with its figures over the last hour, its deploy status and last check', async () => {
    const answer = await list({ keyword: 'a', sortBy: 'name', sortOrder: 'asc', pageSize: 30 });
    expect(answer.from).toBe(new Date(now - 3_600_000).toISOString());
    expect(answer.to).toBe(new Date(now).toISOString());
    const byName = new Map(answer.list.map((row) => [row.name, row]));
    expect(byName.get('Alpha')).toMatchObject({
      id: idOf('Alpha'),
      type: 3,
      domain: 'alpha.example.com',
      port: null,
      otherPath: '/health',
      frequencyMinutes: 1,
      status: 1,
      deployStatus: 'completed',
      errorNodeCount: 0,
      nodeCount: 2,
      domainGroup: 'Shops',
      tags: ['prod'],
      availabilityPercent: 100,
      avgResponseMs: 150,
      serviceStatus: 1,
      lastCheckAt: new Date(now - 61_000 - 21 * MINUTE).toISOString(),
    });
    expect(byName.get('Beta')).toMatchObject({ availabilityPercent: 80, avgResponseMs: 50, serviceStatus: 2, deployStatus: 'error_nodes', errorNodeCount: 1 });
    expect(byName.get('Gamma')).toMatchObject({ availabilityPercent: 50, avgResponseMs: 300, serviceStatus: 3, status: 2, deployStatus: 'completed', errorNodeCount: 0 });
    expect(byName.get('Delta')).toMatchObject({ availabilityPercent: null, avgResponseMs: null, serviceStatus: 0, lastCheckAt: null, deployStatus: 'error_nodes', errorNodeCount: 2 });
  });

  it('pages by 10 by default and by 30, 50 or 100 on request, newest first', async () => {
    const first = await list();
    expect(first.total).toBe(14);
    expect(names(first.list)).toEqual(['Filler 10', 'Filler 09', 'Filler 08', 'Filler 07', 'Filler 06', 'Filler 05', 'Filler 04', 'Filler 03', 'Filler 02', 'Filler 01']);
    expect(names((await list({ page: 2 })).list)).toEqual(['Delta', 'Gamma', 'Beta', 'Alpha']);
    expect((await list({ page: 3 })).list).toEqual([]);
    expect((await list({ pageSize: 30 })).list.length).toBe(14);
    for (const body of [{ pageSize: 20 }, { page: 0 }, { sortBy: 'domain' }, { sortOrder: 'up' }, { type: 9 }, { serviceStatus: 4 }, { status: 0 }, { hours: 5 }, { extra: true }]) {
      const answer = await fx.call('/domain/list', { type: 3, ...body });
      expect(answer.code, JSON.stringify(body)).toBe(1001);
    }
    expect((await fx.call('/domain/list', {})).errors).toEqual(['type:10010002']);
  });

  it('filters by group, tag, status, service status and keyword', async () => {
    expect(names((await list({ group: 'Shops', sortBy: 'name', sortOrder: 'asc' })).list)).toEqual(['Alpha', 'Gamma']);
    expect(names((await list({ tag: 'prod', sortBy: 'name', sortOrder: 'asc' })).list)).toEqual(['Alpha', 'Beta']);
    expect(names((await list({ tag: 'eu' })).list)).toEqual(['Beta']);
    expect(names((await list({ status: 2 })).list)).toEqual(['Gamma']);
    expect((await list({ status: 1 })).total).toBe(13);
    expect(names((await list({ serviceStatus: 1 })).list)).toEqual(['Alpha']);
    expect(names((await list({ serviceStatus: 2 })).list)).toEqual(['Beta']);
    expect(names((await list({ serviceStatus: 3 })).list)).toEqual(['Gamma']);
    expect((await list({ serviceStatus: 0 })).total).toBe(11);
    expect(names((await list({ keyword: 'ALPHA.EXAMPLE' })).list)).toEqual(['Alpha']);
    expect(names((await list({ keyword: 'eta', sortBy: 'name', sortOrder: 'asc' })).list)).toEqual(['Beta']);
    expect((await list({ keyword: 'filler', tag: 'prod' })).total).toBe(0);
    expect((await list({ type: 2 })).total).toBe(0);
  });

  it('sorts by name, creation, availability and response time, tasks without data last', async () => {
    expect(names((await list({ sortBy: 'name', sortOrder: 'asc' })).list).slice(0, 3)).toEqual(['Alpha', 'Beta', 'Delta']);
    expect(names((await list({ sortBy: 'name', sortOrder: 'desc', pageSize: 30 })).list).slice(-3)).toEqual(['Delta', 'Beta', 'Alpha']);
    expect(names((await list({ sortBy: 'createdAt', sortOrder: 'asc' })).list).slice(0, 2)).toEqual(['Alpha', 'Beta']);
    expect(names((await list({ sortBy: 'availability', sortOrder: 'asc' })).list).slice(0, 4)).toEqual(['Gamma', 'Beta', 'Alpha', 'Delta']);
    expect(names((await list({ sortBy: 'availability', sortOrder: 'desc' })).list).slice(0, 4)).toEqual(['Alpha', 'Beta', 'Gamma', 'Filler 10']);
    expect(names((await list({ sortBy: 'responseTime', sortOrder: 'asc' })).list).slice(0, 3)).toEqual(['Beta', 'Alpha', 'Gamma']);
    const slowest = (await list({ sortBy: 'responseTime', sortOrder: 'desc', pageSize: 30 })).list;
    expect(names(slowest).slice(0, 4)).toEqual(['Gamma', 'Alpha', 'Beta', 'Filler 10']);
    expect(slowest.slice(3).every((row) => row.avgResponseMs === null)).toBe(true);
  });

  it('answers a page paged in SQL (figures of its rows only) exactly as the same page picked from every task with its figures', async () => {
    // Every task's domain holds "example": the keyword selects them all, but is filtered in JS over every task.
    const bodies: Partial<DomainListBody>[] = [{ page: 1 }, { page: 2 }, { page: 2, sortOrder: 'asc' }, { status: 1, pageSize: 30 }, { group: 'Shops' }];
    for (const body of bodies) {
      const paged = await list({ ...body, hours: 3 });
      expect(paged, JSON.stringify(body)).toEqual(await list({ ...body, hours: 3, keyword: 'example' }));
    }
    const withAllFigures = (await list({ sortBy: 'availability', pageSize: 30 })).list;
    const pagedRows = [...(await list()).list, ...(await list({ page: 2 })).list];
    expect(pagedRows.length).toBe(14);
    for (const row of pagedRows) expect(row, row.name).toEqual(withAllFigures.find((other) => other.id === row.id));
  });

  it('covers the chosen range: the last hours, or from-to', async () => {
    const threeHours = await list({ hours: 3, keyword: 'alpha' });
    expect(threeHours.list[0]).toMatchObject({ availabilityPercent: (20 / 30) * 100, serviceStatus: 3 });
    const week = await list({ hours: 168, keyword: 'alpha' });
    expect(week.list[0]?.availabilityPercent).toBeCloseTo((20 / 30) * 100, 6);
    const earlier = await list({ from: now - 61_000 - 160 * MINUTE, to: now - 61_000 - 140 * MINUTE, sortBy: 'name', sortOrder: 'asc', pageSize: 30 });
    expect(earlier.list.filter((row) => row.availabilityPercent !== null).map((row) => [row.name, row.availabilityPercent])).toEqual([['Alpha', 0]]);
    expect((await fx.call('/domain/list', { type: 3, from: now, to: now - 1 })).code).toBe(2121);
    expect((await fx.call('/domain/list', { type: 3, from: now })).errors).toEqual(['to:10010002']);
    expect((await fx.call('/domain/list', { type: 3, hours: 1, from: now - 1, to: now })).errors).toEqual(['hours:10010001']);
  });

  it("shows another customer none of these tasks and its own only", async () => {
    expect((await list({}, fx.otherToken)).total).toBe(0);
    await fx.create('http', bodyOf('http', [fx.nodes[0]]), fx.otherToken);
    expect(names((await list({}, fx.otherToken)).list)).toEqual(['Shop']);
    expect((await list()).total).toBe(14);
  });
});
