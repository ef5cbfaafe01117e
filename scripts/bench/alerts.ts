// Alert evaluation against ingest, side by side in one run: the same batches (1,000 tasks × 10
// nodes, one node's simulated minute a batch) ingested into two fresh stores, one without rules and
// one with two enabled rules per task (latency and availability) whose rounds are tracked as the
// agents' results route does (noteResults after each committed batch) and evaluated off the ingest
// path as rounds complete. Both throughputs are wall time over the whole run, evaluation included
// (the run with rules waits for the last evaluation), the median of alternating sessions; no rule
// breaches in them (the results' own 2 % failures never bring a round below the threshold). In a
// last session with rules some tasks fail on every other simulated minute, so each of their rounds
// fires or recovers an incident; the time from the batch that closed a round (its last node's
// batch committed and noted) to its messages written (log and outbox committed, before the inbox)
// is `alerts.round_close_to_log_ms`. Process CPU per stored result (evaluation included) is printed
// beside the rates, and its ratio: on a loaded machine wall time swings, CPU much less.
import { randomUUID } from 'node:crypto';
import { AlertEvaluator } from '../../src/server/modules/alert-eval/evaluator.js';
import { ingestBatch, MINUTE_MS, type IngestItem } from '../../src/server/results/index.js';
import { ALERT_MODES } from '../../src/shared/alerts/rule-fields.js';
import { progress, type BenchOptions, type Figure } from './report.js';
import { resultOf, seededRandom } from './probes-scale/results.js';
import { catalogueNodeIds, createTasks, MIXED_TASK_TYPES, mixedTaskInput, openBenchStore, type BenchStore, type MixedTaskType } from './probes-scale/store.js';

const TASKS = 1_000;
const NODES = 10;
const WARM_UP_MINUTES = 2;
/** Every this many tasks, one fails on every other minute. */
const FLAPPING_EVERY = 50;
/** Sessions per store, alternating between the two, so both see the same machine load. */
const SESSIONS = 3;

interface Run {
  resultsPerS: number;
  /** Process CPU per stored result (µs), evaluation included: what the machine's load does not move much. */
  cpuUsPerResult: number;
  closeToLogMs: number[];
  /** With rules, while some tasks fire and recover every minute. */
  flappingPerS?: number;
}

type Tasks = { id: number; type: number }[];

function minuteBatch(tasks: Tasks, minuteStart: number, minuteIndex: number, random: () => number, flapping: boolean): IngestItem[] {
  const spacing = MINUTE_MS / tasks.length;
  return tasks.map((task, index) => {
    const result = resultOf(task.type as MixedTaskType, Math.floor(minuteStart + index * spacing), random);
    const failing = flapping && index % FLAPPING_EVERY === 0 && minuteIndex % 2 === 1;
    return { taskId: task.id, taskVersion: 1, result: failing ? { ...result, ok: false } : result };
  });
}

async function addRules(store: BenchStore, tasks: Tasks, now: number): Promise<void> {
  for (const type of MIXED_TASK_TYPES) {
    const ofType = tasks.filter((task) => task.type === type);
    const rules = [
      { name: `Slow ${type}`, mode: ALERT_MODES.LATENCY, condition: 'gt', sensitivity: 3, threshold: 2_000 },
      { name: `Down ${type}`, mode: ALERT_MODES.AVAILABILITY, condition: 'lt', sensitivity: 1, threshold: 0.5 },
    ];
    for (const rule of rules) {
      const { id } = await store.db
        .insertInto('alert_rules')
        .values({ cust_id: store.custId, monitor_type: type, ssl_days: '[]', cooldown_minutes: 0, enable: 1, created_at: now, updated_at: now, ...rule })
        .returning('id')
        .executeTakeFirstOrThrow();
      await store.db.insertInto('alert_rule_tasks').values(ofType.map((task) => ({ rule_id: id, task_id: task.id, cust_id: store.custId, added_at: now }))).execute();
    }
  }
  await store.db.insertInto('alert_chats').values({ cust_id: store.custId, chat_id: '1001', language: 'en', created_at: now }).execute();
}

