// A throwaway store for the scale figures: a migrated SQLite file in its own temp dir with the node
// catalogue and one customer, and tasks created through the task service (the product's path).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DB_FILE_NAME, openDatabase, type Db } from '../../../src/server/db/connection.js';
import { migrateToLatest } from '../../../src/server/db/migrations/index.js';
import { seedNodeCatalogueIfEmpty } from '../../../src/server/db/node-catalogue.js';
import { createTask } from '../../../src/server/modules/tasks/service.js';
import type { StoreContext } from '../../../src/server/modules/tasks/store-context.js';
import type { TaskInput } from '../../../src/server/modules/tasks/task-input.js';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import { progress } from '../report.js';

export interface BenchStore {
  dir: string;
  db: Db;
  ctx: StoreContext;
  custId: number;
  /** Deletes the database and its temp dir. */
  close(): Promise<void>;
}

export async function openBenchStore(now: () => number = Date.now): Promise<BenchStore> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-store-'));
  const db = openDatabase(join(dir, DB_FILE_NAME));
  await migrateToLatest(db);
  await seedNodeCatalogueIfEmpty(db, now());
  const customer = await db
    .insertInto('customers')
    .values({ name: 'Bench customer', tax_id: '04595257', status: 'active' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    dir,
    db,
    ctx: { db, now },
    custId: customer.id,
    close: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The first `count` nodes of the catalogue (by id). */
export async function catalogueNodeIds(db: Db, count: number): Promise<number[]> {
  const rows = await db.selectFrom('nodes').select('id').orderBy('id').limit(count).execute();
  if (rows.length < count) throw new Error(`the catalogue has ${rows.length} nodes, ${count} wanted`);
  return rows.map((row) => row.id);
}

/** Task types the result-store figures mix, with the fields each needs to be runnable. */
export const MIXED_TASK_TYPES = [
  MONITOR_TYPES.ICMP,
  MONITOR_TYPES.TCP,
  MONITOR_TYPES.HTTP,
  MONITOR_TYPES.HTTPS,
  MONITOR_TYPES.DNS,
] as const;
export type MixedTaskType = (typeof MIXED_TASK_TYPES)[number];

export function mixedTaskInput(index: number, nodeIds: number[], frequencyMinutes: number): TaskInput {
  const type = MIXED_TASK_TYPES[index % MIXED_TASK_TYPES.length] ?? MONITOR_TYPES.TCP;
  const base = { type, name: `Bench ${index}`, domain: `site${index}.example.com`, frequencyMinutes, nodeIds };
  if (type === MONITOR_TYPES.TCP) return { ...base, port: 443 };
  if (type === MONITOR_TYPES.DNS) return { ...base, dnsServers: ['8.8.8.8'] };
  return base;
}

/**
 * Creates tasks one by one through the task service (each its own transaction with its
 * deployments and node assignments, as the console's calls do); answers their ids and types.
 */
export async function createTasks(
  ctx: StoreContext,
  custId: number,
  count: number,
  inputOf: (index: number) => TaskInput,
  label: string,
): Promise<{ id: number; type: number }[]> {
  const tasks: { id: number; type: number }[] = [];
  for (let index = 0; index < count; index += 1) {
    const task = await createTask(ctx, custId, inputOf(index));
    tasks.push({ id: task.id, type: task.type });
    if ((index + 1) % 2_000 === 0 && index + 1 < count) progress(`${label}: ${index + 1} of ${count} tasks created`);
  }
  return tasks;
}
