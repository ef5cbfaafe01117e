// The store and app behind the task list figure: a migrated, seeded SQLite file in its own temp dir,
// the seeded customer's HTTP tasks created through the task service, their rollups written by the
// detail figure's filler, the per-task hour sums the list reads beyond 3 h derived from the hour
// rollups (as migration 0006 and ingest keep them), and the whole API app signed in as the customer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { DB_FILE_NAME, openDatabase, type Db } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrations/index.js';
import { seedIfEmpty } from '../../src/server/db/seed.js';
import type { TaskInput } from '../../src/server/modules/tasks/task-input.js';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { catalogueNodeIds, createTasks } from './probes-scale/store.js';
import { progress } from './report.js';
import { fillDetailRollups, fillEdgeResults } from './tasks-detail-fill.js';

const PASSWORD = 'bench-pass-1';
const GROUPS = ['Web', 'Shop', 'API', 'Partners', 'Internal'];
const TAGS = ['prod', 'staging', 'eu', 'asia', 'critical'];

export interface ListStorePlan {
  tasks: number;
  nodes: number;
  /** The newest bucket ends here (a whole hour, epoch ms); the app's clock stands mid-minute, a minute and a half later. */
  end: number;
  hourDays: number;
  /** Hours of minute rollups before `end`: ranges up to 3 h read them. */
  minuteHours: number;
  /** Spans of the ranges asked (ms): raw results are written in the minutes at their edges. */
  spans: readonly number[];
}

export interface ListStore {
  app: FastifyInstance;
  /** The Authorization header of the signed-in customer. */
  authorization: string;
  db: Db;
  /** Closes the app and the database and deletes the temp dir. */
  close(): Promise<void>;
}

/** A monitored web site as customers set them up: a group and a tag or two. */
function httpTaskInput(index: number, nodeIds: number[]): TaskInput {
  const tags = [TAGS[index % TAGS.length] ?? 'prod', ...(index % 3 === 0 ? [TAGS[(index + 2) % TAGS.length] ?? 'eu'] : [])];
  return {
    type: MONITOR_TYPES.HTTP,
    name: `Site ${index}`,
    domain: `site${index}.example.com`,
    otherPath: index % 2 === 0 ? '/health' : '',
    frequencyMinutes: 1,
    nodeIds,
    domainGroup: GROUPS[index % GROUPS.length] ?? '',
    tags,
  };
}

/**
 * The per-task sums ingest keeps beside the rollups the fill writes directly: rollup_task_hour from
 * rollup_hour, rollup_task_day from that, rollup_task_minute from rollup_minute and
 * rollup_task_ten_minute from that, one row per (bucket, task) over all nodes.
 */
async function deriveTaskHourSums(db: Db): Promise<void> {
  progress('tasks.list: summing rollups per task (rollup_task_hour, rollup_task_day, rollup_task_minute, rollup_task_ten_minute)');
  await sql`insert into rollup_task_hour (bucket_start, task_id, count, successes, latency_count, latency_sum)
    select bucket_start, task_id, sum(count), sum(successes), sum(latency_count), sum(latency_sum)
    from rollup_hour group by bucket_start, task_id`.execute(db);
  await sql`insert into rollup_task_day (bucket_start, task_id, count, successes, latency_count, latency_sum)
    select bucket_start - (bucket_start % 86400000), task_id, sum(count), sum(successes), sum(latency_count), sum(latency_sum)
    from rollup_task_hour group by bucket_start - (bucket_start % 86400000), task_id`.execute(db);
  await sql`insert into rollup_task_minute (bucket_start, task_id, count, successes, latency_count, latency_sum)
    select bucket_start, task_id, sum(count), sum(successes), sum(latency_count), sum(latency_sum)
    from rollup_minute group by bucket_start, task_id`.execute(db);
  await sql`insert into rollup_task_ten_minute (bucket_start, task_id, count, successes, latency_count, latency_sum)
    select bucket_start - (bucket_start % 600000), task_id, sum(count), sum(successes), sum(latency_count), sum(latency_sum)
    from rollup_task_minute group by bucket_start - (bucket_start % 600000), task_id`.execute(db);
}

async function signIn(app: FastifyInstance, account: string): Promise<string> {
  const answer = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { account, password: PASSWORD } });
  if (answer.statusCode !== 200) throw new Error(`the bench sign-in answered ${answer.statusCode}`);
  return `Bearer ${answer.json<{ data: { token: string } }>().data.token}`;
}

export async function openListStore(plan: ListStorePlan): Promise<ListStore> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-list-'));
  const config = loadConfig({ VIGIL_DATA_DIR: dir, VIGIL_CLIENT_DIR: join(dir, 'none'), VIGIL_SEED_PASSWORD: PASSWORD });
  const db = openDatabase(join(dir, DB_FILE_NAME));
  const close = async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(db);
    const now = () => plan.end + 60_000 + 29_500;
    const seeded = await seedIfEmpty(db, config, now());
    if (!seeded) throw new Error('the bench store was not empty');
    const nodeIds = await catalogueNodeIds(db, plan.nodes);
    progress(`tasks.list: creating ${plan.tasks} HTTP tasks on ${plan.nodes} nodes`);
    const tasks = await createTasks({ db, now }, seeded.customer.custId, plan.tasks, (index) => httpTaskInput(index, nodeIds), 'tasks.list');
    progress(`tasks.list: filling ${plan.hourDays} days of hour rollups and ${plan.minuteHours} h of minute rollups (the detail filler's progress follows)`);
    const taskIds = tasks.map((task) => task.id);
    await fillDetailRollups(db, { taskIds, nodeIds, end: plan.end, hourDays: plan.hourDays, minuteDays: plan.minuteHours / 24 });
    await deriveTaskHourSums(db);
    const edges = [now(), ...plan.spans.map((span) => now() - span)].map((time) => Math.floor(time / 60_000) * 60_000);
    await fillEdgeResults(db, { taskIds, nodeIds, minutes: edges });
    const app = await buildApp({ ...config, platformSecret: 'bench-platform-secret-0123' }, { db, logger: false, now });
    const authorization = await signIn(app, seeded.customer.account);
    return {
      app,
      authorization,
      db,
      close: async () => {
        await app.close();
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}