interface Setup {
  store: BenchStore;
  tasks: Tasks;
  nodeIds: number[];
  evaluator: AlertEvaluator | undefined;
  closeToLogMs: number[];
  clock: { now: number; closedAt: bigint };
  firstMinute: number;
  /** Batches ingested so far (sessions continue where the last one stopped). */
  batches: number;
  /** Time spent inside ingestBatch, in ns (the rest of a session's wall time is noting and evaluating). */
  ingestNs: bigint;
}

async function setUp(withRules: boolean, firstMinute: number): Promise<Setup> {
  const clock = { now: firstMinute, closedAt: 0n };
  const store = await openBenchStore(() => clock.now);
  const nodeIds = await catalogueNodeIds(store.db, NODES);
  await store.db.updateTable('nodes').set({ registered_at: clock.now, last_seen_at: clock.now }).where('id', 'in', nodeIds).execute();
  progress(`alerts: ${TASKS} tasks on ${NODES} nodes, ${withRules ? 'two enabled rules per task' : 'no rules'}`);
  const tasks = await createTasks(store.ctx, store.custId, TASKS, (index) => mixedTaskInput(index, nodeIds, 1), 'alerts');
  const closeToLogMs: number[] = [];
  const onWritten = () => {
    if (clock.closedAt > 0n) closeToLogMs.push(Number(process.hrtime.bigint() - clock.closedAt) / 1e6);
    clock.closedAt = 0n;
  };
  const evaluator = withRules ? new AlertEvaluator({ db: store.db, now: () => clock.now }, { onWritten }) : undefined;
  if (withRules) await addRules(store, tasks, clock.now);
  await evaluator?.refresh();
  return { store, tasks, nodeIds, evaluator, closeToLogMs, clock, firstMinute, batches: 0, ingestNs: 0n };
}

/** One node's batch of a minute, committed and then noted; answers how many results were stored. */
async function ingestOne(setup: Setup, batch: number, random: () => number, timed: boolean): Promise<number> {
  const { store, tasks, nodeIds, evaluator, clock, firstMinute } = setup;
  const minute = Math.floor(batch / NODES);
  const nodeId = nodeIds[batch % NODES] ?? 0;
  const items = minuteBatch(tasks, firstMinute + minute * MINUTE_MS, minute, random, timed);
  clock.now = firstMinute + (minute + 1) * MINUTE_MS + 1_000;
  const before = process.hrtime.bigint();
  const answer = await ingestBatch(store.ctx, nodeId, randomUUID(), items);
  setup.ingestNs += process.hrtime.bigint() - before;
  if (answer.accepted !== items.length) throw new Error(`ingest accepted ${answer.accepted} of ${items.length}`);
  // The last node's batch of a minute closes its rounds.
  if (timed && batch % NODES === NODES - 1) clock.closedAt = process.hrtime.bigint();
  evaluator?.noteResults(nodeId, items);
  return answer.accepted;
}

/**
 * Ingests minute after minute (each node's batch, then noted as the results route does) for
 * `seconds`, after `warmUpMinutes` not measured; whole minutes only.
 */
async function ingestFor(setup: Setup, seconds: number, warmUpMinutes: number, flapping = false): Promise<{ stored: number; spentS: number; ingestS: number; cpuS: number }> {
  const { evaluator } = setup;
  const random = seededRandom(7 + setup.batches);
  let stored = 0;
  let started = 0n;
  let ingestAtStart = 0n;
  let cpuAtStart = process.cpuUsage();
  const measuring = () => started > 0n;
  const warmUpEnd = setup.batches + warmUpMinutes * NODES;
  for (let batch = setup.batches; ; batch += 1, setup.batches = batch) {
    if (batch === warmUpEnd) {
      await evaluator?.whenIdle();
      started = process.hrtime.bigint();
      ingestAtStart = setup.ingestNs;
      cpuAtStart = process.cpuUsage();
    }
    if (measuring() && batch % NODES === 0 && process.hrtime.bigint() - started >= BigInt(seconds) * 1_000_000_000n) break;
    const accepted = await ingestOne(setup, batch, random, flapping && measuring());
    if (measuring()) stored += accepted;
  }
  await evaluator?.whenIdle();
  const cpu = process.cpuUsage(cpuAtStart);
  return { stored, spentS: Number(process.hrtime.bigint() - started) / 1e9, ingestS: Number(setup.ingestNs - ingestAtStart) / 1e9, cpuS: (cpu.user + cpu.system) / 1e6 };
}

