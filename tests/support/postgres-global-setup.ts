/*
 * vitest's global setup when VIGIL_TEST_DB=postgres: one throw-away cluster for the run, with a
 * migrated template database each test server's own database is copied from.
 */
import { openPostgres } from '../../src/server/db/postgres.js';
import { migrateToLatest } from '../../src/server/db/migrations/index.js';
import { startPostgresCluster } from '../../scripts/postgres-cluster.js';
import { sql } from 'kysely';

export const TEMPLATE_DATABASE = 'vigil_template';

export default async function setup(): Promise<() => void> {
  const cluster = await startPostgresCluster();
  try {
    const admin = openPostgres({ url: cluster.urlOf('postgres'), poolMax: 1, statementTimeoutMs: 0 });
    await sql`create database ${sql.id(TEMPLATE_DATABASE)}`.execute(admin);
    await admin.destroy();
    const template = openPostgres({ url: cluster.urlOf(TEMPLATE_DATABASE), poolMax: 1, statementTimeoutMs: 0 });
    await migrateToLatest(template);
    await template.destroy();
  } catch (error) {
    cluster.stop();
    throw error;
  }
  // An interrupted run skips the teardown: the cluster must not outlive it.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      cluster.stop();
      process.exit(1);
    });
  }
  process.env.VIGIL_TEST_PG_ADMIN_URL = cluster.urlOf('postgres');
  process.env.VIGIL_TEST_PG_TEMPLATE = TEMPLATE_DATABASE;
  return () => cluster.stop();
}
