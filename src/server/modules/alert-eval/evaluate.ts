import { ALERT_MODES } from '../../../shared/alerts/rule-fields.js';
import type { Db } from '../../db/connection.js';
import { emptySums, rangeSums, roundChecks, type NodeRoundChecks, type Sums } from '../../results/index.js';
import { writeAlertLog } from '../alert-delivery/log-writer.js';
import type { PlacedNode } from './figures.js';
import { endIncident, markIncidentSent, openIncident } from './incidents-repo.js';
import type { WrittenAlert } from './inbox-events.js';
import { judge, type AlertFacts, type Judgement, type TaskFacts } from './judge.js';
import { logEntryOf } from './log-entry.js';
import type { Round } from './rounds.js';
import { NEW_INCIDENT_ID, type RuleTaskState } from './state-machine.js';
import { advanceRounds, insertStates, ruleTaskRows, saveState, stillWatched, type RuleTaskRow } from './states-repo.js';
import type { DueRound } from './tracker.js';

/**
 * Evaluates closed rounds in batches: the rounds of many tasks that share a customer and a time
 * span are read with one range read of the results module (sums per task and node) and written in
 * one transaction, which also holds every incident change, log entry and outbox message it causes.
 * A (rule, task) whose stored state already covers the round is passed over, so a round is never
 * evaluated twice.
 */

export interface TrackedTaskInfo extends TaskFacts {
  periodMs: number;
  nodeIds: number[];
}

export interface Catalog {
  tasks: ReadonlyMap<number, TrackedTaskInfo>;
  /** The task's selected nodes, placed (kept from one reload to the next). */
  placedNodes: (task: TrackedTaskInfo) => readonly PlacedNode[];
}

export interface EvalContext {
  db: Db;
  now: () => number;
  minuteMs: number;
}

interface Group {
  custId: number;
  round: Round;
  taskIds: number[];
}

function groupsOf(due: readonly DueRound[]): Group[] {
  const groups = new Map<string, Group>();
  for (const { custId, round, taskId } of due) {
    const key = `${custId}:${round.start}:${round.end}`;
    const group = groups.get(key) ?? { custId, round, taskIds: [] };
    group.taskIds.push(taskId);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => a.round.start - b.round.start);
}

type ByTaskNode<T> = Map<number, Map<number, T>>;

function byTaskNode<T extends { taskId: number; nodeId: number }>(rows: readonly T[]): ByTaskNode<T> {
  const map: ByTaskNode<T> = new Map();
  for (const row of rows) {
    let nodes = map.get(row.taskId);
    if (!nodes) map.set(row.taskId, (nodes = new Map()));
    nodes.set(row.nodeId, row);
  }
  return map;
}

const needsChecks = (row: RuleTaskRow) => row.rule.mode === ALERT_MODES.SSL_EXPIRY_DAYS || row.rule.mode === ALERT_MODES.IP_NOT_MATCHED;

/** The steps copy what they do not change, so an unchanged incident or certificate is the same object. */
const sameState = (a: RuleTaskState, b: RuleTaskState) =>
  a.streak === b.streak && a.streakStartedAt === b.streakStartedAt && a.incident === b.incident && a.ssl === b.ssl;

interface Judged {
  row: RuleTaskRow;
  judgement: Judgement;
}

interface GroupReads {
  rows: RuleTaskRow[];
  totals: Map<number, Sums>;
  checks: ByTaskNode<NodeRoundChecks>;
}

/** Per-task sums of the round for every rule, and resolved addresses and certificates where a rule needs them. */
async function readGroup(ctx: EvalContext, group: Group): Promise<GroupReads | null> {
  const rows = (await ruleTaskRows(ctx.db, group.custId, group.taskIds)).filter(
    (row) => row.state.lastRoundStart === null || row.state.lastRoundStart < group.round.start,
  );
  if (rows.length === 0) return null;
  const range = { from: group.round.start, to: group.round.end };
  const totals = new Map((await rangeSums(ctx, { custId: group.custId, taskIds: group.taskIds }, range, { by: 'task' })).groups.map((sums) => [sums.taskId, sums as Sums]));
  const checkTasks = [...new Set(rows.filter(needsChecks).map((row) => row.taskId))];
  const checks = byTaskNode<NodeRoundChecks>(await roundChecks(ctx, group.custId, checkTasks, range));
  return { rows, totals, checks };
}

/** Per-node sums of the round, read only for the tasks whose round causes a message (they say where). */
async function nodeSumsOf(ctx: EvalContext, group: Group, taskIds: readonly number[]): Promise<ByTaskNode<Sums & { taskId: number; nodeId: number }>> {
  if (taskIds.length === 0) return new Map();
  const range = { from: group.round.start, to: group.round.end };
  return byTaskNode((await rangeSums(ctx, { custId: group.custId, taskIds }, range, { by: 'task-node' })).groups);
}

