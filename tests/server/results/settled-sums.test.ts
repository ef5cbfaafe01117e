import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/connection.js';
import { migrateToLatest } from '../../../src/server/db/migrations/index.js';
import { seedNodeCatalogueIfEmpty } from '../../../src/server/db/node-catalogue.js';
import { createCustomer } from '../../../src/server/modules/operator/customers.js';
import { createTask } from '../../../src/server/modules/tasks/service.js';
import { ingestBatch, pruneResults, rangeSums, type IngestItem, type ResultsScope, type TimeRange } from '../../../src/server/results/index.js';
import { LATE_AFTER_MS, lateWriteMark, SETTLING_MS } from '../../../src/server/results/late-writes.js';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import { uniqueTaxId } from '../helpers.js';
import { httpResult, httpTaskInput, STORE_START, tcpResult } from '../tasks-helpers.js';
import { createTestDatabase } from '../test-database.js';
import { seeded } from '../../support/seeded.js';

// The per-task sums keep what settled rollup buckets add up to between reads (results/settled-sums.ts).
// What a user must never notice: a figure that differs from the plain sum over the raw checks whose
// start lies in the range — after late results, on another instance's reads, after pruning, for a
// task deleted or changed since. Two instances here are two connections (each its own kept sums) on
// one database, their clocks apart by less than the bound late-writes.ts states.

const SECOND = 1_000;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const NODES = [1, 2, 3];

interface Instance {
  db: Db;
  ctx: { db: Db; now: () => number; resultRetentionDays: number };
}

interface Store {
  a: Instance;
  b: Instance;
  custId: number;
  otherCustId: number;
  setTime(ms: number): void;
  now(): number;
  close(): Promise<void>;
}

/** Instance b's clock runs this far behind a's (well inside SETTLING_MS - LATE_AFTER_MS). */
const SKEW_MS = 20 * SECOND;

