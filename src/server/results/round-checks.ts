import { sql } from 'kysely';
import { engineOf } from '../db/engine.js';
import { jsonText } from '../db/sql-dialect.js';
import type { ResultsContext } from './context.js';
import { MINUTE_MS, type TimeRange } from './range-pieces.js';

/**
 * What the alert rounds need beyond sums, per (task, node) over a short range: the addresses the
 * node's checks resolved (IP-not-matched rules) and the certificate expiring soonest among them
 * (SSL rules). Read from the raw results of the range (the range rule: a check belongs to the range
 * when its start time is in [from, to)) through the minute-first index of migration 0015.
 */

export interface RoundCertificate {
  /** ISO expiry as the agent read it. */
  validTo: string;
  daysLeft: number;
  fingerprint256: string;
  subject: string;
}

export interface NodeRoundChecks {
  taskId: number;
  nodeId: number;
  /** Every address the node's checks in the range resolved, each once, in the order first seen. */
  resolvedIps: string[];
  /** The soonest-expiring certificate the node's checks read; null when none read one. */
  certificate: RoundCertificate | null;
}

interface RoundRow {
  task_id: number;
  node_id: number;
  ips: string | null;
  certificate: string | null;
}

function minutesOf(range: TimeRange): number[] {
  const minutes: number[] = [];
  for (let minute = Math.floor(range.from / MINUTE_MS); minute * MINUTE_MS < range.to; minute += 1) minutes.push(minute);
  return minutes;
}

function parsed<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

function sooner(current: RoundCertificate | null, next: RoundCertificate | null): RoundCertificate | null {
  if (next === null || typeof next.validTo !== 'string') return current;
  if (current === null) return next;
  return Date.parse(next.validTo) < Date.parse(current.validTo) ? next : current;
}

/** Resolved addresses and soonest certificate per (task, node) of the customer's tasks' checks started in the range. */
export async function roundChecks(ctx: Pick<ResultsContext, 'db'>, custId: number, taskIds: readonly number[], range: TimeRange): Promise<NodeRoundChecks[]> {
  if (taskIds.length === 0 || !(range.to > range.from)) return [];
  const engine = engineOf(ctx.db);
  // The expression must read exactly as in the index (migration 0015).
  const result = await sql<RoundRow>`select task_id, node_id, ${sql.raw(jsonText(engine, 'details', '$.resolvedIps'))} as ips,
      ${sql.raw(jsonText(engine, 'details', '$.details.certificate'))} as certificate
    from results where ts / 60000 in (${sql.join(minutesOf(range))}) and ts >= ${range.from} and ts < ${range.to}
      and task_id in (select id from tasks where cust_id = ${custId} and id in (${sql.join([...taskIds])})) order by ts`.execute(ctx.db);
  const byKey = new Map<string, NodeRoundChecks>();
  for (const row of result.rows) {
    const key = `${row.task_id}:${row.node_id}`;
    const entry = byKey.get(key) ?? { taskId: row.task_id, nodeId: row.node_id, resolvedIps: [], certificate: null };
    for (const ip of parsed<string[]>(row.ips) ?? []) if (!entry.resolvedIps.includes(ip)) entry.resolvedIps.push(ip);
    entry.certificate = sooner(entry.certificate, parsed<RoundCertificate>(row.certificate));
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}
