import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoInternals } from '../helpers.js';
import { bodyOf, domainFixture, type DomainFixture } from './domain-helpers.js';

// The second customer tries every call on the first customer's task ids: each answers as if the
// ids did not exist, and nothing of the first customer changes.

let fx: DomainFixture;
let mine: number;
let other: number;
beforeAll(async () => {
  fx = await domainFixture();
  mine = (await fx.create('tcp', bodyOf('tcp', [fx.nodes[0]], { name: 'Private db', domain: 'private.example.com' }))).id;
  other = (await fx.create('tcp', bodyOf('tcp', [fx.nodes[0]], { name: 'Their db' }), fx.otherToken)).id;
  fx.passDeadlines();
}, 60_000);
afterAll(() => fx.close());

const snapshot = () => fx.server.db.selectFrom('tasks').selectAll().orderBy('id').execute();

describe("another customer's task ids", () => {
  it('answer 2127, exactly like ids that do not exist, and change nothing', async () => {
    const before = await snapshot();
    const contractBefore = await fx.contract();
    const attempts: [string, (id: number) => unknown][] = [
      ['/domain/info', (id) => ({ id })],
      ['/domain/tcp/update', (id) => ({ id, name: 'Taken over' })],
      ['/domain/tcp/update', (id) => ({ id, port: null })],
      ['/domain/delete', (id) => ({ ids: [id] })],
      ['/domain/delete', (id) => ({ ids: [other, id] })],
      ['/domain/points/quote', (id) => ({ type: 2, frequencyMinutes: 1, nodeIds: [fx.nodes[0]], id })],
      ['/domain/deploy_result', (id) => ({ id })],
    ];
    for (const [path, body] of attempts) {
      const foreign = await fx.call(path, body(mine), fx.otherToken);
      const missing = await fx.call(path, body(987_654), fx.otherToken);
      expect([foreign.statusCode, foreign.code, foreign.data], path).toEqual([404, 2127, null]);
      expect(foreign.body).toBe(missing.body);
      expectNoInternals(foreign.body);
    }
    expect(await snapshot()).toEqual(before);
    expect(await fx.contract()).toEqual(contractBefore);
    expect((await fx.call('/domain/info', { id: other }, fx.otherToken)).code).toBe(200);
  });

  it('never appear in the other customer\'s list, search or counts', async () => {
    const list = await fx.call('/domain/list', { type: 2, keyword: 'private' }, fx.otherToken);
    expect(list.data.total).toBe(0);
    const search = await fx.call('/domain/search', { keyword: 'db' }, fx.otherToken);
    expect(search.data.list.map((item: { id: number }) => item.id)).toEqual([other]);
    const qty = await fx.call('/domain/monitor_qty', undefined, fx.otherToken, 'GET');
    expect(qty.data).toMatchObject({ total: 1, enabled: 1, disabled: 0 });
    expect((await fx.call('/domain/search', { keyword: 'db' })).data.list.map((item: { id: number }) => item.id)).toEqual([mine]);
  });

  it('do not count as duplicates for the other customer', async () => {
    const same = await fx.call('/domain/tcp/create', bodyOf('tcp', [fx.nodes[0]], { domain: 'private.example.com' }), fx.otherToken);
    expect(same.code).toBe(200);
  });
});