async function judgeGroup(ctx: EvalContext, catalog: Catalog, group: Group): Promise<Judged[]> {
  const reads = await readGroup(ctx, group);
  if (!reads) return [];
  const judgeRow = (row: RuleTaskRow, task: TrackedTaskInfo, sumsByNode: ReadonlyMap<number, Sums>): Judged => {
    const nodes = catalog.placedNodes(task);
    const inputs = { round: group.round, nodes, total: reads.totals.get(task.id) ?? emptySums(), sumsByNode, checksByNode: reads.checks.get(task.id) ?? new Map() };
    return { row, judgement: judge(row.rule, task, row.state, inputs, ctx.minuteMs) };
  };
  const first = reads.rows.flatMap((row) => {
    const task = catalog.tasks.get(row.taskId);
    return task ? [{ task, judged: judgeRow(row, task, new Map()) }] : [];
  });
  // Judging is pure: rows with a message are judged again with their nodes' sums, to say where.
  const speaking = new Set(first.filter(({ judged }) => judged.judgement.facts && judged.judgement.facts.figure !== null));
  const nodeSums = await nodeSumsOf(ctx, group, [...new Set([...speaking].map(({ task }) => task.id))]);
  return first.map((entry) => (speaking.has(entry) ? judgeRow(entry.judged.row, entry.task, nodeSums.get(entry.task.id) ?? new Map()) : entry.judged));
}

const KIND_OF_MODE: Record<number, string> = { [ALERT_MODES.SSL_EXPIRY_DAYS]: 'ssl', [ALERT_MODES.IP_NOT_MATCHED]: 'ip_mismatch' };

/** Writes the incident change a message stands for; answers the state with the incident's id. */
async function writeIncident(trx: Db, facts: AlertFacts, state: RuleTaskState, previous: RuleTaskState, now: number): Promise<RuleTaskState> {
  const custId = facts.task.custId;
  const incident = state.incident;
  if (incident && incident.id === NEW_INCIDENT_ID) {
    const kind = KIND_OF_MODE[facts.rule.mode] ?? 'breach';
    const id = await openIncident(trx, { custId, ruleId: facts.rule.id, taskId: facts.task.id, kind, startedAt: incident.startedAt, sentAt: now, data: { verdict: facts.verdict, firedRound: facts.round.start } });
    return { ...state, incident: { ...incident, id } };
  }
  if (incident) await markIncidentSent(trx, custId, incident.id, now);
  else if (previous.incident) await endIncident(trx, custId, previous.incident.id, facts.round.start);
  return state;
}

async function writeGroup(trx: Db, custId: number, round: Round, judged: readonly Judged[], now: number): Promise<WrittenAlert[]> {
  const quiet = judged.filter(({ judgement }) => !judgement.facts);
  const unchanged = new Set(quiet.filter(({ row, judgement }) => row.stored && sameState(row.state, judgement.state)));
  await advanceRounds(trx, [...unchanged].map(({ row }) => ({ ruleId: row.rule.id, taskId: row.taskId })), round.start);
  // First rounds of new pairs with nothing to tell: their rows in bulk (a pair dropped meanwhile keeps a harmless row).
  const fresh = new Set(quiet.filter(({ row }) => !row.stored));
  await insertStates(trx, custId, [...fresh].map(({ row, judgement }) => ({ ruleId: row.rule.id, taskId: row.taskId, state: judgement.state })));
  const written: WrittenAlert[] = [];
  for (const entry of judged) {
    if (unchanged.has(entry) || fresh.has(entry) || !(await stillWatched(trx, entry.row))) continue;
    const { row, judgement } = entry;
    let state = judgement.state;
    if (judgement.facts) {
      state = await writeIncident(trx, judgement.facts, state, row.state, now);
      const incidentId = state.incident?.id ?? row.state.incident?.id ?? null;
      const { logId } = await writeAlertLog(trx, logEntryOf(judgement.facts, incidentId), now);
      written.push({ facts: judgement.facts, logId });
    }
    await saveState(trx, custId, row.rule.id, row.taskId, state);
  }
  return written;
}

/** Evaluates the due rounds, oldest first; answers the messages written, each batch told to `onCommitted` as it commits. */
export async function evaluateRounds(
  ctx: EvalContext,
  catalog: Catalog,
  due: readonly DueRound[],
  onCommitted?: (written: readonly WrittenAlert[]) => void,
): Promise<WrittenAlert[]> {
  const written: WrittenAlert[] = [];
  for (const group of groupsOf(due)) {
    const judged = await judgeGroup(ctx, catalog, group);
    if (judged.length === 0) continue;
    const committed = await ctx.db.transaction().execute((trx) => writeGroup(trx, group.custId, group.round, judged, ctx.now()));
    if (committed.length > 0) onCommitted?.(committed);
    written.push(...committed);
  }
  return written;
}
