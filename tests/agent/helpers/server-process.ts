import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { issueNodeKey } from '../../../src/server/modules/nodes/keys.js';
import { createTask } from '../../../src/server/modules/tasks/service.js';
import type { TaskInput } from '../../../src/server/modules/tasks/task-input.js';
import { createTestServer, testEnv, type TestServer } from '../../server/helpers.js';
import { waitFor } from './agent-harness.js';

/**
 * The real API server (src/server/main.ts) as a child process on a SQLite data directory prepared
 * in-process (seeded, the Local node's key issued, tasks created), so it can be killed outright
 * (SIGKILL) and started again on the same data and port. The test reads the database beside it.
 */

export interface ServerProcess {
  url: string;
  key: string;
  nodeId: number;
  /** The prepared test server: its app is closed, its database stays open for reading. */
  data: TestServer;
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

export async function prepareServerProcess(tasks: TaskFields[]): Promise<ServerProcess> {
  const data = await createTestServer();
  const local = await data.db.selectFrom('nodes').select('id').where('slug', '=', 'local').executeTakeFirstOrThrow();
  const { key } = await issueNodeKey(data.db, local.id, { now: data.clock.now(), allowPrivateTargets: true });
  for (const task of tasks) await createTask(data.app.vigil, data.custId, { name: 'Loopback', frequencyMinutes: 1, nodeIds: [local.id], ...task });
  await data.app.close();
  const port = await freePort();
  const env = { ...process.env, ...testEnv(data.dir, { VIGIL_PORT: String(port), VIGIL_HOST: '127.0.0.1', VIGIL_LOG_LEVEL: 'warn' }) };
  let child: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  const output: string[] = [];

  const running: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    key,
    nodeId: local.id,
    data,
    async start() {
      let listening = false;
      const started = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
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
      await data.db.destroy();
      rmSync(data.dir, { recursive: true, force: true });
    },
  };
  return running;
}
