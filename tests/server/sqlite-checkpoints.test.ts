import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTOCHECKPOINT_PAGES, checkpointerOf, type CheckpointOptions } from '../../src/server/db/checkpointer.js';
import { openDatabase, type Db } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrations/index.js';
import { seedNodeCatalogueIfEmpty } from '../../src/server/db/node-catalogue.js';
import { createCustomer } from '../../src/server/modules/operator/customers.js';
import { createTask } from '../../src/server/modules/tasks/service.js';
import { createMetrics } from '../../src/server/metrics/recorder.js';
import { ingestBatch } from '../../src/server/results/index.js';
import { waitFor } from '../agent/helpers/agent-harness.js';
import { uniqueTaxId } from './helpers.js';
import { parseExposition, valueOf } from './metrics-support.js';
import { httpResult, httpTaskInput, STORE_START } from './tasks-helpers.js';
import { testEngine } from './test-database.js';

// A SQLite file's WAL is copied back into the database file by a thread of its own
// (db/checkpointer.ts), not inside the API's commits. What must hold: the WAL stays bounded while
// the API writes, a crashed thread leaves the main connection checkpointing itself until a new one
// runs, nothing committed is lost when the process is killed, and nothing hangs. SQLite only: on
// PostgreSQL there is no such thread (db/connection.ts opens SQLite files only), so the PostgreSQL
// run of the suite skips it rather than run the same SQLite files twice.

const SOON: CheckpointOptions = { startBytes: 64 * 1024, intervalMs: 20, longestIntervalMs: 20, watchMs: 20, minFrames: 1 };
const NEVER: CheckpointOptions = { startBytes: Number.MAX_SAFE_INTEGER, intervalMs: 20, longestIntervalMs: 20, watchMs: 20, minFrames: 1 };
const TASKS = 60;
const PER_BATCH = 25;

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-checkpoints-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Store {
  db: Db;
  file: string;
  ingestBatches(count: number, afterEach?: (index: number) => Promise<void>): Promise<void>;
}

/** A migrated store on a file with one customer's HTTP tasks on node 1, and batches of their results. */
async function openStore(checkpoints: CheckpointOptions): Promise<Store> {
  const file = join(tempDir(), 'vigil.db');
  const db = openDatabase(file, { checkpoints });
  await migrateToLatest(db);
  await seedNodeCatalogueIfEmpty(db, STORE_START);
  const ctx = { db, now: () => STORE_START + 3_600_000 };
  const custId = (await createCustomer(ctx, { name: 'Acme', taxId: uniqueTaxId() })).id;
  const taskIds: number[] = [];
  for (let index = 0; index < TASKS; index += 1) taskIds.push((await createTask(ctx, custId, httpTaskInput({ nodeIds: [1], name: `Site ${index}` }))).id);
  let sent = 0;
  return {
    db,
    file,
    async ingestBatches(count, after) {
      for (let index = 0; index < count; index += 1) {
        const items = Array.from({ length: PER_BATCH }, (_, item) => {
          const check = sent * PER_BATCH + item;
          return { taskId: taskIds[(check * 7) % TASKS] ?? 0, result: httpResult(STORE_START + (check % 3_000) * 1_000, check % 11 === 0 ? '000' : 200, check % 11 === 0 ? null : 20 + (check % 90)) };
        });
        sent += 1;
        expect((await ingestBatch(ctx, 1, `batch-${sent}`, items)).accepted).toBe(PER_BATCH);
        await after?.(index);
      }
    },
  };
}

const walBytes = (file: string) => statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
const autocheckpoint = async (db: Db) => Number(Object.values((await sql<Record<string, number>>`pragma wal_autocheckpoint`.execute(db)).rows[0] ?? {})[0]);

/** The stored results' count and the minute and hour rollups' counts, which must equal it. */
async function counts(db: Db): Promise<{ raw: number; minutes: number; hours: number }> {
  const one = async (query: Promise<{ rows: { n: number | null }[] }>) => Number((await query).rows[0]?.n ?? 0);
  return {
    raw: await one(sql<{ n: number }>`select count(*) as n from results`.execute(db)),
    minutes: await one(sql<{ n: number }>`select sum(count) as n from rollup_minute`.execute(db)),
    hours: await one(sql<{ n: number }>`select sum(count) as n from rollup_hour`.execute(db)),
  };
}

/** Waits until the thread has copied every frame of the WAL back (the next commit then starts the WAL again from its beginning). */
async function caughtUp(db: Db): Promise<void> {
  const checkpointer = checkpointerOf(db);
  // A round already running when called may have missed the last commit: the one after it has not.
  const rounds = (checkpointer?.stats.rounds ?? 0) + 1;
  await waitFor('a checkpoint of the whole WAL', () => {
    const stats = checkpointer?.stats;
    return stats !== undefined && stats.rounds > rounds && stats.checkpointedPages === stats.walPages;
  });
}

