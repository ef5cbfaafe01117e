// The data dir the console figure's server starts on: migrated and seeded like a first start, the
// seeded customer's HTTP tasks created through the task service, and the last half hour of results
// of every node stored through ingestBatch (the path agents' batches take), so list rows show
// availability, response time and their service status colours: most tasks normal, some warning,
// some error, a few without data.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { loadConfig } from '../../src/server/config.js';
import { DB_FILE_NAME, openDatabase } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrations/index.js';
import { seedIfEmpty } from '../../src/server/db/seed.js';
import { ingestBatch, type IngestItem } from '../../src/server/results/index.js';
import { MINUTE_MS } from '../../src/server/results/index.js';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { resultOf, seededRandom } from './probes-scale/results.js';
import { catalogueNodeIds, createTasks } from './probes-scale/store.js';

const NODES = 10;
const MINUTES = 30;

export interface ConsoleStorePlan {
  dataDir: string;
  password: string;
  tasks: number;
}

/** Share of failed checks per task: every 7th task warns, every 11th fails often, every 13th has no data. */
function failureRateOf(index: number): number | null {
  if (index % 13 === 5) return null;
  if (index % 11 === 3) return 0.5;
  if (index % 7 === 2) return 0.15;
  return 0.01;
}

/** resultOf decides success with its first draw: this hands it the outcome already drawn here. */
function drawnOutcome(ok: boolean, random: () => number): () => number {
  let first = true;
  return () => {
    if (!first) return random();
    first = false;
    return ok ? 0.99 : 0;
  };
}

function minuteBatch(tasks: readonly { id: number }[], minuteStart: number, random: () => number): IngestItem[] {
  const items: IngestItem[] = [];
  tasks.forEach((task, index) => {
    const failureRate = failureRateOf(index);
    if (failureRate === null) return;
    const ts = Math.floor(minuteStart + (index / tasks.length) * MINUTE_MS);
    items.push({ taskId: task.id, taskVersion: 1, result: resultOf(MONITOR_TYPES.HTTP, ts, drawnOutcome(random() >= failureRate, random)) });
  });
  return items;
}

/** Answers the customer's account to sign in with. */
export async function prepareConsoleStore(plan: ConsoleStorePlan): Promise<string> {
  const config = loadConfig({ VIGIL_DATA_DIR: plan.dataDir, VIGIL_SEED_PASSWORD: plan.password });
  const db = openDatabase(join(plan.dataDir, DB_FILE_NAME));
  try {
    await migrateToLatest(db);
    const seeded = await seedIfEmpty(db, config);
    if (!seeded) throw new Error('the console bench data dir was not empty');
    const ctx = { db, now: Date.now };
    const nodeIds = await catalogueNodeIds(db, NODES);
    const input = (index: number) => ({ type: MONITOR_TYPES.HTTP, name: `Shop ${index}`, domain: `shop${index}.example.com`, frequencyMinutes: 1, nodeIds, tags: ['prod'] });
    const tasks = await createTasks(ctx, seeded.customer.custId, plan.tasks, input, 'tasks.console');
    const random = seededRandom(3);
    const firstMinute = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS - MINUTES * MINUTE_MS;
    for (let minute = 0; minute < MINUTES; minute += 1) {
      for (const nodeId of nodeIds) {
        const items = minuteBatch(tasks, firstMinute + minute * MINUTE_MS, random);
        const answer = await ingestBatch(ctx, nodeId, randomUUID(), items);
        if (answer.accepted !== items.length) throw new Error(`ingest accepted ${answer.accepted} of ${items.length}`);
      }
    }
    return seeded.customer.account;
  } finally {
    await db.destroy();
  }
}
