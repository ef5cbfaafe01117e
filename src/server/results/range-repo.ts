import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connection.js';
import type { TaskHourRollupTable } from '../db/schema-tasks.js';
import { MINUTE_MS, STEP_MS, type Piece, type Tier } from './range-pieces.js';

/**
 * SQL of the range reader: one piece of a range summed from the table that holds its level, grouped
 * as asked. Every statement is scoped to the customer's live tasks. Rollups are read in the order of
 * their keys: time-first tables by bucket, rollup_hour_by_task by task then hour, raw results through
 * the (minute, task) index of migration 0015 (each raw piece is under a minute or two).
 */

/** Which of the customer's live tasks a read covers: all, of these types, or these ids. */
export interface ResultsScope {
  custId: number;
  taskIds?: readonly number[];
  types?: readonly number[];
}

/** How rows are grouped: per task, per node, per (task, node), per bucket (over all nodes), or per node and bucket. */
export type GroupKind = 'task' | 'node' | 'task-node' | 'bucket' | 'node-bucket';

export interface SumsRow {
  task_id: number;
  node_id: number;
  bucket_start: number;
  count: number;
  successes: number;
  latency_count: number;
  latency_sum: number;
  latency_min: number | null;
  latency_max: number | null;
}

export interface PieceQuery {
  scope: ResultsScope;
  /** Per task: `taskSums`, all pieces in one statement. */
  kind: Exclude<GroupKind, 'task'>;
  /** With 'node-bucket': only these nodes. */
  nodeIds?: readonly number[];
}

/** Which rows of tasks (as `table`) the scope takes. */
function scopeConditions(scope: ResultsScope, table: string): RawBuilder<unknown> {
  const column = (name: string) => sql.raw(`${table}.${name}`);
  const parts = [sql`${column('cust_id')} = ${scope.custId}`, sql`${column('deleted_at')} is null`];
  if (scope.types) parts.push(sql`${column('type')} in (${sql.join([...scope.types])})`);
  if (scope.taskIds) parts.push(sql`${column('id')} in (${sql.join([...scope.taskIds])})`);
  return sql.join(parts, sql` and `);
}

const scopeSql = (scope: ResultsScope): RawBuilder<unknown> => sql`task_id in (select id from tasks where ${scopeConditions(scope, 'tasks')})`;

const isEmpty = (query: Pick<PieceQuery, 'scope' | 'nodeIds'>) => query.scope.taskIds?.length === 0 || query.scope.types?.length === 0 || query.nodeIds?.length === 0;

interface Source {
  table: string;
  /** The bucket a row belongs to (raw: its minute). */
  bucket: string;
  sums: string;
  time: (piece: Piece) => RawBuilder<unknown>;
}

const ROLLUP_SUMS = 'sum(count) as count, sum(successes) as successes, sum(latency_count) as latency_count, sum(latency_sum) as latency_sum';
const NODE_ROLLUP_SUMS = `${ROLLUP_SUMS}, min(latency_min) as latency_min, max(latency_max) as latency_max`;
const TASK_ROLLUP_SUMS = `${ROLLUP_SUMS}, null as latency_min, null as latency_max`;
const RAW_SUMS =
  'count(*) as count, sum(ok) as successes, sum(case when ok = 1 and latency_ms is not null then 1 else 0 end) as latency_count, ' +
  'coalesce(sum(case when ok = 1 then latency_ms end), 0) as latency_sum, min(case when ok = 1 then latency_ms end) as latency_min, ' +
  'max(case when ok = 1 then latency_ms end) as latency_max';

const bucketRange = (piece: Piece) => sql`bucket_start >= ${piece.from} and bucket_start < ${piece.to}`;

/**
 * Each bucket of `stepMs` one seek: with the bucket equal, a time-first key (bucket_start, …) finds
 * a piece's rows of a few tasks (or the minute's rows) without reading along the other tasks'.
 */