describe.skipIf(testEngine === 'postgres')('WAL checkpoints on a thread of their own (SQLite)', () => {
  it('keeps the WAL bounded while the API ingests, the main connection never checkpointing, the sums intact', async () => {
    const without = await openStore(NEVER);
    const setUp = walBytes(without.file);
    let largest = setUp;
    await without.ingestBatches(200, async () => {
      largest = Math.max(largest, walBytes(without.file));
    });
    const grown = largest - setUp;
    expect(await counts(without.db)).toEqual({ raw: 5_000, minutes: 5_000, hours: 5_000 });
    await without.db.destroy();

    const store = await openStore(SOON);
    await waitFor('the checkpoint thread', () => checkpointerOf(store.db)?.stats.threads === 1);
    expect(await autocheckpoint(store.db)).toBe(0);
    await caughtUp(store.db);
    const before = walBytes(store.file);
    let mostPages = 0;
    await store.ingestBatches(200, async (index) => {
      if (index % 20 < 19) return;
      await caughtUp(store.db);
      mostPages = Math.max(mostPages, checkpointerOf(store.db)?.stats.walPages ?? 0);
    });
    // The WAL starts again from its beginning after each whole checkpoint: 20 batches' frames at most.
    expect(mostPages * 8192).toBeLessThan(grown / 4);
    expect(walBytes(store.file)).toBeLessThan(before + grown / 4);
    expect(await counts(store.db)).toEqual({ raw: 5_000, minutes: 5_000, hours: 5_000 });
    expect(checkpointerOf(store.db)?.stats).toMatchObject({ threads: 1, failures: 0, restarts: 0 });
    await store.db.destroy();
  }, 120_000);

  it('cuts the WAL file back when it starts again, so later commits append to it', async () => {
    const store = await openStore(NEVER);
    await store.ingestBatches(40);
    const grown = walBytes(store.file);
    // No reader holds the WAL, so this copies all of it back; the next commit starts it again.
    await sql`pragma wal_checkpoint(PASSIVE)`.execute(store.db);
    await store.ingestBatches(1);
    const afterOne = walBytes(store.file);
    // What that one batch wrote (a few dozen 8 KiB pages), not the file the 40 batches grew.
    expect(afterOne).toBeGreaterThan(0);
    expect(afterOne).toBeLessThan(grown / 10);
    expect(await counts(store.db)).toEqual({ raw: 1_025, minutes: 1_025, hours: 1_025 });
    await store.db.destroy();
  }, 120_000);

  it("copies nothing until the WAL holds its minimum of new frames, as SQLite's own automatic checkpoint", async () => {
    const store = await openStore({ ...SOON, minFrames: 1_000_000 });
    await waitFor('the checkpoint thread', () => checkpointerOf(store.db)?.stats.threads === 1);
    await store.ingestBatches(20);
    const checkpointer = checkpointerOf(store.db);
    const rounds = (checkpointer?.stats.rounds ?? 0) + 3;
    await waitFor('three more rounds', () => (checkpointer?.stats.rounds ?? 0) > rounds);
    // Read from the wal-index header: the frames are there and not copied, and no round copied any.
    expect(checkpointer?.stats.runs).toBe(0);
    expect(checkpointer?.stats.walPages).toBeGreaterThan(checkpointer?.stats.checkpointedPages ?? 0);
    expect(await counts(store.db)).toEqual({ raw: 500, minutes: 500, hours: 500 });
    await store.db.destroy();
  }, 120_000);

  it('looks at a WAL that does not grow only every longest interval', async () => {
    const store = await openStore({ ...SOON, longestIntervalMs: 400, minFrames: 1_000_000 });
    const checkpointer = checkpointerOf(store.db);
    await waitFor('the checkpoint thread', () => checkpointer?.stats.threads === 1);
    await waitFor('a first look', () => (checkpointer?.stats.rounds ?? 0) > 0);
    const rounds = checkpointer?.stats.rounds ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    // Every 20 ms would be about 60 looks; every 400 ms, 3 (a busy machine makes fewer, never more).
    expect((checkpointer?.stats.rounds ?? 0) - rounds).toBeLessThanOrEqual(5);
    await store.db.destroy();
  }, 120_000);

  it('checkpoints on the main connection while the thread is down, starts a new one, and shows it in /metrics', async () => {
    const store = await openStore(SOON);
    const checkpointer = checkpointerOf(store.db);
    await waitFor('the checkpoint thread', () => checkpointer?.stats.threads === 1);
    const first = checkpointer?.thread;
    const exited = once(first ?? process, 'exit');
    await first?.terminate();
    await exited;
    expect(await autocheckpoint(store.db)).toBe(AUTOCHECKPOINT_PAGES);
    expect(checkpointer?.stats).toMatchObject({ threads: 0, failures: 1 });

    await waitFor('a new checkpoint thread', () => checkpointer?.stats.threads === 1);
    expect(checkpointer?.thread).not.toBe(first);
    expect(checkpointer?.stats.restarts).toBe(1);
    expect(await autocheckpoint(store.db)).toBe(0);
    await store.ingestBatches(20);
    await caughtUp(store.db);

    const metrics = createMetrics(store.db, () => STORE_START);
    await metrics.refresh();
    const samples = parseExposition(await metrics.registry.metrics());
    expect(valueOf(samples, 'vigil_sqlite_checkpoint_threads')).toBe(1);
    expect(valueOf(samples, 'vigil_sqlite_checkpoints_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'vigil_sqlite_checkpoint_failures_total')).toBe(1);
    expect(valueOf(samples, 'vigil_sqlite_checkpoint_restarts_total')).toBe(1);
    expect(valueOf(samples, 'vigil_sqlite_checkpoint_busy_seconds_total')).toBeGreaterThan(0);
    const walPages = valueOf(samples, 'vigil_sqlite_wal_pages', { state: 'in_wal' });
    expect(walPages).toBeGreaterThan(0);
    expect(valueOf(samples, 'vigil_sqlite_wal_pages', { state: 'checkpointed' })).toBe(walPages);
    await store.db.destroy();
    expect(checkpointerOf(store.db)?.thread).toBeUndefined();
  }, 120_000);

  it('loses no committed batch when the process is killed mid-ingest, and never keeps a process alive', async () => {
    const dir = tempDir();
    const file = join(dir, 'plain.db');
    const source = (path: string) => JSON.stringify(pathToFileURL(join(process.cwd(), path)).href);
    const script = join(dir, 'writer.mts');
    // Batches of 200 rows, one transaction each, the number of each committed batch printed.
    writeFileSync(
      script,
      [
        `import { openDatabase } from ${source('src/server/db/connection.ts')};`,
        `import { checkpointerOf } from ${source('src/server/db/checkpointer.ts')};`,
        `const db = openDatabase(${JSON.stringify(file)}, { readers: 0, checkpoints: ${JSON.stringify(SOON)} });`,
        "await db.schema.createTable('t').ifNotExists().addColumn('batch', 'integer').addColumn('n', 'integer').addColumn('pad', 'blob').execute();",
        'const batches = Number(process.argv[2]);',
        'const runs = () => checkpointerOf(db)?.stats.runs ?? 0;',
        'for (let batch = 1; batch <= batches || runs() === 0; batch += 1) {',
        '  await db.transaction().execute(async (trx) => {',
        "    for (let n = 0; n < 200; n += 1) await trx.insertInto('t' as never).values({ batch, n, pad: Buffer.alloc(200, n) } as never).execute();",
        '  });',
        '  console.log(`committed ${batch} runs ${runs()}`);',
        '  await new Promise((resolve) => setImmediate(resolve));',
        '}',
        'console.log(`done, runs ${runs()}`);',
      ].join('\n'),
    );
    const writer = spawn(process.execPath, ['--import', 'tsx', script, '1000000'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let committed = 0;
    let runs = 0;
    writer.stdout.setEncoding('utf8').on('data', (text: string) => {
      for (const [, batch, ran] of text.matchAll(/committed (\d+) runs (\d+)/g)) [committed, runs] = [Number(batch), Number(ran)];
    });
    await waitFor('checkpoints by the thread during the writes', () => runs >= 5, 60_000);
    writer.kill('SIGKILL');
    await once(writer, 'exit');

    const db = openDatabase(file, { readers: 0, checkpoints: NEVER });
    expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows).toEqual([{ integrity_check: 'ok' }]);
    const stored = (await sql<{ batch: number; n: number }>`select batch, count(*) as n from t group by batch order by batch`.execute(db)).rows;
    // Every batch the writer saw committed is there whole; the one in flight is whole or absent.
    expect(stored.length).toBeGreaterThanOrEqual(committed);
    expect(stored.every((row, index) => row.batch === index + 1 && row.n === 200)).toBe(true);
    await db.destroy();

    // A script that never closes its database still ends (it writes on until the thread has checkpointed).
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, '50'], { timeout: 60_000 });
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^done, runs [1-9]/);
  }, 150_000);
});
