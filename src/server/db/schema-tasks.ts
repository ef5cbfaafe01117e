import type { Generated } from 'kysely';
import type { HistogramColumn } from '../results/index.js';

/**
 * Tables of tasks, deployments and results (migration 0003). Times are epoch milliseconds.
 * node_id columns reference nodes.id by value only (no foreign key), so results and deployments of
 * a node outlive changes to the node catalogue.
 */

export interface TasksTable {
  id: Generated<number>;
  cust_id: number;
  type: number;
  name: string;
  domain: string;
  /** The domain as the duplicates rule compares it (hostKeyOf, migration 0020): indexed, so the rule reads only candidates. */
  target_host: Generated<string>;
  serial_number: string;
  region: string;
  frequency_minutes: number;
  /** 1 enabled, 2 disabled. */
  status: number;
  protocol: string;
  port: number | null;
  other_path: string;
  /** JSON array of IP strings. */
  matching_ips: string;
  matched_ip_group_id: number | null;
  /** JSON array of DNS server strings. */
  dns_servers: string;
  /** JSON array of node ids. */
  node_ids: string;
  domain_group: string;
  /** JSON array of tag names. */
  tags: string;
  version: number;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
  /** Contract points the task holds: what its last change charged (migration 0007). */
  charged_points: Generated<number>;
}

/** What each node runs: one row per (node, task) it ever ran; inactive rows tell the agent to stop. */
export interface NodeAssignmentsTable {
  node_id: number;
  task_id: number;
  task_version: number;
  /** The node's assignment version at which this row last changed. */
  assign_version: number;
  active: number;
  /** When the row became inactive; results checked before it are still accepted. */
  removed_at: number | null;
}

/** One monotonic assignment version per node. */
export interface NodeAssignmentVersionsTable {
  node_id: number;
  version: number;
}

export type DeploymentState = 'processing' | 'completed' | 'error';

/** One row per sending of a task version to a node; the newest row per (task, node) is current. */
export interface DeploymentsTable {
  id: Generated<number>;
  task_id: number;
  node_id: number;
  task_version: number;
  state: DeploymentState;
  deadline_at: number;
  error_code: number | null;
  error_time: number | null;
  message: string;
  created_at: number;
  updated_at: number;
}

export interface ResultBatchesTable {
  node_id: number;
  batch_id: string;
  received_at: number;
  accepted: number;
  rejected: number;
}

export interface ResultsTable {
  id: Generated<number>;
  task_id: number;
  node_id: number;
  ts: number;
  type: number;
  ok: number;
  latency_ms: number | null;
  /** HTTP status; 0 stands for '000' (not reachable). */
  status_code: number | null;
  failure_source: string | null;
  failure_code: string | null;
  ip_matched: number | null;
  /** The whole CheckResult as JSON (a traceroute run is its own snapshot). */
  details: string;
}

export type RollupTable = {
  task_id: number;
  node_id: number;
  bucket_start: number;
  count: number;
  successes: number;
  /** Successful results with a latency: the latency figures and histogram cover these. */
  latency_count: number;
  latency_sum: number;
  latency_min: number | null;
  latency_max: number | null;
} & Record<HistogramColumn, number>;

/** Per (hour, task): rollup_hour summed over the nodes, for the all-task availability (and, as
 * rollup_task_minute, per (minute, task) from rollup_minute, for lists over the last hours). */
export interface TaskHourRollupTable {
  bucket_start: number;
  task_id: number;
  count: number;
  successes: number;
  latency_count: number;
  latency_sum: number;
}

/** rollup_hour without the histogram, keyed task-first (task, hour, node) for one task's trend. */
export type HourByTaskRollupTable = Omit<RollupTable, HistogramColumn>;

/** The newest result per (task, node); its details stay in `results` (result_id). */
export interface LatestResultsTable {
  task_id: number;
  node_id: number;
  ts: number;
  ok: number;
  latency_ms: number | null;
  status_code: number | null;
  failure_source: string | null;
  failure_code: string | null;
  ip_matched: number | null;
  result_id: number;
}

/** Named counters that only move forward (`result_id`: the last result id handed out). */
export interface StoreCountersTable {
  name: string;
  value: number;
}

/** Per customer: moved by ingest on each late result (results/late-writes.ts), read by the range reader's cache. */
export interface LateWriteMarksTable {
  cust_id: number;
  value: number;
}

export interface TaskTables {
  tasks: TasksTable;
  node_assignments: NodeAssignmentsTable;
  node_assignment_versions: NodeAssignmentVersionsTable;
  deployments: DeploymentsTable;
  result_batches: ResultBatchesTable;
  results: ResultsTable;
  rollup_minute: RollupTable;
  rollup_hour: RollupTable;
  rollup_task_hour: TaskHourRollupTable;
  rollup_task_minute: TaskHourRollupTable;
  /** Per (10 minutes, task), for the edge hours of lists and the overview over the last hours. */
  rollup_task_ten_minute: TaskHourRollupTable;
  /** Per (UTC day, task), for lists over days. */
  rollup_task_day: TaskHourRollupTable;
  rollup_hour_by_task: HourByTaskRollupTable;
  latest_results: LatestResultsTable;
  store_counters: StoreCountersTable;
  late_write_marks: LateWriteMarksTable;
}
