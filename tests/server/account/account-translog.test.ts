import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_SIZES } from '../../../src/shared/constants.js';
import { adminLogin } from '../helpers.js';
import { accountFixture, bodyOf, type AccountFixture } from './account-helpers.js';

let fx: AccountFixture;
beforeEach(async () => {
  fx = await accountFixture();
});
afterEach(() => fx.close());

const translog = (body: Record<string, unknown> = {}, token?: string) => fx.call('/account/translog', body, token);

/** Creates an HTTP task at the server's current time and answers its id (it charges 12 points per node at 5 min). */
async function httpTask(name: string, nodeIds: number[]) {
  return (await fx.create('http', bodyOf('http', nodeIds, { name, domain: `${name.toLowerCase()}.example.com` }))).id;
}

describe('/account/translog', () => {
  it('lists every movement of the points newest first, each with its task and the balance after it', async () => {
    const [a, b] = fx.nodes;
    const id = await httpTask('Shop', [a]);
    fx.passDeadlines();
    await fx.call('/domain/http/update', { id, nodeIds: [a, b] });
    fx.passDeadlines();
    await fx.call('/domain/delete', { ids: [id] });

    const answer = await translog();
    expect(answer.code).toBe(200);
    expect(answer.data.total).toBe(3);
    const rows = answer.data.list as { kind: string; points: number; balanceAfter: number; task: Record<string, unknown>; note: string; createdAt: string }[];
    expect(rows.map((row) => [row.kind, row.points, row.balanceAfter])).toEqual([
      ['delete', -24, 10_000],
      ['update', 12, 9_976],
      ['create', 12, 9_988],
    ]);
    // Deleted since: the rows still say what it was, and that it is gone.
    expect(rows[2]?.task).toEqual({ id, name: 'Shop', type: 3, domain: 'shop.example.com', port: null, otherPath: '/health', exists: false });
    expect(rows[2]?.note).toBe('');
    expect(Date.parse(rows[2]?.createdAt ?? '')).toBeLessThan(Date.parse(rows[0]?.createdAt ?? ''));
  });

  it('says the task exists while it does, and keeps the name it had when the points moved', async () => {
    const [a, b] = fx.nodes;
    const id = await httpTask('Shop', [a]);
    fx.passDeadlines();
    await fx.call('/domain/http/update', { id, name: 'Renamed', nodeIds: [a, b] });
    const rows = (await translog()).data.list as { task: { name: string; exists: boolean } }[];
    expect(rows.map((row) => [row.task.name, row.task.exists])).toEqual([
      ['Renamed', true],
      ['Shop', true],
    ]);
  });

  it('pages by the spec page sizes and refuses any other size', async () => {
    const [a, b, c, d] = fx.nodes;
    for (const [index, nodes] of [[a], [b], [c], [d], [a, b], [c, d], [a, c]].entries()) await httpTask(`T${index}`, nodes);
    const first = await translog({ page: 1, pageSize: 10 });
    expect([first.data.total, first.data.list.length]).toEqual([7, 7]);
    for (const pageSize of PAGE_SIZES) expect((await translog({ pageSize })).code).toBe(200);
    const refused = await translog({ pageSize: 20 });
    expect([refused.statusCode, refused.code, refused.errors]).toEqual([400, 1001, ['pageSize:10010001']]);
    expect((await translog({ page: 0 })).code).toBe(1001);
    const past = await translog({ page: 2, pageSize: 10 });
    expect([past.data.total, past.data.list]).toEqual([7, []]);
  });

  it('pages without gaps or repeats', async () => {
    const [a] = fx.nodes;
    const id = await httpTask('Shop', [a]);
    await fx.server.db
      .insertInto('point_transactions')
      .values(Array.from({ length: 34 }, (_, index) => ({ cust_id: fx.server.custId, contract_id: 1, task_id: id, kind: 'update' as const, points: index, balance_after: 5_000, created_at: fx.server.clock.now(), note: 'Shop' })))
      .execute();
    const pages = [];
    for (let page = 1; page <= 4; page += 1) pages.push(...(await translog({ page, pageSize: 10 })).data.list);
    const ids = pages.map((row: { id: number }) => row.id);
    expect(ids).toHaveLength(35);
    expect(new Set(ids).size).toBe(35);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
  });

  it('filters by kind', async () => {
    const [a] = fx.nodes;
    const id = await httpTask('Shop', [a]);
    await httpTask('Blog', [a]);
    fx.passDeadlines();
    await fx.call('/domain/delete', { ids: [id] });
    const kinds = async (kind: string) => ((await translog({ kind })).data.list as { kind: string }[]).map((row) => row.kind);
    expect(await kinds('create')).toEqual(['create', 'create']);
    expect(await kinds('delete')).toEqual(['delete']);
    expect(await kinds('update')).toEqual([]);
    expect(await kinds('topup')).toEqual([]);
    const refused = await translog({ kind: 'refund' });
    expect([refused.code, refused.errors]).toEqual([1001, ['kind:10010003']]);
  });

  it('takes a transaction exactly at `from` and leaves out one exactly at `to`', async () => {
    const [a] = fx.nodes;
    const first = fx.server.clock.now();
    await httpTask('First', [a]);
    fx.server.clock.advanceSeconds(60);
    const second = fx.server.clock.now();
    await httpTask('Second', [a]);
    fx.server.clock.advanceSeconds(60);
    const third = fx.server.clock.now();
    await httpTask('Third', [a]);
    const names = async (range: Record<string, number>) => ((await translog(range)).data.list as { task: { name: string } }[]).map((row) => row.task.name);

    expect(await names({ from: second, to: third })).toEqual(['Second']);
    expect(await names({ from: second - 1, to: third + 1 })).toEqual(['Third', 'Second']);
    expect(await names({ from: second + 1, to: third })).toEqual([]);
    expect(await names({ from: first })).toEqual(['Third', 'Second', 'First']);
    expect(await names({ to: second })).toEqual(['First']);
    expect((await translog({ from: second, to: third, kind: 'create' })).data.total).toBe(1);
  });

  it('answers 2121 when `to` is not after `from`, and 1001 for times outside the calendar', async () => {
    const now = fx.server.clock.now();
    for (const range of [{ from: now, to: now }, { from: now, to: now - 1 }]) {
      const refused = await translog(range);
      expect([refused.statusCode, refused.code]).toEqual([400, 2121]);
    }
    expect((await fx.call('/account/translog/export', { from: now, to: now })).code).toBe(2121);
    const negative = await translog({ from: -1 });
    expect([negative.code, negative.errors]).toEqual([1001, ['from:10010003']]);
    expect((await translog({ to: 'tomorrow' })).code).toBe(1001);
    expect((await translog({ extra: 1 })).code).toBe(1001);
  });

  it('never shows another customer its rows, nor it ours', async () => {
    const [a] = fx.nodes;
    await httpTask('Ours', [a]);
    const theirs = await fx.create('http', bodyOf('http', [a], { name: 'Theirs' }), fx.otherToken);
    const ours = (await fx.allPages()) as { task: { name: string } }[];
    const other = (await fx.allPages({}, fx.otherToken)) as { task: { id: number; name: string } }[];
    expect(ours.map((row) => row.task.name)).toEqual(['Ours']);
    expect(other.map((row) => [row.task.id, row.task.name])).toEqual([[theirs.id, 'Theirs']]);
    expect((await fx.allChunks({}, fx.otherToken)).rows).toEqual(other);
  });

  it('is read in an administrator view of the customer, which sees the customer\'s rows', async () => {
    const [a] = fx.nodes;
    await httpTask('Shop', [a]);
    const admin = await adminLogin(fx.server);
    const answer = await translog({}, admin);
    expect([answer.code, answer.data.total]).toEqual([200, 1]);
    expect((await fx.call('/account/translog/export', {}, admin)).data.total).toBe(1);
    expect((await fx.call('/account/users', undefined, admin)).code).toBe(200);
  });

  it('needs a session and the overview area', async () => {
    expect((await fx.server.call('/account/translog', { body: {} })).statusCode).toBe(401);
  });
});

