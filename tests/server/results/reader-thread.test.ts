import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/connection.js';
import { readerOf, readerStatsOf, readPoolOf } from '../../../src/server/db/reader.js';
import { snapshotTransaction } from '../../../src/server/db/sql-dialect.js';
import { acknowledge } from '../../../src/server/modules/deployments/assignments.js';
import { ingestBatch } from '../../../src/server/results/index.js';
import { DomainListAnswer } from '../../../src/shared/calls/domain-list.js';
import { DomainOverviewAnswer } from '../../../src/shared/calls/domain-overview.js';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import { bodyOf, domainFixture, type DomainFixture } from '../domain/domain-helpers.js';
import { httpResult } from '../tasks-helpers.js';
import { testEngine } from '../test-database.js';

// The range reader's sums run on a read-only connection in a thread of its own on a SQLite file
// (db/reader.ts), on the pool on PostgreSQL. What a user must never notice: a write not yet seen,
// sums from two moments, a read hanging or the server not stopping.

const MINUTE = 60_000;
let fx: DomainFixture;
let node: number;
let batches = 0;

async function ingestOne(taskId: number, ok: boolean, minutesAgo: number): Promise<void> {
  const startedAt = fx.server.clock.now() - minutesAgo * MINUTE;
  batches += 1;
  const answer = await ingestBatch(fx.server.app.vigil, node, `reader-${batches}`, [{ taskId, result: httpResult(startedAt, ok ? 200 : '000', ok ? 120 : null) }]);
  expect(answer.accepted).toBe(1);
}

async function newTask(name: string): Promise<number> {
  const task = await fx.create('http', bodyOf('http', [node], { name, domain: `${name.toLowerCase()}.example.com` }));
  await acknowledge(fx.server.app.vigil, node, [{ taskId: task.id, taskVersion: 1 }]);
  return task.id;
}

/** The list's row of the task: in creation order (a page's figures) or by availability (every task's). */
async function listRow(taskId: number, sortBy: 'createdAt' | 'availability' = 'createdAt') {
  const answer = await fx.call('/domain/list', { type: MONITOR_TYPES.HTTP, pageSize: 100, sortBy });
  expect(answer.code, answer.body).toBe(200);
  return DomainListAnswer.parse(answer.data).list.find((row) => row.id === taskId);
}

async function attention(taskId: number) {
  const answer = await fx.call('/domain/overview', {});
  expect(answer.code, answer.body).toBe(200);
  return DomainOverviewAnswer.parse(answer.data).attention.find((task) => task.id === taskId);
}

const countRows = async (db: DomainFixture['server']['db'], taskId: number) =>
  Number((await sql<{ n: number }>`select count(*) as n from results where task_id = ${taskId}`.execute(db)).rows[0]?.n);

beforeAll(async () => {
  fx = await domainFixture();
  node = fx.nodes[0];
}, 60_000);
afterAll(() => fx.close());

describe('reads of sums beside the writes', () => {
  it('shows each batch in the list and the overview as soon as its ingest answered', async () => {
    const taskId = await newTask('Fresh');
    expect((await listRow(taskId))?.availabilityPercent).toBeNull();
    const outcomes = [true, false, false, true, false];
    for (const [index, ok] of outcomes.entries()) {
      await ingestOne(taskId, ok, 20 - index);
      const seen = outcomes.slice(0, index + 1);
      const percent = (100 * seen.filter(Boolean).length) / seen.length;
      const [row, sorted, inTrouble] = await Promise.all([listRow(taskId), listRow(taskId, 'availability'), attention(taskId)]);
      expect(row?.availabilityPercent).toBeCloseTo(percent, 5);
      expect(sorted?.availabilityPercent).toBeCloseTo(percent, 5);
      expect(inTrouble?.availabilityPercent ?? 100).toBeCloseTo(percent, 5);
    }
  });

  it("keeps one snapshot through the reader's transaction while batches commit", async () => {
    const taskId = await newTask('Steady');
    await ingestOne(taskId, true, 10);
    const reader = readerOf(fx.server.db);
    const inside = await snapshotTransaction(reader).execute(async (trx) => {
      const before = await countRows(trx, taskId);
      await ingestOne(taskId, true, 9);
      return [before, await countRows(trx, taskId)];
    });
    expect(inside).toEqual([1, 1]);
    expect(await countRows(reader, taskId)).toBe(2);
  });
});

