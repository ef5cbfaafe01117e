import { z } from 'zod';
import { classifyMismatch, type NodeResolution } from '../../../shared/alerts/dns-mismatch.js';
import type { IpFinding } from '../../../shared/calls/domain-detail-finding.js';
import type { IspCode } from '../../../shared/codes.js';
import { parseJsonColumn } from '../../db/columns.js';
import type { Db } from '../../db/connection.js';
import { latestAnswersOfTask, MINUTE_MS, type NodeLatestAnswer, type TimeRange } from '../../results/index.js';
import type { Task } from '../tasks/task-model.js';
import type { StoreContext } from '../tasks/store-context.js';
import type { NodePlaceRow } from './places-repo.js';

/**
 * The detail map's DNS finding: each node's latest answer in the range judged against the task's
 * matched set by `classifyMismatch`, the rule the IP-not-matched alerts use. A node's latest answer
 * is its newest check in the range's last two periods: a node silent longer has no answer now.
 */

const IpList = z.array(z.string());
const ANSWER_PERIODS = 2;

/** The task's matching IPs and its matched-IP group's addresses (a group of the task's own customer only). */
async function matchedIpsOf(db: Db, custId: number, task: Pick<Task, 'matchingIps' | 'matchedIpGroupId'>): Promise<string[]> {
  let group: string[] = [];
  if (task.matchedIpGroupId !== null) {
    const row = await db.selectFrom('ip_groups').select('ips').where('id', '=', task.matchedIpGroupId).where('cust_id', '=', custId).executeTakeFirst();
    group = parseJsonColumn(IpList, row?.ips ?? null) ?? [];
  }
  return [...new Set([...task.matchingIps, ...group])];
}

/** The window a node's latest answer comes from: the range's last two periods. */
function answerWindow(range: TimeRange, frequencyMinutes: number): TimeRange {
  return { from: Math.max(range.from, range.to - ANSWER_PERIODS * frequencyMinutes * MINUTE_MS), to: range.to };
}

export interface IpView {
  answers: ReadonlyMap<number, NodeLatestAnswer>;
  finding: IpFinding | null;
}

function findingOf(places: readonly NodePlaceRow[], nodeIds: readonly number[], answers: ReadonlyMap<number, NodeLatestAnswer>, matchedIps: string[]): IpFinding {
  const resolutions = places
    .filter((place) => nodeIds.includes(place.id))
    .map((place): NodeResolution => {
      const ips = answers.get(place.id)?.resolvedIps ?? [];
      const node = { nodeId: place.id, name: place.name, isp: place.isp as IspCode, province: place.province, region: place.region, country: place.country };
      return { node, ips: ips.length > 0 ? ips : null };
    });
  const { verdict, where, mismatched } = classifyMismatch(resolutions, matchedIps);
  return { verdict, matchedIps, where, mismatched };
}

/** Each node's latest answer in the range, and the finding over the task's nodes when it has a matched set. */
export async function ipViewOf(ctx: StoreContext, custId: number, task: Task, range: TimeRange, places: readonly NodePlaceRow[]): Promise<IpView> {
  const latest = await latestAnswersOfTask(ctx, custId, task.id, answerWindow(range, task.frequencyMinutes));
  const answers = new Map(latest.map((answer) => [answer.nodeId, answer]));
  const matchedIps = await matchedIpsOf(ctx.db, custId, task);
  return { answers, finding: matchedIps.length === 0 ? null : findingOf(places, task.nodeIds, answers, matchedIps) };
}
