import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { defineCall } from './define.js';
import {
  DetailBreakdownAnswer,
  DetailLatestAnswer,
  DetailSummaryAnswer,
  DetailTrendAnswer,
  FailedLogsAnswer,
} from './domain-detail-answers.js';
import { QueryRange } from './query-range.js';
import { TraceHistoryAnswer, TraceSnapshot } from './trace-answers.js';

/**
 * Reads of one monitor task's detail screens ({type}/detail/{id}, {type}/tracedetail/{id}). Every
 * figure comes from the rollups and the latest state per node; only the failed logs and the
 * traceroute snapshots read stored results, bounded by their count. Another customer's task, a
 * deleted one or none answers 2127 and reveals nothing; a range whose `to` is not after its
 * `from` answers 2121.
 */

const taskId = z.number().int().positive();

export const DetailIdBody = z.strictObject({ id: taskId });
export type DetailIdBody = z.input<typeof DetailIdBody>;

export const DetailRangeBody = z.strictObject({ id: taskId, range: QueryRange });
export type DetailRangeBody = z.input<typeof DetailRangeBody>;

export const DETAIL_TREND_NODES_MAX = 100;

export const DetailTrendBody = z.strictObject({
  id: taskId,
  range: QueryRange,
  /** Nodes whose own series to add beside the all-node one. */
  nodeIds: z.array(z.number().int().positive()).max(DETAIL_TREND_NODES_MAX).optional(),
});
export type DetailTrendBody = z.input<typeof DetailTrendBody>;

export const FAILED_LOGS_DEFAULT_COUNT = 10;

export const FailedLogsBody = z.strictObject({
  id: taskId,
  /** How many of the newest failed checks (1-50). */
  count: z.number().int().min(LIMITS.failedLogCountMin).max(LIMITS.failedLogCountMax).default(FAILED_LOGS_DEFAULT_COUNT),
  /** Only failures in this range; all kept ones when absent. */
  range: QueryRange.optional(),
});
export type FailedLogsBody = z.input<typeof FailedLogsBody>;

export const TRACE_HISTORY_LIMIT = 100;

export const TraceHistoryBody = z.strictObject({
  id: taskId,
  /** How many snapshots, newest first (1-100). */
  limit: z.number().int().min(1).max(TRACE_HISTORY_LIMIT).default(20),
  nodeId: z.number().int().positive().optional(),
  /** Only runs in this range; every kept run when absent. */
  range: QueryRange.optional(),
});
export type TraceHistoryBody = z.input<typeof TraceHistoryBody>;

export const TraceSnapshotBody = z.strictObject({ id: taskId, resultId: z.number().int().positive() });
export type TraceSnapshotBody = z.input<typeof TraceSnapshotBody>;

const read = <B extends z.ZodType, A extends z.ZodType>(path: string, summary: string, body: B, answer: A) =>
  defineCall({ method: 'POST', path, summary, body, answer, access: 'session', mutation: false, area: 'monitor' });

export const domainDetailCalls = {
  domainDetailSummary: read(
    '/domain/detail/summary',
    "One task's availability, average, minimum and maximum response time and band over a range, with its result count, nodes with data and newest check.",
    DetailRangeBody,
    DetailSummaryAnswer,
  ),
  domainDetailTrend: read(
    '/domain/detail/trend',
    "One task's availability and response time per minute (ranges up to 12 h) or per hour, over all nodes and for the nodes asked for.",
    DetailTrendBody,
    DetailTrendAnswer,
  ),
  domainDetailBreakdown: read(
    '/domain/detail/breakdown',
    "One task's figures per node, per ISP, per China province and per country over a range, and the data of its China, Southeast Asia and world maps.",
    DetailRangeBody,
    DetailBreakdownAnswer,
  ),
  domainDetailFailedLogs: read(
    '/domain/detail/failed_logs',
    "One task's newest failed checks (1-50), optionally within a range: when, which node, where and why it failed, the HTTP status code.",
    FailedLogsBody,
    FailedLogsAnswer,
  ),
  domainDetailLatest: read(
    '/domain/detail/latest',
    "Each node's newest check of one task: outcome, response time, HTTP phases and status, DNS answers, resolved IPs and the IP match, certificate expiry.",
    DetailIdBody,
    DetailLatestAnswer,
  ),
  domainTracerouteHistory: read(
    '/domain/traceroute/history',
    "A traceroute task's route snapshots, newest first (up to 100), optionally of one node or within a range.",
    TraceHistoryBody,
    TraceHistoryAnswer,
  ),
  domainTracerouteSnapshot: read(
    '/domain/traceroute/snapshot',
    "One route snapshot of a traceroute task with its hop table (2001 when the result is not one of the task's runs).",
    TraceSnapshotBody,
    TraceSnapshot,
  ),
} as const;
