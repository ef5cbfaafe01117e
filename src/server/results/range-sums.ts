import type { Db } from '../db/connection.js';
import { readerOf } from '../db/reader.js';
import { snapshotTransaction } from '../db/sql-dialect.js';
import { AppError } from '../http/app-error.js';
import type { ResultsContext } from './context.js';
import { keptFrom, type KeptFrom } from './kept-marks.js';
import { coveredRange, HOUR_MS, MINUTE_MS, piecesOf, taskPieces, wholeIn, type Piece, type Tier, type TimeRange } from './range-pieces.js';
import { bucketRows, pieceSums, rawMinuteRows, scopeTaskSums, taskSums, type Bucket, type GroupKind, type PieceQuery, type ResultsScope, type SumsRow } from './range-repo.js';
import { lateWriteMark } from './late-writes.js';
import { splitSettled, withSettledSums } from './settled-sums.js';
import { addSums, emptySums, type Sums } from './sums.js';

/**
 * The one range reader. A check belongs to a range when its start time is in [from, to)
 * (docs/architecture.md); every figure of every screen is read here. Inside the range whole UTC
 * days, hours and minutes come from the rollups, the partial minutes at its edges from raw results,
 * so the sums are exact at any length. Where pruning took the finer data at an edge, the range is
 * narrowed to what is kept and the answer says so (`covered`).
 */

/** Trends chart minute buckets up to this span (a chart has fewer pixels than 720 points anyway). */
const MINUTE_TREND_MAX_MS = 12 * HOUR_MS;

export type GroupBy =
  | { by: 'task' }
  | { by: 'node' }
  /** Per (task, node): the alert rounds of many tasks in one read. */
  | { by: 'task-node' }
  /** Buckets of `bucketMs` (minute or hour; by default minutes up to 12 h, hours beyond), over all nodes or per node given. */
  | { by: 'time'; bucketMs?: typeof MINUTE_MS | typeof HOUR_MS; nodeIds?: readonly number[] };

export interface GroupSums extends Sums {
  /** 0 unless grouped by task (or task and node). */
  taskId: number;
  /** 0 unless grouped by node (or per node in time, or task and node). */
  nodeId: number;
  /** Where the bucket starts, or the covered range's start for a first bucket cut by it; 0 unless grouped by time. */
  bucketStart: number;
}

export interface RangeSums {
  /** The part of the range the sums cover: the range itself unless pruning took its edges' finer data. */
  covered: TimeRange;
  /** The bucket size when grouped by time, else null. */
  bucketMs: number | null;
  /** Groups with checks only, by node then bucket (by task: in no set order). */
  groups: GroupSums[];
}

interface Plan {
  levels: Tier[];
  kind: GroupKind;
  bucketMs: number | null;
}

function trendBucketOf(range: TimeRange, covered: TimeRange, kept: KeptFrom): number {
  const short = range.to - range.from <= MINUTE_TREND_MAX_MS;
  return short && wholeIn(covered, ['minute'], kept) ? MINUTE_MS : HOUR_MS;
}

function planOf(groupBy: GroupBy, range: TimeRange, covered: TimeRange, kept: KeptFrom): Plan {
  if (groupBy.by === 'task') return { levels: ['day', 'hour', 'minute'], kind: 'task', bucketMs: null };
  if (groupBy.by === 'node' || groupBy.by === 'task-node') return { levels: ['hour', 'minute'], kind: groupBy.by, bucketMs: null };
  const bucketMs = groupBy.bucketMs ?? trendBucketOf(range, covered, kept);
  return { levels: bucketMs === MINUTE_MS ? ['minute'] : ['hour', 'minute'], kind: groupBy.nodeIds ? 'node-bucket' : 'bucket', bucketMs };
}

function sumsOfRow(row: SumsRow): Sums {
  return {
    count: Number(row.count),
    successes: Number(row.successes),
    latencyCount: Number(row.latency_count),
    latencySum: Number(row.latency_sum),
    latencyMin: row.latency_min,
    latencyMax: row.latency_max,
  };
}

