import type { InboxItem } from '../../../shared/calls/inbox.js';
import { INBOX_STATUS } from '../../../shared/codes.js';
import { expireOverdue, newestDeploymentsOf, type DeploymentRow } from '../deployments/deployments-repo.js';
import { deployStatusOf } from '../deployments/service.js';
import { isActive, taskOfRow, type Task } from '../tasks/task-model.js';
import { elapsedOf } from './elapsed.js';
import { claimRounds, liveTaskRows, untoldFinishedDeployments, type RoundCandidate } from './deploy-notices-repo.js';
import { publishInboxEvent, type InboxEvent, type InboxEventContext } from './publish.js';

/**
 * Deployment outcomes for the inbox: once every node of a task version's round has acknowledged or
 * missed its deadline, the customer's users who see monitor tasks get "completed" or "error
 * nodes". Many rounds of one customer ending together (a bulk change) make one summary instead of
 * a message per task.
 */

/** More rounds than this ending together for one customer are told as one summary. */
export const SUMMARY_ABOVE = 3;

interface FinishedRound {
  task: Task;
  rows: DeploymentRow[];
  failed: number;
}

/** The task's current round when every node it selects is done with its current version; else undefined. */
function roundOf(task: Task, newest: readonly DeploymentRow[]): Omit<FinishedRound, 'task'> | undefined {
  const selected = new Set(task.nodeIds);
  const rows = newest.filter((deployment) => deployment.task_version === task.version && selected.has(deployment.node_id));
  if (rows.length === 0 || deployStatusOf(rows) === 'processing') return undefined;
  return { rows, failed: rows.filter((deployment) => deployment.state === 'error').length };
}

/**
 * The candidates' rounds that finished and that this run claimed, in candidate order: tasks,
 * deployments and claims are read and written for all candidates together (an agent's
 * acknowledgement after a start ends hundreds of rounds at once).
 */
async function finishedRounds(ctx: InboxEventContext, candidates: readonly RoundCandidate[]): Promise<FinishedRound[]> {
  const tasks = await liveTaskRows(ctx.db, [...new Set(candidates.map((candidate) => candidate.task_id))]);
  const current = new Map<number, Task>();
  for (const candidate of candidates) {
    const row = tasks.get(candidate.task_id);
    if (row && row.version === candidate.task_version && isActive(taskOfRow(row))) current.set(row.id, taskOfRow(row));
  }
  const newest = new Map<number, DeploymentRow[]>();
  for (const row of await newestDeploymentsOf(ctx.db, [...current.keys()])) {
    const rows = newest.get(row.task_id);
    if (rows) rows.push(row);
    else newest.set(row.task_id, [row]);
  }
  const finished: FinishedRound[] = [];
  for (const task of current.values()) {
    const round = roundOf(task, newest.get(task.id) ?? []);
    if (round) finished.push({ task, ...round });
  }
  const claims = finished.map((round) => ({ taskId: round.task.id, throughDeploymentId: Math.max(...round.rows.map((row) => row.id)) }));
  const claimed = await claimRounds(ctx.db, claims, ctx.now());
  return finished.filter((round) => claimed.has(round.task.id));
}

function roundData(rounds: readonly FinishedRound[]): InboxItem['data'] {
  const rows = rounds.flatMap((round) => round.rows);
  let started = Number.POSITIVE_INFINITY;
  let ended = 0;
  for (const row of rows) {
    started = Math.min(started, row.created_at);
    ended = Math.max(ended, row.state === 'error' ? (row.error_time ?? row.updated_at) : row.updated_at);
  }
  const failed = rows.filter((row) => row.state === 'error');
  return {
    total: rows.length,
    processed: rows.length,
    success: rows.length - failed.length,
    fail: failed.length,
    elapsedTime: elapsedOf(ended - started),
    endtime: new Date(ended).toISOString(),
    percent: 100,
    action: 'deploy',
    faildata: failed.map((row) => ({ taskId: row.task_id, nodeId: row.node_id, errorCode: row.error_code, message: row.message })),
  };
}

function eventOfRound(round: FinishedRound): Omit<InboxEvent, 'custId' | 'to'> {
  const outcome = round.failed > 0 ? 'errorNodes' : 'completed';
  return {
    type: 'deploy',
    status: INBOX_STATUS.FINISHED,
    titleKey: `push:events.deploy.${outcome}.title`,
    bodyKey: `push:events.deploy.${outcome}.body`,
    params: { name: round.task.name, taskId: round.task.id, taskType: round.task.type, total: round.rows.length, failed: round.failed },
    data: roundData([round]),
    urgency: round.failed > 0 ? 'high' : 'normal',
  };
}

function summaryEvent(rounds: readonly FinishedRound[]): Omit<InboxEvent, 'custId' | 'to'> {
  const withErrors = rounds.filter((round) => round.failed > 0).length;
  const outcome = withErrors > 0 ? 'manyErrorNodes' : 'manyCompleted';
  return {
    type: 'deploy',
    status: INBOX_STATUS.FINISHED,
    titleKey: `push:events.deploy.${outcome}.title`,
    bodyKey: `push:events.deploy.${outcome}.body`,
    params: { count: rounds.length, failed: withErrors },
    data: roundData(rounds),
    urgency: withErrors > 0 ? 'high' : 'normal',
  };
}

async function tell(ctx: InboxEventContext, custId: number, rounds: readonly FinishedRound[]): Promise<void> {
  const events = rounds.length > SUMMARY_ABOVE ? [summaryEvent(rounds)] : rounds.map(eventOfRound);
  for (const event of events) await publishInboxEvent(ctx, { ...event, custId, to: 'customer', area: 'monitor' });
}

/**
 * Tells the inbox about every deployment round that ended since `sinceMs` and was not told yet
 * (deadlines that passed become error nodes first). Safe to run concurrently and repeatedly: each
 * round is claimed once. Answers how many rounds were told.
 */
export async function announceDeploymentOutcomes(ctx: InboxEventContext, sinceMs: number): Promise<number> {
  await expireOverdue(ctx.db, ctx.now());
  const byCustomer = new Map<number, FinishedRound[]>();
  for (const round of await finishedRounds(ctx, await untoldFinishedDeployments(ctx.db, sinceMs))) {
    const rounds = byCustomer.get(round.task.custId) ?? [];
    rounds.push(round);
    byCustomer.set(round.task.custId, rounds);
  }
  for (const [custId, rounds] of byCustomer) await tell(ctx, custId, rounds);
  return [...byCustomer.values()].reduce((sum, rounds) => sum + rounds.length, 0);
}

/** For the places where deployments end: tells the inbox, and never lets that fail the caller. */
export async function announceDeploymentOutcomesSafely(ctx: InboxEventContext, sinceMs: number): Promise<void> {
  try {
    await announceDeploymentOutcomes(ctx, sinceMs);
  } catch (error) {
    ctx.log?.warn({ err: error }, 'inbox: deployment outcomes not announced');
  }
}
