import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from '../connection.js';
import { engineOf } from '../engine.js';
import { PostgresSchemaPlugin } from '../postgres-schema.js';
import { foundation } from './0001-foundation.js';
import { nodes } from './0002-nodes.js';
import { tasksResults } from './0003-tasks-results.js';
import { agentJobs } from './0004-agent-jobs.js';
import { storeCounters } from './0005-store-counters.js';
import { taskRollups } from './0006-task-rollups.js';
import { points } from './0007-points.js';
import { groups } from './0008-groups.js';
import { detailIndexes } from './0009-detail-indexes.js';
import { localNodeDns } from './0010-local-node-dns.js';
import { taskMinuteRollups } from './0011-task-minute-rollups.js';
import { taskDayRollups } from './0012-task-day-rollups.js';
import { pushSubscriptions } from './0014-push-subscriptions.js';
import { resultsEdgeIndex } from './0015-results-edge-index.js';
import { alerts } from './0016-alerts.js';
import { alertOutboxPending } from './0018-alert-outbox-pending.js';
import { alertLogTime } from './0019-alert-log-time.js';
import { imports } from './0020-imports.js';
import { apiKeys } from './0021-api-keys.js';
import { mtrRuns } from './0022-mtr-runs.js';
import { feedbackNews } from './0023-feedback-news.js';
import { operator } from './0024-operator.js';
import { pointLogIndexes } from './0025-point-log-indexes.js';
import { timePartitions } from './0026-time-partitions.js';
import { nodeResultsDroppedAt } from './0027-node-results-dropped-at.js';
import { taskTenMinuteRollups } from './0028-task-ten-minute-rollups.js';
import { sharedInstanceState } from './0029-shared-instance-state.js';
import { lateWriteMarks } from './0030-late-write-marks.js';

/** Every migration, in the order of their names; add one file and one line per migration. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_nodes': nodes,
  '0003_tasks_results': tasksResults,
  '0004_agent_jobs': agentJobs,
  '0005_store_counters': storeCounters,
  '0006_task_rollups': taskRollups,
  '0007_points': points,
  '0008_groups': groups,
  '0009_detail_indexes': detailIndexes,
  '0010_local_node_dns': localNodeDns,
  '0011_task_minute_rollups': taskMinuteRollups,
  '0012_task_day_rollups': taskDayRollups,
  '0014_push_subscriptions': pushSubscriptions,
  '0015_results_edge_index': resultsEdgeIndex,
  '0016_alerts': alerts,
  '0018_alert_outbox_pending': alertOutboxPending,
  '0019_alert_log_time': alertLogTime,
  '0020_imports': imports,
  '0021_api_keys': apiKeys,
  '0022_mtr_runs': mtrRuns,
  '0023_feedback_news': feedbackNews,
  '0024_operator': operator,
  '0025_point_log_indexes': pointLogIndexes,
  '0026_time_partitions': timePartitions,
  '0027_node_results_dropped_at': nodeResultsDroppedAt,
  '0028_task_ten_minute_rollups': taskTenMinuteRollups,
  '0029_shared_instance_state': sharedInstanceState,
  '0030_late_write_marks': lateWriteMarks,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Applies every pending migration; throws the first failure. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrating = engineOf(db) === 'postgres' ? db.withPlugin(new PostgresSchemaPlugin()) : db;
  // Numbers are handed out ahead of merging (0028 merged after 0029): a store already past a later
  // number still takes an earlier one that arrives after it, which names-in-order would refuse.
  const migrator = new Migrator({ db: migrating, provider, allowUnorderedMigrations: true });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${String(error)}`);
}
