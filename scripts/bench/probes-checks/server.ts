// The Vigil API server for the probe figures, in its own process so its ingest CPU is not counted
// as the agent's: a fresh SQLite file, a key for the catalogue's Local node (private targets
// allowed), tasks on that node made on request, and a count of the results stored.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { DB_FILE_NAME, openDatabase } from '../../../src/server/db/connection.js';
import { migrateToLatest } from '../../../src/server/db/migrations/index.js';
import { seedIfEmpty } from '../../../src/server/db/seed.js';
import { issueNodeKey } from '../../../src/server/modules/nodes/keys.js';
import { createTask } from '../../../src/server/modules/tasks/service.js';
import type { TaskInput } from '../../../src/server/modules/tasks/task-input.js';
import { serveParent } from './proc.js';

export interface ServerReady {
  url: string;
  key: string;
  nodeId: number;
}

export interface StoredResults {
  total: number;
  ok: number;
  /** Failure codes seen, with counts, when some results failed. */
  failures: Record<string, number>;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-probes-'));
  const config = loadConfig({ VIGIL_DATA_DIR: dir, VIGIL_CLIENT_DIR: join(dir, 'none'), VIGIL_SEED_PASSWORD: 'bench-pass-1' });
  const db = openDatabase(join(dir, DB_FILE_NAME));
  await migrateToLatest(db);
  const seeded = await seedIfEmpty(db, config);
  if (!seeded) throw new Error('the bench database was not fresh');
  const app = await buildApp({ ...config, platformSecret: 'bench-platform-secret-0123' }, { db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const local = await db.selectFrom('nodes').select('id').where('slug', '=', 'local').executeTakeFirstOrThrow();
  const { key } = await issueNodeKey(db, local.id, { now: Date.now(), allowPrivateTargets: true });
  const ready: ServerReady = { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, key, nodeId: local.id };

  serveParent(
    ready,
    {
      /** Creates the tasks (all on the Local node); answers how many. */
      tasks: async (payload) => {
        const inputs = payload as Omit<TaskInput, 'nodeIds'>[];
        for (const input of inputs) await createTask(app.vigil, seeded.customer.custId, { ...input, nodeIds: [local.id] });
        return inputs.length;
      },
      results: async (): Promise<StoredResults> => {
        const rows = await db
          .selectFrom('results')
          .select(['ok', 'failure_code'])
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .groupBy(['ok', 'failure_code'])
          .execute();
        const failures: Record<string, number> = {};
        let total = 0;
        let ok = 0;
        for (const row of rows) {
          total += Number(row.count);
          if (row.ok) ok += Number(row.count);
          else failures[row.failure_code ?? 'unknown'] = Number(row.count);
        }
        return { total, ok, failures };
      },
    },
    async () => {
      await app.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  );
}

await main();