async function createStore(): Promise<Store> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-settled-'));
  const database = await createTestDatabase(dir);
  const first = database.open();
  await migrateToLatest(first);
  const second = database.open();
  await seedNodeCatalogueIfEmpty(first, STORE_START);
  let time = STORE_START;
  const instance = (db: Db, skew: number): Instance => ({ db, ctx: { db, now: () => time - skew, resultRetentionDays: 30 } });
  const customer = (name: string) => createCustomer({ db: first, now: () => time }, { name, taxId: uniqueTaxId() });
  return {
    a: instance(first, 0),
    b: instance(second, SKEW_MS),
    custId: (await customer('Acme')).id,
    otherCustId: (await customer('Other')).id,
    setTime: (ms) => (time = ms),
    now: () => time,
    close: async () => {
      await second.destroy();
      await first.destroy();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Plain {
  taskId: number;
  count: number;
  successes: number;
  latencyCount: number;
  latencySum: number;
}

/** Plain sums over the raw results of the scope's tasks whose start is in the range (checks with results only). */
async function rawSums(db: Db, scope: ResultsScope, range: TimeRange): Promise<Plain[]> {
  const types = scope.types ? sql` and type in (${sql.join([...scope.types])})` : sql``;
  const { rows } = await sql<{ task_id: number; count: number; successes: number; latency_count: number; latency_sum: number }>`
    select task_id, count(*) as count, sum(ok) as successes, sum(case when ok = 1 and latency_ms is not null then 1 else 0 end) as latency_count,
      coalesce(sum(case when ok = 1 then latency_ms end), 0) as latency_sum
    from results where ts >= ${range.from} and ts < ${range.to}
      and task_id in (select id from tasks where cust_id = ${scope.custId} and deleted_at is null${types})
    group by task_id order by task_id`.execute(db);
  return rows.map((row) => ({ taskId: Number(row.task_id), count: Number(row.count), successes: Number(row.successes), latencyCount: Number(row.latency_count), latencySum: Number(row.latency_sum) }));
}

async function readSums(instance: Instance, scope: ResultsScope, range: TimeRange): Promise<{ covered: TimeRange; sums: Plain[] }> {
  const answer = await rangeSums(instance.ctx, scope, range, { by: 'task' });
  const sums = answer.groups
    .map(({ taskId, count, successes, latencyCount, latencySum }) => ({ taskId, count, successes, latencyCount, latencySum }))
    .sort((x, y) => x.taskId - y.taskId);
  return { covered: answer.covered, sums };
}

/** Each instance's per-task sums of the range equal the raw sums (latencies in quarter ms: exact). */
async function expectExact(store: Store, scope: ResultsScope, range: TimeRange, label: string): Promise<void> {
  for (const instance of [store.a, store.b]) {
    const read = await readSums(instance, scope, range);
    expect(read.covered, label).toEqual(range);
    expect(read.sums, label).toEqual(await rawSums(store.a.db, scope, read.covered));
  }
}

let batch = 0;

/** Each task's type, as its results must carry it. */
const typeOf = new Map<number, number>();

/** One result per (task, node) at these starts, through ingest on the instance. */
async function ingest(instance: Instance, taskIds: readonly number[], starts: readonly number[], random: () => number): Promise<void> {
  for (const nodeId of NODES) {
    const items: IngestItem[] = [];
    for (const taskId of taskIds) {
      for (const start of starts) {
        const ok = random() > 0.2;
        const latency = ok ? 1 + Math.floor(random() * 4_000) / 4 : null;
        const result = typeOf.get(taskId) === MONITOR_TYPES.TCP ? tcpResult(start, ok, latency) : httpResult(start, ok ? 200 : 503, latency);
        items.push({ taskId, result });
      }
    }
    batch += 1;
    const answer = await ingestBatch(instance.ctx, nodeId, `settled-${batch}`, items);
    expect(answer.rejected).toBe(0);
  }
}

describe('settled buckets read once', () => {
  let store: Store;
  let httpTasks: number[];
  let tcpTasks: number[];
  let otherTask: number;
  const scopes = () => [
    { custId: store.custId },
    { custId: store.custId, types: [MONITOR_TYPES.HTTP] },
  ];

  beforeEach(async () => {
    store = await createStore();
    const ctx = store.a.ctx;
    const create = async (custId: number, type: number, name: string) => {
      const task = await createTask(ctx, custId, httpTaskInput({ type, name, domain: `${name}.example.com`, ...(type === MONITOR_TYPES.TCP ? { port: 443 } : {}), nodeIds: NODES }));
      typeOf.set(task.id, task.type);
      return task.id;
    };
    httpTasks = [await create(store.custId, MONITOR_TYPES.HTTP, 'shop'), await create(store.custId, MONITOR_TYPES.HTTP, 'blog'), await create(store.custId, MONITOR_TYPES.HTTP, 'api')];
    tcpTasks = [await create(store.custId, MONITOR_TYPES.TCP, 'db'), await create(store.custId, MONITOR_TYPES.TCP, 'mail')];
    otherTask = await create(store.otherCustId, MONITOR_TYPES.HTTP, 'other');
  }, 60_000);
  afterEach(async () => {
    await store.close();
  });

  it('equal the raw sums over ragged ranges while the clock moves and batches come on time and late, on both instances', async () => {
    const random = seeded(20261127);
    const tasks = [...httpTasks, ...tcpTasks];
    let now = STORE_START + 17 * MINUTE + 13_250;
    store.setTime(now);
    // Three hours before, so every range below has its rows.
    for (let start = now - 4 * HOUR; start < now - 2 * MINUTE; start += 50 * SECOND) await ingest(store.a, tasks, [start], random);
    for (let step = 0; step < 24; step += 1) {
      now += Math.floor((20 + random() * 100) * SECOND);
      store.setTime(now);
      const writer = step % 2 === 0 ? store.a : store.b;
      const writerNow = writer.ctx.now();
      await ingest(writer, tasks, [writerNow - Math.floor(random() * 40 * SECOND)], random);
      // Every third step a late result of a settled bucket (3 to 200 minutes back) for one task, and one of another customer.
      if (step % 3 === 1) {
        const late = writerNow - LATE_AFTER_MS - Math.floor((30 + random() * 12_000) * SECOND);
        await ingest(writer, [tasks[Math.floor(random() * tasks.length)] ?? 0], [late], random);
        await ingest(writer, [otherTask], [late], random);
        // And one in the settled minute the ragged range below ends in (read from raw results).
        await ingest(writer, [tasks[step % tasks.length] ?? 0], [now - 6 * MINUTE - 10 * SECOND], random);
      }
      const ranges: [string, TimeRange][] = [
        ['last hour', { from: now - HOUR, to: now }],
        ['last 3 h', { from: now - 3 * HOUR, to: now }],
        ['ragged', { from: now - 97 * MINUTE - 7_500, to: now - 6 * MINUTE - 2_250 }],
        ['ending a minute ago', { from: now - 2 * HOUR - 41 * MINUTE, to: now - MINUTE - 1_500 }],
      ];
      for (const scope of scopes()) for (const [label, range] of ranges) await expectExact(store, scope, range, `step ${step}: ${label}`);
    }
  }, 240_000);

  it('moves the customer’s mark only for a result that started longer ago than the late threshold', async () => {
    const random = seeded(7);
    const now = STORE_START + 30 * MINUTE;
    store.setTime(now);
    await ingest(store.a, [httpTasks[0] ?? 0], [now - LATE_AFTER_MS + SECOND], random);
    expect(await lateWriteMark(store.a.db, store.custId)).toBe(0);
    await ingest(store.a, [httpTasks[0] ?? 0], [now - LATE_AFTER_MS - SECOND], random);
    // One batch per node, each a late write.
    expect(await lateWriteMark(store.b.db, store.custId)).toBe(NODES.length);
    expect(await lateWriteMark(store.a.db, store.otherCustId)).toBe(0);
    expect(LATE_AFTER_MS).toBeLessThan(SETTLING_MS - SKEW_MS);
  });

  it('keeps a settled bucket’s sums under the mark they were read with, and reads them again once it moves', async () => {
    const random = seeded(11);
    const now = STORE_START + 40 * MINUTE + 30 * SECOND;
    store.setTime(now);
    for (let start = now - 2 * HOUR; start < now; start += MINUTE) await ingest(store.a, httpTasks, [start], random);
    const scope = { custId: store.custId };
    const range = { from: now - HOUR, to: now };
    const before = await readSums(store.a, scope, range);
    expect(before.sums).toEqual(await rawSums(store.a.db, scope, range));
    // A settled ten minutes the range reads, changed behind ingest's back (no such writer exists): the kept sums still answer.
    const tenMinutes = Math.floor((now - 50 * MINUTE) / (10 * MINUTE)) * 10 * MINUTE;
    await sql`update rollup_task_ten_minute set count = count + 1000 where bucket_start = ${tenMinutes}`.execute(store.a.db);
    expect((await readSums(store.a, scope, range)).sums).toEqual(before.sums);
    // A late write moves the mark (on the other instance): everything settled is read again.
    await ingest(store.b, [httpTasks[0] ?? 0], [now - 50 * MINUTE], random);
    const after = await readSums(store.a, scope, range);
    expect(after.sums.map((sums) => sums.count)).toEqual(before.sums.map((sums, index) => sums.count + 1000 + (index === 0 ? NODES.length : 0)));
  });

  it('leaves out a task deleted or moved to another type since its sums were kept, and takes in one created since', async () => {
    const random = seeded(5);
    let now = STORE_START + 50 * MINUTE + 12 * SECOND;
    store.setTime(now);
    for (let start = now - 2 * HOUR; start < now; start += MINUTE) await ingest(store.a, [...httpTasks, ...tcpTasks], [start], random);
    const range = () => ({ from: now - HOUR, to: now });
    for (const scope of scopes()) await expectExact(store, scope, range(), 'before');
    await store.a.db.updateTable('tasks').set({ deleted_at: now }).where('id', '=', httpTasks[0] ?? 0).execute();
    await store.a.db.updateTable('tasks').set({ type: MONITOR_TYPES.TCP }).where('id', '=', httpTasks[1] ?? 0).execute();
    const created = await createTask(store.a.ctx, store.custId, httpTaskInput({ name: 'new', domain: 'new.example.com', nodeIds: NODES }));
    typeOf.set(created.id, created.type);
    now += 2 * MINUTE;
    store.setTime(now);
    await ingest(store.a, [created.id, ...tcpTasks], [now - 30 * SECOND], random);
    for (const scope of scopes()) await expectExact(store, scope, range(), 'after');
    const sums = (await readSums(store.a, { custId: store.custId, types: [MONITOR_TYPES.HTTP] }, range())).sums.map((row) => row.taskId);
    expect(sums).not.toContain(httpTasks[0]);
    expect(sums).not.toContain(httpTasks[1]);
  });

  it('after pruning reads only what is kept, exactly', async () => {
    const random = seeded(3);
    let now = STORE_START + 20 * MINUTE + 45 * SECOND;
    store.setTime(now);
    for (let start = now - 5 * HOUR; start < now; start += MINUTE) await ingest(store.a, httpTasks, [start], random);
    const scope = { custId: store.custId };
    for (const hours of [1, 3, 4.5]) await expectExact(store, scope, { from: now - hours * HOUR, to: now }, `${hours} h before`);
    now += 3 * MINUTE;
    store.setTime(now);
    // Minute rollups kept 2 hours from here: a range reaching further starts at a whole hour.
    await pruneResults(store.b.db, now, { minute: 2 / 24 });
    for (const hours of [1, 3, 4.5]) {
      const range = { from: now - hours * HOUR, to: now };
      for (const instance of [store.a, store.b]) {
        const read = await readSums(instance, scope, range);
        expect(read.covered.to).toBe(range.to);
        expect(read.sums, `${hours} h after`).toEqual(await rawSums(store.a.db, scope, read.covered));
      }
    }
  });
});