function bucketList(piece: Piece, stepMs: number): RawBuilder<unknown> {
  const buckets: number[] = [];
  for (let start = piece.from; start < piece.to; start += stepMs) buckets.push(start);
  return sql`bucket_start in (${sql.join(buckets)})`;
}

/** The expression must read exactly as in the index (migration 0015). */
function rawRange(piece: Piece): RawBuilder<unknown> {
  const minutes: number[] = [];
  for (let minute = Math.floor(piece.from / MINUTE_MS); minute * MINUTE_MS < piece.to; minute += 1) minutes.push(minute);
  return sql`ts / 60000 in (${sql.join(minutes)}) and ts >= ${piece.from} and ts < ${piece.to}`;
}

const RAW: Source = { table: 'results', bucket: '(ts / 60000) * 60000', sums: RAW_SUMS, time: rawRange };
/** After now: by the ts index, as per minute and task would seek every task in every minute for the few checks stamped ahead. */
const AHEAD: Source = { ...RAW, time: (piece) => sql`ts >= ${piece.from} and ts < ${piece.to}` };

const TASK_SOURCES: Record<Piece['level'], Source> = {
  day: { table: 'rollup_task_day', bucket: 'bucket_start', sums: TASK_ROLLUP_SUMS, time: bucketRange },
  hour: { table: 'rollup_task_hour', bucket: 'bucket_start', sums: TASK_ROLLUP_SUMS, time: bucketRange },
  tenMinute: { table: 'rollup_task_ten_minute', bucket: 'bucket_start', sums: TASK_ROLLUP_SUMS, time: bucketRange },
  minute: { table: 'rollup_task_minute', bucket: 'bucket_start', sums: TASK_ROLLUP_SUMS, time: bucketRange },
  raw: RAW,
  ahead: AHEAD,
};

const NODE_SOURCES: Record<Exclude<Piece['level'], 'tenMinute'>, Source> = {
  // Per node there are no day rows: the reader never asks for them.
  day: { table: 'rollup_hour_by_task', bucket: 'bucket_start', sums: NODE_ROLLUP_SUMS, time: bucketRange },
  hour: { table: 'rollup_hour_by_task', bucket: 'bucket_start', sums: NODE_ROLLUP_SUMS, time: bucketRange },
  minute: { table: 'rollup_minute', bucket: 'bucket_start', sums: NODE_ROLLUP_SUMS, time: (piece) => bucketList(piece, MINUTE_MS) },
  raw: RAW,
  ahead: AHEAD,
};

function groupColumns(kind: PieceQuery['kind'], bucket: string): { select: string; groupBy: string } {
  switch (kind) {
    case 'node':
      return { select: '0 as task_id, node_id, 0 as bucket_start', groupBy: 'node_id' };
    case 'task-node':
      return { select: 'task_id, node_id, 0 as bucket_start', groupBy: 'task_id, node_id' };
    case 'bucket':
      return { select: `0 as task_id, 0 as node_id, ${bucket} as bucket_start`, groupBy: bucket };
    default:
      return { select: `0 as task_id, node_id, ${bucket} as bucket_start`, groupBy: `node_id, ${bucket}` };
  }
}

/** One row of a per-task source, its sums signed (`sign` -1: a piece subtracted), left to the statement around it to add. */
function signedTaskRow(level: Piece['level'], sign: 1 | -1): string {
  if (level === 'raw' || level === 'ahead') {
    const latency = 'case when ok = 1 and latency_ms is not null';
    return `task_id, ${sign} as count, ${sign} * ok as successes, ${sign} * (${latency} then 1 else 0 end) as latency_count, ${sign} * (${latency} then latency_ms else 0 end) as latency_sum`;
  }
  return `task_id, ${sign} * count as count, ${sign} * successes as successes, ${sign} * latency_count as latency_count, ${sign} * latency_sum as latency_sum`;
}

