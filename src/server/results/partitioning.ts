/*
 * Which result tables are partitioned by time, and how long each partition's span is: on
 * PostgreSQL retention drops whole partitions (db/partitions.ts; nothing happens on SQLite).
 */
import { addRangePartitions, dropRangePartitionsBefore, type RangePartitioned } from '../db/partitions.js';
import type { Db } from '../db/connection.js';
import { DAY_MS } from './range-pieces.js';
import type { RetentionDays } from './retention.js';

/** Spans made ahead of now, so the partitions exist before the pruning run after next (every 10 min). */
const SPANS_AHEAD = 2;

/**
 * About an eighth of the retention, in whole days, weeks or 30 days: a table holds at most one span
 * more than it keeps (raw results 7 days → days, traceroute 90 → weeks, hour rollups 400 → 30 days),
 * and a table keeps 8-15 partitions, not hundreds.
 */
export function partitionSpanMs(retentionDays: number): number {
  if (retentionDays >= 240) return 30 * DAY_MS;
  if (retentionDays >= 56) return 7 * DAY_MS;
  return DAY_MS;
}

type Kept = keyof Pick<RetentionDays, 'minute' | 'hour'> | 'checks' | 'trace';

/** Every partitioned table with the retention it follows. */
const TABLES: readonly { parent: string; key: RangePartitioned['key']; kept: Kept }[] = [
  { parent: 'results_checks', key: 'ts', kept: 'checks' },
  { parent: 'results_trace', key: 'ts', kept: 'trace' },
  { parent: 'rollup_minute', key: 'bucket_start', kept: 'minute' },
  { parent: 'rollup_task_minute', key: 'bucket_start', kept: 'minute' },
  { parent: 'rollup_task_ten_minute', key: 'bucket_start', kept: 'minute' },
  { parent: 'rollup_hour', key: 'bucket_start', kept: 'hour' },
  { parent: 'rollup_hour_by_task', key: 'bucket_start', kept: 'hour' },
  { parent: 'rollup_task_hour', key: 'bucket_start', kept: 'hour' },
  { parent: 'rollup_task_day', key: 'bucket_start', kept: 'hour' },
];

const keptDays = (days: RetentionDays): Record<Kept, number> => ({ checks: days.raw, trace: Math.max(days.raw, days.trace), minute: days.minute, hour: days.hour });

/** Makes the partitions from the current span to SPANS_AHEAD spans ahead of now. */
export async function addResultPartitions(db: Db, now: number, days: RetentionDays): Promise<void> {
  const kept = keptDays(days);
  for (const { parent, key, kept: which } of TABLES) {
    const spanMs = partitionSpanMs(kept[which]);
    await addRangePartitions(db, { parent, key, spanMs }, now, now + SPANS_AHEAD * spanMs);
  }
}

export type DroppedRows = Record<'raw' | 'minute' | 'taskMinute' | 'hour', number>;

/**
 * Drops each table's partitions that lie wholly before its cutoff (a day of rollup_task_day goes
 * once all of it has passed); rows of a partly expired partition or of a default one are left to
 * the row deletes. Answers the rows that went, as the row deletes count them.
 */
export async function dropExpiredPartitions(db: Db, now: number, days: RetentionDays): Promise<DroppedRows> {
  const kept = keptDays(days);
  const dropped: Record<string, number> = {};
  for (const { parent, kept: which } of TABLES) {
    const cutoff = now - kept[which] * DAY_MS - (parent === 'rollup_task_day' ? DAY_MS - 1 : 0);
    dropped[parent] = await dropRangePartitionsBefore(db, parent, cutoff);
  }
  const of = (parent: string) => dropped[parent] ?? 0;
  return { raw: of('results_checks') + of('results_trace'), minute: of('rollup_minute'), taskMinute: of('rollup_task_minute'), hour: of('rollup_hour') };
}
