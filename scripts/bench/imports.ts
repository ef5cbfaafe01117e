// A 10,000-row import (ICMP rows) through the whole app (multipart upload, the background runner
// creating each task as the console's create does: rules, points, deployment), timed from the
// upload to the job's end: rows/s. Meanwhile users browse: the task list of the customer's 1,000
// HTTP tasks (POST /api/domain/list, default page) is asked every LIST_EVERY_MS, and the console's
// progress poll runs; the list's p95 while the import runs stands beside its p95 with no import
// (same store, same tasks), with their ratio. The list of the imported type is not the figure:
// it reads every task of its type, so it grows with the import whatever the import costs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { DB_FILE_NAME, openDatabase } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrations/index.js';
import { seedIfEmpty } from '../../src/server/db/seed.js';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { importWorkbook, multipartFile } from '../../tests/support/import-workbook.js';
import { createTasks } from './probes-scale/store.js';
import { percentile } from './probes-scale/stats.js';
import { progress, type BenchOptions, type Figure } from './report.js';

const PASSWORD = 'bench-pass-1';
const LISTED_TASKS = 1_000;
const LIST_EVERY_MS = 100;

interface ImportStore {
  app: FastifyInstance;
  authorization: string;
  nodeName: string;
  close(): Promise<void>;
}

async function openImportStore(): Promise<ImportStore> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-import-'));
  const config = loadConfig({ VIGIL_DATA_DIR: dir, VIGIL_CLIENT_DIR: join(dir, 'none'), VIGIL_SEED_PASSWORD: PASSWORD });
  const db = openDatabase(join(dir, DB_FILE_NAME));
  await migrateToLatest(db);
  const seeded = await seedIfEmpty(db, config, Date.now());
  if (!seeded) throw new Error('the bench store was not empty');
  await db.updateTable('contracts').set({ purchased_points: 10_000_000 }).execute();
  const node = await db.selectFrom('nodes').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
  progress(`import: creating ${LISTED_TASKS} HTTP tasks to list`);
  const ctx = { db, now: Date.now };
  const httpTask = (index: number) => ({ type: MONITOR_TYPES.HTTP, name: `Site ${index}`, domain: `site${index}.example.com`, frequencyMinutes: 1, nodeIds: [node.id] });
  await createTasks(ctx, seeded.customer.custId, LISTED_TASKS, httpTask, 'import');
  const app = await buildApp({ ...config, platformSecret: 'bench-platform-secret-0123' }, { db, logger: false });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: seeded.customer.account, password: PASSWORD } });
  const authorization = `Bearer ${login.json<{ data: { token: string } }>().data.token}`;
  return {
    app,
    authorization,
    nodeName: node.name,
    close: async () => {
      await app.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function workbook(rows: number, nodeName: string): Uint8Array {
  const icmp = Array.from({ length: rows }, (_, index) => ({ name: `Host ${index}`, domain: `host-${index}.example.com`, frequencyMinutes: 60, nodes: nodeName }));
  return importWorkbook({ ICMP: icmp });
}

async function timedList(store: ImportStore): Promise<number> {
  const started = performance.now();
  const answer = await store.app.inject({ method: 'POST', url: '/api/domain/list', headers: { authorization: store.authorization }, payload: { type: MONITOR_TYPES.HTTP } });
  if (answer.statusCode !== 200) throw new Error(`/domain/list answered ${answer.statusCode}: ${answer.body}`);
  return performance.now() - started;
}

async function progressOf(store: ImportStore, sno: string): Promise<unknown> {
  const answer = await store.app.inject({ method: 'POST', url: '/api/domain/taskProgress', headers: { authorization: store.authorization }, payload: { sno } });
  return answer.json<{ data: unknown }>().data;
}

async function upload(store: ImportStore, bytes: Uint8Array): Promise<{ sno: string; total: number }> {
  const { payload, contentType } = multipartFile('file', 'bench.xlsx', bytes);
  const answer = await store.app.inject({ method: 'POST', url: '/api/domain/import', headers: { authorization: store.authorization, 'content-type': contentType }, payload });
  if (answer.statusCode !== 200) throw new Error(`/domain/import answered ${answer.statusCode}: ${answer.body}`);
  return answer.json<{ data: { sno: string; total: number } }>().data;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The list every LIST_EVERY_MS until `done()`; answers its times. */
async function listEvery(store: ImportStore, done: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!done()) {
    const started = performance.now();
    times.push(await timedList(store));
    await pause(Math.max(0, LIST_EVERY_MS - (performance.now() - started)));
  }
  return times;
}

/** Uploads the file and polls its progress until done, as the console does (every 5 s there; 100 ms here). */
async function importRows(store: ImportStore, rows: number): Promise<number> {
  const bytes = workbook(rows, store.nodeName);
  const started = performance.now();
  const { sno, total } = await upload(store, bytes);
  if (total !== rows) throw new Error(`the import took ${total} rows, ${rows} wanted`);
  while ((await progressOf(store, sno)) !== 'done') await pause(100);
  return (performance.now() - started) / 1000;
}

/** The process's CPU seconds (user and system) since `from`: on a busy machine wall time says little. */
const cpuSecondsSince = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1e6;
};

async function importWhileListing(store: ImportStore, rows: number): Promise<{ during: number[]; seconds: number; cpuSeconds: number }> {
  let finished = false;
  const cpu = process.cpuUsage();
  const listing = listEvery(store, () => finished);
  const seconds = await importRows(store, rows).finally(() => (finished = true));
  return { during: await listing, seconds, cpuSeconds: cpuSecondsSince(cpu) };
}

const p95 = (name: string, samples: readonly number[], target: string | null): Figure => ({ name, value: percentile(samples, 95), unit: 'ms', target, better: 'lower' });

export async function importsFigures(options: BenchOptions): Promise<Figure[]> {
  const rows = options.quick ? 2_000 : 10_000;
  const store = await openImportStore();
  try {
    const quietUntil = performance.now() + (options.quick ? 3_000 : 10_000);
    const quiet = await listEvery(store, () => performance.now() >= quietUntil);
    progress(`import: importing ${rows} rows while listing`);
    const { during, seconds, cpuSeconds } = await importWhileListing(store, rows);
    const duringP95 = percentile(during, 95);
    const quietP95 = percentile(quiet, 95);
    progress(`import: ${rows} rows in ${seconds.toFixed(1)} s; list p95 ${duringP95.toFixed(1)} ms during (${during.length} calls), ${quietP95.toFixed(1)} ms with no import; ${cpuSeconds.toFixed(1)} CPU s (lists included)`);
    return [
      { name: 'import.rows_per_s', value: rows / seconds, unit: 'rows/s', target: '≥ 500', better: 'higher' },
      // Informative: rows per second of the process's own CPU time (the lists' share included).
      { name: 'import.rows_per_cpu_s', value: rows / cpuSeconds, unit: 'rows/s', target: null, better: 'higher' },
      p95('import.list_p95_during_ms', during, '≤ 100'),
      p95('import.list_p95_quiet_ms', quiet, null),
      { name: 'import.list_p95_during_vs_quiet', value: duringP95 / quietP95, unit: '×', target: null, better: 'lower' },
    ];
  } finally {
    await store.close();
  }
}
