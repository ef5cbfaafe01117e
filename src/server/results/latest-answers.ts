import { sql } from 'kysely';
import { engineOf } from '../db/engine.js';
import { jsonText } from '../db/sql-dialect.js';
import type { ResultsContext } from './context.js';
import { MINUTE_MS, type TimeRange } from './range-pieces.js';

/**
 * Each node's latest answer of one task within a window (the task map's DNS finding): the
 * addresses its newest check there resolved and the IP match the agent recorded. Read from the raw
 * results of the window through the minute-first index of migration 0015, so a short window costs
 * one seek per minute whatever the task's history.
 */

export interface NodeLatestAnswer {
  nodeId: number;
  ts: number;
  resolvedIps: string[];
  ipMatched: boolean | null;
}

interface AnswerRow {
  node_id: number;
  ts: number;
  ips: string | null;
  ip_matched: number | null;
}

function minutesOf(window: TimeRange): number[] {
  const minutes: number[] = [];
  for (let minute = Math.floor(window.from / MINUTE_MS); minute * MINUTE_MS < window.to; minute += 1) minutes.push(minute);
  return minutes;
}

function ipsOf(text: string | null): string[] {
  const parsed: unknown = text === null ? null : JSON.parse(text);
  return Array.isArray(parsed) ? parsed.filter((ip): ip is string => typeof ip === 'string') : [];
}

/** The newest check per node of the customer's task started in [from, to); none for anyone else's task. */
export async function latestAnswersOfTask(ctx: Pick<ResultsContext, 'db'>, custId: number, taskId: number, window: TimeRange): Promise<NodeLatestAnswer[]> {
  if (!(window.to > window.from)) return [];
  // The expression must read exactly as in the index (migration 0015).
  const result = await sql<AnswerRow>`select node_id, ts, ${sql.raw(jsonText(engineOf(ctx.db), 'details', '$.resolvedIps'))} as ips, ip_matched
    from results where ts / 60000 in (${sql.join(minutesOf(window))}) and task_id = ${taskId} and ts >= ${window.from} and ts < ${window.to}
      and exists (select 1 from tasks where id = ${taskId} and cust_id = ${custId}) order by ts desc, id desc`.execute(ctx.db);
  const byNode = new Map<number, NodeLatestAnswer>();
  for (const row of result.rows) {
    if (byNode.has(row.node_id)) continue;
    byNode.set(row.node_id, { nodeId: row.node_id, ts: row.ts, resolvedIps: ipsOf(row.ips), ipMatched: row.ip_matched === null ? null : row.ip_matched === 1 });
  }
  return [...byNode.values()];
}
