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
  /** The server's database, open in the test for reading (one for all instances on it). */
  db: Db;
  /** What the process printed (its log at warn and above). */
  output: string[];
  start(): Promise<void>;
  /** Whether the process is running (started and not exited). */
  alive(): boolean;
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

interface Prepared {
  db: Db;
  key: string;
  nodeId: number;
}

/** One server process on prepared data, listening on `port`; `env` names the database. */
function serverProcessOn(prepared: Prepared, env: Record<string, string>, port: number, dir: string): ServerProcess {
  let child: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  const output: string[] = [];
  const running: ServerProcess = {
    ...prepared,
    url: `http://127.0.0.1:${port}`,
    output,
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
        // Generous: tsx compiles the server as it starts, slow on a busy machine.
      }, 120_000);
    },
    alive: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    async kill() {
      child?.kill('SIGKILL');
      await exited;
    },
    async close() {
      await running.kill();
      // A test may have closed it already (before restarting PostgreSQL under it), or another instance did.
      await prepared.db.destroy().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return running;
}

async function instanceEnv(databaseUrl: string | undefined): Promise<{ env: Record<string, string>; port: number; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-server-process-'));
  const port = await freePort();
  const extra: Record<string, string> = { VIGIL_PORT: String(port), VIGIL_HOST: '127.0.0.1', VIGIL_LOG_LEVEL: 'warn' };
  if (databaseUrl) extra.VIGIL_DATABASE_URL = databaseUrl;
  return { env: testEnv(dir, extra), port, dir };
}

export async function prepareServerProcess(tasks: TaskFields[], options: { databaseUrl?: string } = {}): Promise<ServerProcess> {
  const [only] = await prepareServerInstances(tasks, { ...options, count: 1 });
  return only as ServerProcess;
}

/**
 * `count` server processes (instances) on one prepared database, each on a port and data directory
 * of its own: several need PostgreSQL (`databaseUrl`), as SQLite's file belongs to one process.
 */
export async function prepareServerInstances(tasks: TaskFields[], options: { databaseUrl?: string; count: number }): Promise<ServerProcess[]> {
  const first = await instanceEnv(options.databaseUrl);
  const prepared = await prepareData(first.env, tasks);
  const instances = [serverProcessOn(prepared, first.env, first.port, first.dir)];
  while (instances.length < options.count) {
    const next = await instanceEnv(options.databaseUrl);
    instances.push(serverProcessOn(prepared, next.env, next.port, next.dir));
  }
  return instances;
}
