import { sql, type Migration } from 'kysely';
import { HISTOGRAM_COLUMNS } from '../../results/index.js';
import type { AnyDb } from './any-db.js';

// node_id columns carry nodes.id without a foreign key: results and deployments of a node stay
// readable whatever happens to the node catalogue.

async function createTaskTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('tasks')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('cust_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull().check(sql`type between 1 and 7`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('serial_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('region', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('frequency_minutes', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().check(sql`status in (1,2)`))
    .addColumn('protocol', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('port', 'integer')
    .addColumn('other_path', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('matching_ips', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('matched_ip_group_id', 'integer')
    .addColumn('dns_servers', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('node_ids', 'text', (c) => c.notNull())
    .addColumn('domain_group', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('deleted_at', 'integer')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tasks_cust').on('tasks').columns(['cust_id', 'deleted_at']).execute();
}

async function createDeploymentTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('node_assignments')
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('task_version', 'integer', (c) => c.notNull())
    .addColumn('assign_version', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('removed_at', 'integer')
    .addPrimaryKeyConstraint('node_assignments_pk', ['node_id', 'task_id'])
    .execute();
  await db.schema.createIndex('node_assignments_version').on('node_assignments').columns(['node_id', 'assign_version']).execute();
  await db.schema
    .createTable('node_assignment_versions')
    .addColumn('node_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('deployments')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('task_version', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('processing','completed','error')`))
    .addColumn('deadline_at', 'integer', (c) => c.notNull())
    .addColumn('error_code', 'integer')
    .addColumn('error_time', 'integer')
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deployments_task_node').on('deployments').columns(['task_id', 'node_id', 'id']).execute();
  await db.schema.createIndex('deployments_pending').on('deployments').columns(['state', 'deadline_at']).execute();
}

async function createResultTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('result_batches')
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('received_at', 'integer', (c) => c.notNull())
    .addColumn('accepted', 'integer', (c) => c.notNull())
    .addColumn('rejected', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('result_batches_pk', ['node_id', 'batch_id'])
    .execute();
  await db.schema.createIndex('result_batches_received').on('result_batches').column('received_at').execute();
  await db.schema
    .createTable('results')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('task_id', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('ts', 'integer', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('latency_ms', 'real')
    .addColumn('status_code', 'integer')
    .addColumn('failure_source', 'text')
    .addColumn('failure_code', 'text')
    .addColumn('ip_matched', 'integer')
    .addColumn('details', 'text', (c) => c.notNull())
    .execute();
  // Time-first indexes only: a batch then appends instead of touching one index page per task.
  // Retention reads by time; a task's traceroute snapshots (its only raw history read) by the
  // partial index; everything else reads rollups or the latest state.
  await db.schema.createIndex('results_ts').on('results').column('ts').execute();
  await db.schema
    .createIndex('results_traceroute')
    .on('results')
    .columns(['task_id', 'node_id', 'ts'])
    .where(sql.ref('type'), '=', 6)
    .execute();
  await db.schema
    .createTable('latest_results')
    .addColumn('task_id', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('ts', 'integer', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('latency_ms', 'real')
    .addColumn('status_code', 'integer')
    .addColumn('failure_source', 'text')
    .addColumn('failure_code', 'text')
    .addColumn('ip_matched', 'integer')
    .addColumn('result_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('latest_results_pk', ['task_id', 'node_id'])
    .execute();
}

async function createRollupTable(db: AnyDb, table: 'rollup_minute' | 'rollup_hour'): Promise<void> {
  let builder = db.schema
    .createTable(table)
    .addColumn('task_id', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('bucket_start', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('successes', 'integer', (c) => c.notNull())
    .addColumn('latency_count', 'integer', (c) => c.notNull())
    .addColumn('latency_sum', 'real', (c) => c.notNull())
    .addColumn('latency_min', 'real')
    .addColumn('latency_max', 'real');
  for (const column of HISTOGRAM_COLUMNS) builder = builder.addColumn(column, 'integer', (c) => c.notNull().defaultTo(0));
  // Clustered by time: a batch appends to (or updates) the newest buckets only, instead of touching
  // one page per series; a task's range is read by seeking each bucket (bucket_start in (…)), and
  // retention deletes a leading range. `without rowid` is SQLite's; PostgreSQL drops it.
  await builder
    .addPrimaryKeyConstraint(`${table}_pk`, ['bucket_start', 'task_id', 'node_id'])
    .modifyEnd(sql`without rowid`)
    .execute();
}

/** Tasks, node assignments, deployments, raw results, rollups and latest state per (task, node). */
export const tasksResults: Migration = {
  async up(db: AnyDb) {
    await createTaskTables(db);
    await createDeploymentTables(db);
    await createResultTables(db);
    await createRollupTable(db, 'rollup_minute');
    await createRollupTable(db, 'rollup_hour');
  },
};