/**
 * The per-task sums of all of a range's pieces, added and subtracted in one statement: one row per
 * task, where reading each piece grouped and adding them up in JS moved some 30 rows per task.
 */
export async function taskSums(db: Db, pieces: readonly Piece[], scope: ResultsScope): Promise<SumsRow[]> {
  if (pieces.length === 0 || isEmpty({ scope })) return [];
  return (await taskSumsStatement(pieces, scope).execute(db)).rows;
}

function taskSumsStatement(pieces: readonly Piece[], scope: ResultsScope): RawBuilder<SumsRow> {
  const rows = pieces.map((piece) => {
    const time = scope.taskIds && piece.level !== 'raw' && piece.level !== 'ahead' ? bucketList(piece, STEP_MS[piece.level]) : TASK_SOURCES[piece.level].time(piece);
    return sql`select ${sql.raw(signedTaskRow(piece.level, piece.sign ?? 1))} from ${sql.raw(TASK_SOURCES[piece.level].table)} where ${time} and ${scopeSql(scope)}`;
  });
  return sql<SumsRow>`select task_id, 0 as node_id, 0 as bucket_start, ${sql.raw(TASK_ROLLUP_SUMS)}
    from (${sql.join(rows, sql` union all `)}) as pieces group by task_id`;
}

const SUM_COLUMNS = ['count', 'successes', 'latency_count', 'latency_sum'] as const;
const RAW_TASK_SUMS =
  'count(*) as count, sum(ok) as successes, sum(case when ok = 1 and latency_ms is not null then 1 else 0 end) as latency_count, ' +
  'coalesce(sum(case when ok = 1 then latency_ms end), 0) as latency_sum';

/** A piece's sums per task, joined to the scope's task `t` as `alias`: one bucket by its key, else summed per task (the customer's tasks only). */
function joinedPiece(piece: Piece, alias: string, custId: number): RawBuilder<unknown> {
  const source = TASK_SOURCES[piece.level];
  const customer = sql`task_id in (select id from tasks where cust_id = ${custId})`;
  if (piece.level !== 'raw' && piece.level !== 'ahead') {
    if (piece.to - piece.from === STEP_MS[piece.level]) {
      return sql`left join ${sql.raw(source.table)} as ${sql.raw(alias)} on ${sql.raw(alias)}.bucket_start = ${piece.from} and ${sql.raw(alias)}.task_id = t.id`;
    }
    return sql`left join (select task_id, ${sql.raw(ROLLUP_SUMS)} from ${sql.raw(source.table)} where ${source.time(piece)} and ${customer} group by task_id) as ${sql.raw(alias)} on ${sql.raw(alias)}.task_id = t.id`;
  }
  return sql`left join (select task_id, ${sql.raw(RAW_TASK_SUMS)} from results where ${source.time(piece)} and ${customer} group by task_id) as ${sql.raw(alias)} on ${sql.raw(alias)}.task_id = t.id`;
}

/** Joined by key, a rollup piece of a few buckets (an edge hour and the current one) costs less bucket by bucket than grouped. */
const JOINED_BUCKETS_MAX = 3;

function bucketsOfShortPiece(piece: Piece): Piece[] {
  if (piece.level === 'raw' || piece.level === 'ahead') return [piece];
  const step = STEP_MS[piece.level];
  if ((piece.to - piece.from) / step > JOINED_BUCKETS_MAX) return [piece];
  const buckets: Piece[] = [];
  for (let from = piece.from; from < piece.to; from += step) buckets.push({ ...piece, from, to: from + step });
  return buckets;
}

/**
 * The pieces' per-task sums as one row for each task of the scope (zeros for a task without checks
 * in them): the scope's tasks, each piece joined to them by task (a single bucket through its key),
 * the signed sums added in the row. No grouping of every row at the end, as `taskSums` needs.
 */