describe.skipIf(testEngine !== 'sqlite')('the SQLite reader thread', () => {
  it('reads on the one connection where a second cannot be opened, or none is asked', async () => {
    const memory = openDatabase(':memory:');
    const dir = mkdtempSync(join(tmpdir(), 'vigil-readers-'));
    const none = openDatabase(join(dir, 'vigil.db'), { readers: 0 });
    try {
      expect(readerOf(memory)).toBe(memory);
      expect(readerOf(none)).toBe(none);
      expect((await sql<{ one: number }>`select 1 as one`.execute(readerOf(memory))).rows).toEqual([{ one: 1 }]);
    } finally {
      await memory.destroy();
      await none.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers the call in flight when the thread crashes with the 5xx envelope, and the next on a new thread', async () => {
    const taskId = await newTask('Crash');
    await ingestOne(taskId, false, 5);
    const pool = readPoolOf(fx.server.db);
    const worker = pool?.threads[0]?.current();
    if (!worker) throw new Error('no reader thread');
    const post = worker.postMessage.bind(worker);
    // The thread ends right after it is handed the overview's first statement.
    worker.postMessage = (message: unknown) => {
      post(message);
      void worker.terminate();
    };
    const crashed = await fx.call('/domain/overview', {});
    expect([crashed.statusCode, crashed.code]).toEqual([500, 500]);
    expect(crashed.body).not.toMatch(/reader|thread|sqlite/i);
    expect((await attention(taskId))?.availabilityPercent).toBe(0);
    expect(readerStatsOf(fx.server.db)?.restarts).toBe(1);
  });

  it('fails the lease whose thread ended; a call waiting for the thread is answered on a new one', async () => {
    const taskId = await newTask('Waiting');
    await ingestOne(taskId, false, 5);
    const stats = readerStatsOf(fx.server.db);
    const thread = readPoolOf(fx.server.db)?.threads[0];
    let waiting: ReturnType<typeof attention> | undefined;
    const held = readerOf(fx.server.db)
      .connection()
      .execute(async (lease) => {
        waiting = attention(taskId);
        while (stats?.waiting !== 1) await new Promise((resolve) => setImmediate(resolve));
        await thread?.current().terminate();
        await sql`select 1`.execute(lease);
      });
    await expect(held).rejects.toThrow(/stopped/);
    expect((await waiting)?.availabilityPercent).toBe(0);
  });
});

describe.skipIf(testEngine !== 'sqlite')('the reader thread and the process', () => {
  it('ends with the server, and never keeps a process alive that forgot to close it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-readers-'));
    const file = join(dir, 'vigil.db');
    const db = openDatabase(file);
    await sql`create table t (x integer)`.execute(db);
    await sql`insert into t values (7)`.execute(db);
    const pool = readPoolOf(db);
    expect((await sql<{ x: number }>`select x from t`.execute(readerOf(db))).rows).toEqual([{ x: 7 }]);
    const worker = pool?.threads[0]?.current();
    const exited = new Promise((resolve) => worker?.once('exit', resolve));
    await db.destroy();
    await exited;

    const source = (path: string) => JSON.stringify(pathToFileURL(join(process.cwd(), path)).href);
    const script = join(dir, 'forgets-to-close.mts');
    writeFileSync(
      script,
      [
        `import { openDatabase } from ${source('src/server/db/connection.ts')};`,
        `import { readerOf } from ${source('src/server/db/reader.ts')};`,
        `const db = openDatabase(${JSON.stringify(file)});`,
        "console.log(JSON.stringify(await readerOf(db).selectFrom('t' as never).selectAll().execute()));",
      ].join('\n'),
    );
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { timeout: 30_000 });
      expect(stdout.trim()).toBe('[{"x":7}]');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});