const median = (values: readonly number[]) => percentile(values, 0.5);

async function runBoth(seconds: number): Promise<{ without: Run; withRules: Run }> {
  const firstMinute = Math.floor((Date.now() - 24 * 3_600_000) / MINUTE_MS) * MINUTE_MS;
  const setups = [await setUp(false, firstMinute), await setUp(true, firstMinute)];
  try {
    const rates: number[][] = [[], []];
    const cpuUs: number[][] = [[], []];
    for (let session = 0; session < SESSIONS; session += 1) {
      for (const [index, setup] of setups.entries()) {
        const { stored, spentS, ingestS, cpuS } = await ingestFor(setup, seconds, session === 0 ? WARM_UP_MINUTES : 0);
        progress(`alerts: ${stored} results in ${spentS.toFixed(1)} s ${setup.evaluator ? 'with' : 'without'} rules (${ingestS.toFixed(1)} s of it in ingestBatch, ${cpuS.toFixed(1)} s CPU)`);
        rates[index]?.push(stored / spentS);
        cpuUs[index]?.push((cpuS * 1e6) / stored);
      }
    }
    const withRules = setups[1];
    if (!withRules) throw new Error('no store with rules');
    const quiet = await withRules.store.db.selectFrom('alert_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const flapping = await ingestFor(withRules, seconds, 1, true);
    const logs = await withRules.store.db.selectFrom('alert_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    progress(`alerts: ${quiet.n} messages while no rule breached; ${Number(logs.n) - Number(quiet.n)} with ${100 / FLAPPING_EVERY} % of the tasks flapping (${flapping.stored} results in ${flapping.spentS.toFixed(1)} s)`);
    return {
      without: { resultsPerS: median(rates[0] ?? []), cpuUsPerResult: median(cpuUs[0] ?? []), closeToLogMs: [] },
      withRules: { resultsPerS: median(rates[1] ?? []), cpuUsPerResult: median(cpuUs[1] ?? []), closeToLogMs: withRules.closeToLogMs, flappingPerS: flapping.stored / flapping.spentS },
    };
  } finally {
    for (const setup of setups) await setup.store.close();
  }
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

export async function alertsFigures(options: BenchOptions): Promise<Figure[]> {
  const seconds = options.quick ? 2 : 5;
  const { without, withRules } = await runBoth(seconds);
  const size = options.quick ? ' (quick size)' : '';
  return [
    { name: 'alerts.ingest_results_per_s_without_rules', value: without.resultsPerS, unit: `results/s${size}`, target: null, better: 'higher' },
    { name: 'alerts.ingest_results_per_s_with_rules', value: withRules.resultsPerS, unit: `results/s${size}`, target: '≥ 20000', better: 'higher' },
    { name: 'alerts.ingest_ratio_with_rules', value: withRules.resultsPerS / without.resultsPerS, unit: '× without rules', target: '≥ 0.9', better: 'higher' },
    { name: 'alerts.ingest_cpu_us_per_result_without_rules', value: without.cpuUsPerResult, unit: `µs CPU/result${size}`, target: null, better: 'lower' },
    { name: 'alerts.ingest_cpu_us_per_result_with_rules', value: withRules.cpuUsPerResult, unit: `µs CPU/result${size}`, target: null, better: 'lower' },
    { name: 'alerts.ingest_cpu_ratio_with_rules', value: without.cpuUsPerResult / withRules.cpuUsPerResult, unit: '× without rules (results per CPU second)', target: null, better: 'higher' },
    { name: 'alerts.ingest_results_per_s_with_rules_and_incidents', value: withRules.flappingPerS ?? Number.NaN, unit: `results/s, ${100 / FLAPPING_EVERY} % of tasks flapping${size}`, target: null, better: 'higher' },
    { name: 'alerts.round_close_to_log_ms.p99', value: percentile(withRules.closeToLogMs, 0.99), unit: `ms (${withRules.closeToLogMs.length} rounds)`, target: '≤ 2000', better: 'lower' },
    { name: 'alerts.round_close_to_log_ms.median', value: percentile(withRules.closeToLogMs, 0.5), unit: 'ms', target: null, better: 'lower' },
  ];
}
