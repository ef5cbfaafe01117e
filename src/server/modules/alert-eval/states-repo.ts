import { sql } from 'kysely';
import { ALERT_CONDITIONS, type AlertCondition } from '../../../shared/alerts/rule-fields.js';
import type { Db } from '../../db/connection.js';
import { initialState, type RuleTaskState, type SslMemory } from './state-machine.js';

/** SQL of the evaluation state: enabled rules with their tasks and states, and writing them back. */

export interface EvalRule {
  id: number;
  custId: number;
  name: string;
  monitorType: number;
  mode: number;
  condition: AlertCondition;
  sensitivity: number;
  threshold: number | null;
  sslDays: number[];
  cooldownMinutes: number;
}

export interface RuleTaskRow {
  rule: EvalRule;
  taskId: number;
  /** False when no state row exists yet. */
  stored: boolean;
  state: RuleTaskState;
}

/** What `alert_states.data` holds beside the columns. */
interface StateData {
  streakStartedAt?: number | null;
  incident?: { startedAt: number; lastSentAt: number } | null;
  ssl?: SslMemory | null;
}

interface JoinedRow {
  id: number;
  cust_id: number;
  name: string;
  monitor_type: number;
  mode: number;
  condition: string;
  sensitivity: number;
  threshold: number | null;
  ssl_days: string;
  cooldown_minutes: number;
  task_id: number;
  streak: number | null;
  incident_id: number | null;
  last_round_start: number | null;
  data: string | null;
}

const conditionOf = (text: string): AlertCondition => ALERT_CONDITIONS.find((condition) => condition === text) ?? 'gt';

function stateOf(row: JoinedRow): RuleTaskState {
  if (row.streak === null) return initialState();
  const data = JSON.parse(row.data ?? '{}') as StateData;
  const incident = row.incident_id !== null && data.incident ? { id: row.incident_id, ...data.incident } : null;
  return { streak: row.streak, streakStartedAt: data.streakStartedAt ?? null, incident, lastRoundStart: row.last_round_start, ssl: data.ssl ?? null };
}

function ruleOf(row: JoinedRow): EvalRule {
  return {
    id: row.id,
    custId: row.cust_id,
    name: row.name,
    monitorType: row.monitor_type,
    mode: row.mode,
    condition: conditionOf(row.condition),
    sensitivity: row.sensitivity,
    threshold: row.threshold,
    sslDays: JSON.parse(row.ssl_days) as number[],
    cooldownMinutes: row.cooldown_minutes,
  };
}

/** The customer's enabled rules watching these tasks, each with its state for the task. */
export async function ruleTaskRows(db: Db, custId: number, taskIds: readonly number[]): Promise<RuleTaskRow[]> {
  if (taskIds.length === 0) return [];
  const rows = await db
    .selectFrom('alert_rule_tasks as rt')
    .innerJoin('alert_rules as r', (join) => join.onRef('r.id', '=', 'rt.rule_id').onRef('r.cust_id', '=', 'rt.cust_id'))
    .leftJoin('alert_states as s', (join) => join.onRef('s.rule_id', '=', 'rt.rule_id').onRef('s.task_id', '=', 'rt.task_id'))
    .select(['r.id', 'r.cust_id', 'r.name', 'r.monitor_type', 'r.mode', 'r.condition', 'r.sensitivity', 'r.threshold', 'r.ssl_days', 'r.cooldown_minutes'])
    .select(['rt.task_id', 's.streak', 's.incident_id', 's.last_round_start', 's.data'])
    .where('rt.cust_id', '=', custId)
    .where('rt.task_id', 'in', [...taskIds])
    .where('r.enable', '=', 1)
    .orderBy('r.id')
    .execute();
  // A rule watches many tasks: each is read once.
  const rules = new Map<number, EvalRule>();
  return rows.map((row) => {
    let rule = rules.get(row.id);
    if (!rule) rules.set(row.id, (rule = ruleOf(row)));
    return { rule, taskId: row.task_id, stored: row.streak !== null, state: stateOf(row) };
  });
}

