import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { startAgent, type AgentDeps, type AgentHandle } from '../../../src/agent/agent.js';
import type { AgentConfig } from '../../../src/agent/config.js';
import { createLogger, type AgentLogger } from '../../../src/agent/log.js';
import { buildApp } from '../../../src/server/app.js';
import { migrateToLatest } from '../../../src/server/db/migrations/index.js';
import { issueNodeKey } from '../../../src/server/modules/nodes/keys.js';
import { createTask } from '../../../src/server/modules/tasks/service.js';
import type { Task } from '../../../src/server/modules/tasks/task-model.js';
import type { TaskInput } from '../../../src/server/modules/tasks/task-input.js';
import { createTestServer, type TestServer } from '../../server/helpers.js';

/**
 * The real API server listening on 127.0.0.1 with a key for the catalogue's Local node, and agents
 * started in-process against it. The agents run with a one-second "minute" so a one-minute task
 * runs every second, and short heartbeats, polls and backoffs.
 */

export const FAST_AGENT: AgentDeps = {
  minuteMs: 1_000,
  heartbeatMs: 300,
  jobWaitMs: 1_000,
  flushMs: 100,
  backoff: { baseMs: 50, maxMs: 400 },
};

export interface LoggedLine {
  event: string;
  [field: string]: unknown;
}

export interface Harness {
  server: TestServer;
  url: string;
  nodeId: number;
  key: string;
  /** Closes the app and its database: the agents see a dead server. */
  kill(): Promise<void>;
  /** A new app on the same database, listening on the same port. */
  revive(): Promise<void>;
  agent(options?: { dataDir?: string; key?: string; serverUrl?: string; deps?: AgentDeps }): { handle: AgentHandle; dataDir: string; lines: LoggedLine[] };
  task(input: Partial<TaskInput> & Pick<TaskInput, 'type' | 'domain'>): Promise<Task>;
  close(): Promise<void>;
}

async function listen(server: TestServer, port = 0): Promise<number> {
  await server.app.listen({ port, host: '127.0.0.1' });
  return (server.app.server.address() as AddressInfo).port;
}

/** Closes Fastify without waiting for held long polls: their sockets are cut as a crash would. */
async function closeApp(server: TestServer): Promise<void> {
  const closing = server.app.close();
  server.app.server.closeAllConnections();
  await closing;
}

export async function createHarness(): Promise<Harness> {
  const server = await createTestServer();
  const port = await listen(server);
  const local = await server.db.selectFrom('nodes').select('id').where('slug', '=', 'local').executeTakeFirstOrThrow();
  const { key } = await issueNodeKey(server.db, local.id, { now: server.clock.now(), allowPrivateTargets: true });
  const running: AgentHandle[] = [];
  const dirs: string[] = [];
  let alive = true;

  const harness: Harness = {
    server,
    url: `http://127.0.0.1:${port}`,
    nodeId: local.id,
    key,
    async kill() {
      alive = false;
      await closeApp(server);
      await server.db.destroy();
    },
    async revive() {
      server.db = server.database.open();
      await migrateToLatest(server.db);
      server.app = await buildApp(server.config, { db: server.db, now: server.clock.now, logger: false });
      await listen(server, port);
      alive = true;
    },
    agent(options = {}) {
      const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'vigil-agent-'));
      if (!options.dataDir) dirs.push(dataDir);
      const lines: LoggedLine[] = [];
      const logger: AgentLogger = createLogger('debug', (line) => lines.push(JSON.parse(line) as LoggedLine));
      const config: AgentConfig = { serverUrl: options.serverUrl ?? harness.url, key: options.key ?? key, dataDir, allowPrivate: true, concurrency: 16, logLevel: 'debug' };
      const handle = startAgent(config, { ...FAST_AGENT, logger, ...options.deps });
      running.push(handle);
      return { handle, dataDir, lines };
    },
    task(input) {
      return createTask(server.app.vigil, server.custId, { name: 'Loopback', frequencyMinutes: 1, nodeIds: [local.id], ...input });
    },
    async close() {
      await Promise.all(running.map((handle) => handle.stop({ flush: false })));
      if (alive) await harness.kill();
      await server.database.drop();
      for (const dir of [...dirs, server.dir]) rmSync(dir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Polls until the condition holds; fails with the description after `timeoutMs`. */
export async function waitFor(description: string, condition: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${description}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Rows in `results` for a task, and how many (task, node, ts) appear more than once. */
export async function storedResults(server: TestServer, taskId: number): Promise<{ rows: number; repeated: number }> {
  const rows = await server.db.selectFrom('results').select(['node_id', 'ts']).where('task_id', '=', taskId).execute();
  const keys = new Set(rows.map((row) => `${row.node_id}/${row.ts}`));
  return { rows: rows.length, repeated: rows.length - keys.size };
}
