import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import type { Db } from '../../../src/server/db/connection.js';
import { migrateToLatest } from '../../../src/server/db/migrations/index.js';
import { openConfiguredDatabase } from '../../../src/server/db/open.js';
import { seedIfEmpty } from '../../../src/server/db/seed.js';
import { issueNodeKey } from '../../../src/server/modules/nodes/keys.js';
import { createTask } from '../../../src/server/modules/tasks/service.js';
import type { TaskInput } from '../../../src/server/modules/tasks/task-input.js';
import { SEED, testEnv } from '../../server/helpers.js';
import { waitFor } from './agent-harness.js';

/**
 * The real API server (src/server/main.ts) as a child process, on a database prepared in-process
 * (migrated, seeded, the Local node's key issued, tasks created): the SQLite file in its data
 * directory, or the PostgreSQL database `databaseUrl` names. It can be killed outright (SIGKILL)
 * and started again on the same data and port; the test reads the database beside it.
 */

export interface ServerProcess {
  url: string;
  key: string;
  nodeId: number;
  /** The server's database, open in the test for reading. */
  db: Db;
  start(): Promise<void>;
  /** kill -9: no shutdown, no flush, connections cut. */
  kill(): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

type TaskFields = Partial<TaskInput> & Pick<TaskInput, 'type' | 'domain'>;

async function prepareData(env: Record<string, string>, tasks: TaskFields[]): Promise<{ db: Db; key: string; nodeId: number }> {
  const config = { ...loadConfig(env), platformSecret: SEED.platformSecret };
  const db = openConfiguredDatabase(config);
  await migrateToLatest(db);
  const seeded = await seedIfEmpty(db, config);
  if (!seeded) throw new Error('seed did not run on a fresh database');
  const local = await db.selectFrom('nodes').select('id').where('slug', '=', 'local').executeTakeFirstOrThrow();
  const { key } = await issueNodeKey(db, local.id, { now: Date.now(), allowPrivateTargets: true });
  const app = await buildApp(config, { db, logger: false });
  for (const task of tasks) {
    await createTask(app.vigil, seeded.customer.custId, { name: 'Loopback', frequencyMinutes: 1, nodeIds: [local.id], ...task });
  }
  await app.close();
  return { db, key, nodeId: local.id };
}

export async function prepareServerProcess(tasks: TaskFields[], options: { databaseUrl?: string } = {}): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-server-process-'));
  const port = await freePort();
  const extra: Record<string, string> = { VIGIL_PORT: String(port), VIGIL_HOST: '127.0.0.1', VIGIL_LOG_LEVEL: 'warn' };
  if (options.databaseUrl) extra.VIGIL_DATABASE_URL = options.databaseUrl;
  const env = testEnv(dir, extra);
  const { db, key, nodeId } = await prepareData(env, tasks);
  let child: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  const output: string[] = [];

  const running: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    key,
    nodeId,
    db,
    async start() {
      let listening = false;
      const started = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      child = started;
      exited = new Promise((resolve) => started.on('exit', resolve));
      createInterface({ input: started.stdout }).on('line', (line) => {
        output.push(line);
        if (line.includes('Vigil is listening')) listening = true;
      });
      createInterface({ input: started.stderr }).on('line', (line) => output.push(line));
      await waitFor('the server process listening', () => {
        if (started.exitCode !== null) throw new Error(`the server process exited: ${output.slice(-10).join('\n')}`);
        return listening;
      }, 60_000);
    },
    async kill() {
      child?.kill('SIGKILL');
      await exited;
    },
    async close() {
      await running.kill();
      // A test may have closed it already (before restarting PostgreSQL under it).
      await db.destroy().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return running;
}