function dataOf(state: RuleTaskState): string {
  const incident = state.incident ? { startedAt: state.incident.startedAt, lastSentAt: state.incident.lastSentAt } : null;
  const data: StateData = { streakStartedAt: state.streakStartedAt, incident, ssl: state.ssl };
  return JSON.stringify(data);
}

/** Writes a (rule, task)'s state, whether or not a row exists yet. */
export async function saveState(db: Db, custId: number, ruleId: number, taskId: number, state: RuleTaskState): Promise<void> {
  const values = { streak: state.streak, incident_id: state.incident?.id ?? null, last_round_start: state.lastRoundStart, data: dataOf(state) };
  await db
    .insertInto('alert_states')
    .values({ rule_id: ruleId, task_id: taskId, cust_id: custId, ...values })
    .onConflict((conflict) => conflict.columns(['rule_id', 'task_id']).doUpdateSet(values))
    .execute();
}

/** New state rows, many per statement; a row that exists meanwhile is left as it is. */
export async function insertStates(db: Db, custId: number, states: readonly { ruleId: number; taskId: number; state: RuleTaskState }[]): Promise<void> {
  for (let from = 0; from < states.length; from += INSERT_CHUNK) {
    const values = states.slice(from, from + INSERT_CHUNK).map(({ ruleId, taskId, state }) => ({
      rule_id: ruleId,
      task_id: taskId,
      cust_id: custId,
      streak: state.streak,
      incident_id: state.incident?.id ?? null,
      last_round_start: state.lastRoundStart,
      data: dataOf(state),
    }));
    await db.insertInto('alert_states').values(values).onConflict((conflict) => conflict.columns(['rule_id', 'task_id']).doNothing()).execute();
  }
}

/** Rows per insert: 7 bound values each, well under SQLite's limit. */
const INSERT_CHUNK = 1_000;

/**
 * Moves the evaluated round forward for states where nothing else changed: one statement for a
 * whole round of many tasks (a row that is behind in no way can move back).
 */
export async function advanceRounds(db: Db, pairs: readonly { ruleId: number; taskId: number }[], roundStart: number): Promise<void> {
  for (let from = 0; from < pairs.length; from += ADVANCE_CHUNK) {
    const keys = sql.join(pairs.slice(from, from + ADVANCE_CHUNK).map((pair) => sql`(${pair.ruleId}, ${pair.taskId})`));
    await sql`update alert_states set last_round_start = ${roundStart}
      where (rule_id, task_id) in (values ${keys}) and (last_round_start is null or last_round_start < ${roundStart})`.execute(db);
  }
}

/** Pairs per statement, well under SQLite's limit of bound parameters. */
const ADVANCE_CHUNK = 5_000;

/**
 * Inside the writing transaction: whether the (rule, task) is still watched as it was read — the
 * rule enabled in the same mode with the task in its query list, and the state row as read (the
 * rules module deletes it when it ends incidents quietly). A change made meanwhile wins.
 */
export async function stillWatched(db: Db, row: RuleTaskRow): Promise<boolean> {
  const found = await db
    .selectFrom('alert_rule_tasks as rt')
    .innerJoin('alert_rules as r', (join) => join.onRef('r.id', '=', 'rt.rule_id').onRef('r.cust_id', '=', 'rt.cust_id'))
    .leftJoin('alert_states as s', (join) => join.onRef('s.rule_id', '=', 'rt.rule_id').onRef('s.task_id', '=', 'rt.task_id'))
    .select(['s.streak', 's.last_round_start'])
    .where('rt.rule_id', '=', row.rule.id)
    .where('rt.task_id', '=', row.taskId)
    .where('r.enable', '=', 1)
    .where('r.mode', '=', row.rule.mode)
    .executeTakeFirst();
  if (!found) return false;
  const stored = found.streak !== null;
  return stored === row.stored && (!stored || found.last_round_start === row.state.lastRoundStart);
}