describe('/account/translog/export', () => {
  it('answers exactly the filtered list, in chunks, however many rows it holds', async () => {
    const [a] = fx.nodes;
    const id = await httpTask('Shop', [a]);
    const start = fx.server.clock.now();
    const many = Array.from({ length: 2_300 }, (_, index) => ({
      cust_id: fx.server.custId,
      contract_id: 1,
      task_id: id,
      kind: (index % 3 === 0 ? 'delete' : 'update') as 'delete' | 'update',
      points: index % 2 === 0 ? 6 : -6,
      balance_after: 9_000 + index,
      created_at: start + index * 1_000,
      note: 'Shop',
    }));
    await fx.server.db.insertInto('point_transactions').values(many).execute();

    const whole = await fx.allChunks();
    expect([whole.total, whole.rows.length, whole.chunks]).toEqual([2_301, 2_301, 3]);
    expect(whole.rows).toEqual(await fx.allPages());

    const filters = { kind: 'update', from: start + 100_000, to: start + 1_900_000 };
    const filtered = await fx.allChunks(filters);
    expect(filtered.rows).toEqual(await fx.allPages(filters));
    expect(filtered.total).toBe(filtered.rows.length);
    expect(filtered.rows.length).toBe(many.filter((row) => row.kind === 'update' && row.created_at >= filters.from && row.created_at < filters.to).length);
  });

  it("refuses to continue after a row that is not the customer's", async () => {
    const [a] = fx.nodes;
    await httpTask('Ours', [a]);
    const ourRow = (await translog()).data.list[0].id as number;
    for (const beforeId of [ourRow + 1_000, ourRow]) {
      const token = beforeId === ourRow ? fx.otherToken : fx.token;
      const refused = await fx.call('/account/translog/export', { beforeId }, token);
      expect([refused.code, refused.errors]).toEqual([1001, ['beforeId:10010003']]);
    }
  });

  it('answers an empty file for a filter nothing matches', async () => {
    const answer = await fx.call('/account/translog/export', { kind: 'create' });
    expect(answer.data).toEqual({ rows: [], total: 0, nextBeforeId: null });
  });
});