/** Adds the pieces' rows into their groups; a bucket is cut at the covered range's start. Per task the rows are already one a task. */
function groupsOf(rows: readonly SumsRow[], plan: Plan, covered: TimeRange): GroupSums[] {
  if (plan.kind === 'task') return rows.filter((row) => Number(row.count) > 0).map((row) => ({ taskId: Number(row.task_id), nodeId: 0, bucketStart: 0, ...sumsOfRow(row) }));
  const groups = new Map<string, GroupSums>();
  for (const row of rows) {
    const bucketStart = plan.bucketMs === null ? 0 : Math.max(Math.floor(Number(row.bucket_start) / plan.bucketMs) * plan.bucketMs, covered.from);
    const key = `${row.task_id}:${row.node_id}:${bucketStart}`;
    const group = groups.get(key) ?? { taskId: Number(row.task_id), nodeId: Number(row.node_id), bucketStart, ...emptySums() };
    groups.set(key, addSums(group, sumsOfRow(row)));
  }
  return [...groups.values()].filter((group) => group.count > 0).sort((a, b) => a.nodeId - b.nodeId || a.bucketStart - b.bucketStart);
}

/**
 * A read of this many named tasks or fewer (a page of the list, a task's detail) stays on the API's
 * connection: it costs a few ms, and on the reader thread it would wait behind a long read.
 */
const SHORT_READ_MAX_TASKS = 100;

/** Where the sums are read: a long read on the reader thread (SQLite file), a short one where it is. */
function readerFor(db: ResultsContext['db'], scope: ResultsScope): ResultsContext['db'] {
  return scope.taskIds !== undefined && scope.taskIds.length <= SHORT_READ_MAX_TASKS ? db : readerOf(db);
}

/** Each piece's sums, one statement a piece. */
async function piecesSums(db: Parameters<typeof pieceSums>[0], pieces: readonly Piece[], query: PieceQuery): Promise<SumsRow[]> {
  const rows: SumsRow[] = [];
  for (const piece of pieces) rows.push(...(await pieceSums(db, piece, query)));
  return rows;
}

/**
 * The per-task sums of the pieces. Over a customer's tasks (no named ids: a named few cost little,
 * and the kept sums hold every task of the customer) outside a write transaction, the sums of
 * settled buckets and raw minutes are kept between reads (settled-sums.ts): the customer's
 * late-write mark is read first in the snapshot, then the settled parts not kept yet, then the rest
 * in one statement with a row for each task of the scope.
 */
async function perTaskSums(db: Db, trx: Db, scope: ResultsScope, pieces: readonly Piece[], now: number): Promise<SumsRow[]> {
  const split = scope.taskIds === undefined && !db.isTransaction ? splitSettled(pieces, now) : null;
  if (!split || split.settled.length === 0) return taskSums(trx, pieces, scope);
  const mark = await lateWriteMark(trx, scope.custId);
  const reads = { buckets: (buckets: readonly Bucket[]) => bucketRows(trx, scope.custId, buckets), rawMinutes: (minutes: readonly number[]) => rawMinuteRows(trx, scope.custId, minutes) };
  return withSettledSums(db, { custId: scope.custId, mark, parts: split.settled }, reads, () => scopeTaskSums(trx, split.fresh, scope));
}

/**
 * The sums of the scope's checks whose start time is in the range, grouped as asked. 2121 unless
 * to > from. Marks and pieces are read in one transaction: pruning records its marks before it
 * deletes, so what the marks call kept is there in the same snapshot, and no batch lands between
 * pieces (a snapshot on PostgreSQL too: `snapshotTransaction`). On a SQLite file a long read runs on a
 * reader thread (`readerFor`), off the API's event loop; a statement begun after a commit sees it (WAL).
 * The clock is read before the snapshot begins (the settled buckets' bound, late-writes.ts).
 */
export async function rangeSums(ctx: Pick<ResultsContext, 'db' | 'now'>, scope: ResultsScope, range: TimeRange, groupBy: GroupBy): Promise<RangeSums> {
  if (!(range.to > range.from)) throw new AppError(2121);
  const now = ctx.now();
  return snapshotTransaction(readerFor(ctx.db, scope)).execute(async (trx) => {
    const kept = await keptFrom(trx);
    const covered = coveredRange(range, kept);
    const plan = planOf(groupBy, range, covered, kept);
    const nodeIds = groupBy.by === 'time' && groupBy.nodeIds ? { nodeIds: groupBy.nodeIds } : {};
    const rows =
      plan.kind === 'task'
        ? await perTaskSums(ctx.db, trx, scope, taskPieces(covered, kept, now), now)
        : await piecesSums(trx, piecesOf(covered, plan.levels), { scope, kind: plan.kind, ...nodeIds });
    return { covered, bucketMs: plan.bucketMs, groups: groupsOf(rows, plan, covered) };
  });
}

/** All groups added up. */
export const totalOf = (groups: readonly Sums[]): Sums => groups.reduce<Sums>((total, group) => addSums(total, group), emptySums());