export async function scopeTaskSums(db: Db, asked: readonly Piece[], scope: ResultsScope): Promise<SumsRow[]> {
  if (isEmpty({ scope })) return [];
  const pieces = asked.flatMap(bucketsOfShortPiece);
  const aliases = pieces.map((_, index) => `p${index}`);
  const sums = SUM_COLUMNS.map((column) => {
    const terms = pieces.map((piece, index) => `${piece.sign === -1 ? '-' : '+'} coalesce(${aliases[index] ?? ''}.${column}, 0)`);
    return sql.raw(`0 ${terms.join(' ')} as ${column}`);
  });
  const joins = pieces.map((piece, index) => joinedPiece(piece, aliases[index] ?? '', scope.custId));
  const statement = sql<SumsRow>`select t.id as task_id, 0 as node_id, 0 as bucket_start, ${sql.join(sums)}, null as latency_min, null as latency_max
    from tasks as t ${sql.join(joins, sql` `)} where ${scopeConditions(scope, 't')}`;
  return (await statement.execute(db)).rows;
}

/** One bucket of a per-task tier. */
export interface Bucket {
  tier: Tier;
  start: number;
}

/** A per-task rollup row of a bucket (every per-task tier has the hour's columns); `tier` its index in BUCKET_TIERS. */
export type BucketRow = TaskHourRollupTable & { tier: number };

export const BUCKET_TIERS: readonly Tier[] = ['day', 'hour', 'tenMinute', 'minute'];

/**
 * The rows of these buckets for every task the customer has or had (deleted, of any type: the
 * caller filters by its scope), one branch per tier, each bucket one seek on the time-first key.
 */
export async function bucketRows(db: Db, custId: number, buckets: readonly Bucket[]): Promise<BucketRow[]> {
  const branches = BUCKET_TIERS.flatMap((tier, index) => {
    const starts = buckets.filter((bucket) => bucket.tier === tier).map((bucket) => bucket.start);
    if (starts.length === 0) return [];
    return [sql`select ${sql.lit(index)} as tier, bucket_start, task_id, count, successes, latency_count, latency_sum from ${sql.raw(TASK_SOURCES[tier].table)}
      where bucket_start in (${sql.join(starts)}) and task_id in (select id from tasks where cust_id = ${custId})`];
  });
  if (branches.length === 0) return [];
  return (await sql<BucketRow>`${sql.join(branches, sql` union all `)}`.execute(db)).rows;
}

/** The sums of one piece of a range, grouped as asked (per task: `taskSums`). */
export async function pieceSums(db: Db, piece: Piece, query: PieceQuery): Promise<SumsRow[]> {
  if (isEmpty(query)) return [];
  if (piece.level === 'tenMinute') throw new Error('ten-minute sums are per task only');
  const source = NODE_SOURCES[piece.level];
  const { select, groupBy } = groupColumns(query.kind, source.bucket);
  const nodes = query.kind === 'node-bucket' && query.nodeIds ? sql` and node_id in (${sql.join([...query.nodeIds])})` : sql``;
  const result = await sql<SumsRow>`select ${sql.raw(select)}, ${sql.raw(source.sums)} from ${sql.raw(source.table)}
    where ${source.time(piece)} and ${scopeSql(query.scope)}${nodes} group by ${sql.raw(groupBy)}`.execute(db);
  return result.rows;
}

/** A raw result of a minute read whole (its sums are added in JS). */
export interface RawMinuteRow {
  task_id: number;
  ts: number;
  ok: number;
  latency_ms: number | null;
}

/** The raw results of these whole minutes for every task the customer has or had, through the (minute, task) index. */
export async function rawMinuteRows(db: Db, custId: number, minutes: readonly number[]): Promise<RawMinuteRow[]> {
  if (minutes.length === 0) return [];
  const result = await sql<RawMinuteRow>`select task_id, ts, ok, latency_ms from results
    where ts / 60000 in (${sql.join(minutes.map((minute) => Math.floor(minute / MINUTE_MS)))}) and task_id in (select id from tasks where cust_id = ${custId})`.execute(db);
  return result.rows;
}
