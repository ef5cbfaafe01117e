import { engineOf, type Engine } from '../../db/engine.js';
import { jsonIntegerPairs, jsonIntegers, rawQuery } from '../../db/sql-dialect.js';
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

/**
 * Parsed `data` by its text: most states of a read hold the same text. Sharing the parsed objects
 * is safe as the state steps copy what they change.
 */
type ParsedData = Map<string, StateData>;

function dataFrom(text: string, parsed: ParsedData): StateData {
  let data = parsed.get(text);
  if (!data) parsed.set(text, (data = JSON.parse(text) as StateData));
  return data;
}

function stateOf(row: Pick<JoinedRow, 'streak' | 'incident_id' | 'last_round_start' | 'data'>, parsed: ParsedData): RuleTaskState {
  if (row.streak === null) return initialState();
  const data = dataFrom(row.data ?? '{}', parsed);
  const incident = row.incident_id !== null && data.incident ? { id: row.incident_id, ...data.incident } : null;
  return { streak: row.streak, streakStartedAt: data.streakStartedAt ?? null, incident, lastRoundStart: row.last_round_start, ssl: data.ssl ?? null };
}

function ruleOf(row: RuleColumns): EvalRule {
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

/**
 * One statement text whatever the number of tasks (their ids as one JSON parameter), so it is
 * prepared once; the rules' columns come once per rule rather than once per watched task.
 */
const ruleTaskRowsSql = (engine: Engine) => `select rt.rule_id as id, rt.task_id, s.streak, s.incident_id, s.last_round_start, s.data
  from alert_rule_tasks as rt
  inner join alert_rules as r on r.id = rt.rule_id and r.cust_id = rt.cust_id
  left join alert_states as s on s.rule_id = rt.rule_id and s.task_id = rt.task_id
  where rt.cust_id = ? and rt.task_id in (${jsonIntegers(engine)}) and r.enable = 1
  order by rt.rule_id`;

type RuleColumns = Pick<JoinedRow, 'id' | 'cust_id' | 'name' | 'monitor_type' | 'mode' | 'condition' | 'sensitivity' | 'threshold' | 'ssl_days' | 'cooldown_minutes'>;
type StateColumns = Pick<JoinedRow, 'id' | 'task_id' | 'streak' | 'incident_id' | 'last_round_start' | 'data'>;

/** The customer's enabled rules watching these tasks, each with its state for the task. */
export async function ruleTaskRows(db: Db, custId: number, taskIds: readonly number[]): Promise<RuleTaskRow[]> {
  if (taskIds.length === 0) return [];
  // One read transaction, so the rules and their tasks' states are of the same moment.
  const [ruleRows, rows] = await db.transaction().execute(async (trx) => {
    const states = await trx.executeQuery(rawQuery(trx, ruleTaskRowsSql(engineOf(trx)), [custId, JSON.stringify(taskIds)]));
    const ruleIds = [...new Set((states.rows as StateColumns[]).map((row) => row.id))];
    const rules = ruleIds.length === 0 ? [] : await trx
      .selectFrom('alert_rules')
      .select(['id', 'cust_id', 'name', 'monitor_type', 'mode', 'condition', 'sensitivity', 'threshold', 'ssl_days', 'cooldown_minutes'])
      .where('id', 'in', ruleIds)
      .execute();
    return [rules as RuleColumns[], states.rows as StateColumns[]];
  });
  const rules = new Map(ruleRows.map((row) => [row.id, ruleOf(row)]));
  const parsed: ParsedData = new Map();
  return rows.flatMap((row) => {
    const rule = rules.get(row.id);
    return rule ? [{ rule, taskId: row.task_id, stored: row.streak !== null, state: stateOf(row, parsed) }] : [];
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

/** The pairs as one JSON parameter: one statement text whatever their number, prepared once. */
const advanceRoundsSql = (engine: Engine) => `update alert_states set last_round_start = ?
  where (rule_id, task_id) in (${jsonIntegerPairs(engine)})
  and (last_round_start is null or last_round_start < ?)`;

/**
 * Moves the evaluated round forward for states where nothing else changed: one statement for a
 * whole round of many tasks (a row that is behind in no way can move back).
 */
export async function advanceRounds(db: Db, pairs: readonly { ruleId: number; taskId: number }[], roundStart: number): Promise<void> {
  if (pairs.length === 0) return;
  const keys = JSON.stringify(pairs.map((pair) => [pair.ruleId, pair.taskId]));
  await db.executeQuery(rawQuery(db, advanceRoundsSql(engineOf(db)), [roundStart, keys, roundStart]));
}

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
