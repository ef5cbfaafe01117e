import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHECKS, type CheckRegistry } from '../../../src/agent/checks/registry.js';
import { ALERT_MODES } from '../../../src/shared/alerts/rule-fields.js';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import { averageLatencyOf, rangeSums, totalOf } from '../../../src/server/results/index.js';
import { waitFor } from '../../agent/helpers/agent-harness.js';
import { createEvalHarness, ROUND_MS, startSwitchableTarget, type EvalHarness, type SwitchableTarget } from './eval-harness.js';

const SLUGS = ['cn-beijing-telecom', 'cn-shanghai-unicom'];
const SENSITIVITY = 3;
const THRESHOLD_MS = 150;
const FAST_MS = 20;
const SLOW_MS = 300;

let harness: EvalHarness;
let target: SwitchableTarget;

beforeEach(async () => {
  harness = await createEvalHarness(SLUGS);
  target = await startSwitchableTarget();
});
afterEach(async () => {
  await harness.close();
  await target.close();
});

/**
 * The agent's own HTTP check against the target, reporting the latency the test sets: whether a
 * round is slow is the test's choice, not the machine's (a loopback answer takes over 150 ms at
 * load 30).
 */
function reportingLatency(latency: { ms: number }): CheckRegistry {
  const http = CHECKS[MONITOR_TYPES.HTTP];
  return {
    ...CHECKS,
    [MONITOR_TYPES.HTTP]: {
      ...http,
      run: async (options, ctx) => {
        const result = await http.run(options, ctx);
        return result.details ? { ...result, details: { ...result.details, timings: { ...result.details.timings, totalMs: latency.ms } } } : result;
      },
    },
  };
}

async function incidentsOf(taskId: number) {
  return harness.server.db.selectFrom('alert_incidents').selectAll().where('task_id', '=', taskId).orderBy('id').execute();
}

/** The mean latency of the round's successful checks over all nodes, as the results module reads it. */
async function roundLatency(taskId: number, start: number): Promise<number | null> {
  const sums = await rangeSums(harness.server.app.vigil, { custId: harness.server.custId, taskIds: [taskId] }, { from: start, to: start + ROUND_MS }, { by: 'node' });
  return averageLatencyOf(totalOf(sums.groups));
}

describe('latency rule with real agents', () => {
  it(`fires after exactly ${SENSITIVITY} slow rounds, once, and recovers with the incident's duration`, async () => {
    const nodeIds = SLUGS.map((slug) => harness.nodes.get(slug)?.id ?? 0);
    const task = await harness.task({ type: MONITOR_TYPES.HTTP, domain: '127.0.0.1', port: target.port, otherPath: '/', nodeIds });
    const latency = { ms: FAST_MS };
    for (const slug of SLUGS) harness.agent(slug, reportingLatency(latency));
    // The rule joins a task its agents already run, so every round waits for both.
    await waitFor('results from both agents', async () => {
      const rows = await harness.server.db.selectFrom('results').select('node_id').distinct().where('task_id', '=', task.id).execute();
      return rows.length === SLUGS.length;
    });
    const ruleId = await harness.rule(
      { name: 'Slow shop', monitorType: MONITOR_TYPES.HTTP, mode: ALERT_MODES.LATENCY, condition: 'gt', sensitivity: SENSITIVITY, threshold: THRESHOLD_MS },
      [task.id],
    );
    const state = () => harness.server.db.selectFrom('alert_states').selectAll().where('rule_id', '=', ruleId).executeTakeFirst();
    await waitFor('a fast round evaluated', async () => (await state())?.last_round_start != null, 30_000);

    latency.ms = SLOW_MS;
    const fired = await harness.waitForLog('the fire message', task.id, (rows) => rows.some((row) => row.event === 'fire'));
    const [incident] = await incidentsOf(task.id);
    if (!incident) throw new Error('no incident');
    const firedRound = (JSON.parse(incident.data) as { firedRound: number }).firedRound;
    // Exactly `sensitivity` rounds with checks, from the first breaching one to the firing one, all
    // breached (a round no agent checked in, as on a busy machine, neither breaches nor clears)…
    const judged: (number | null)[] = [];
    for (let start = incident.started_at; start <= firedRound; start += ROUND_MS) judged.push(await roundLatency(task.id, start));
    const checked = judged.filter((latency) => latency !== null);
    expect(checked).toHaveLength(SENSITIVITY);
    expect(judged[0]).not.toBeNull();
    expect(judged.at(-1)).not.toBeNull();
    for (const latency of checked) expect(latency).toBeGreaterThan(THRESHOLD_MS);
    // …and the round before did not: one round short, nothing was sent.
    const before = await roundLatency(task.id, incident.started_at - ROUND_MS);
    expect(before === null || before <= THRESHOLD_MS).toBe(true);
    expect(fired.filter((row) => row.event === 'fire')).toHaveLength(1);
    expect(fired[0]).toMatchObject({ rule_id: ruleId, incident_id: incident.id, outbox: 1, verdict: 'site' });
    expect(fired[0]?.nodes.map((node) => node.nodeId).sort()).toEqual([...nodeIds].sort());

    latency.ms = FAST_MS;
    const recovered = await harness.waitForLog('the recovery', task.id, (rows) => rows.some((row) => row.event === 'recover'));
    expect(recovered.filter((row) => row.event === 'fire')).toHaveLength(1);
    expect(recovered.filter((row) => row.event === 'repeat')).toHaveLength(0);
    const [ended] = await incidentsOf(task.id);
    expect(ended?.ended_at).not.toBeNull();
    const duration = (ended?.ended_at ?? 0) - incident.started_at;
    expect(duration % ROUND_MS).toBe(0);
    expect(duration).toBeGreaterThanOrEqual(SENSITIVITY * ROUND_MS);
    expect(recovered.find((row) => row.event === 'recover')).toMatchObject({ incident_id: incident.id, outbox: 1, nodes: [] });
    expect(await roundLatency(task.id, ended?.ended_at ?? 0)).toBeLessThanOrEqual(THRESHOLD_MS);

    // The inbox items are published once the alerts' transaction has committed, so just after the log rows.
    const inboxTitles = async () => (await harness.server.db.selectFrom('inbox_items').select(['title']).where('type', '=', 'alert').orderBy('sno').execute()).map((item) => item.title);
    await waitFor('the recovery in the inbox', async () => (await inboxTitles()).includes('push:events.alert.recover.title'));
    expect(await inboxTitles()).toEqual(expect.arrayContaining(['push:events.alert.fire.title', 'push:events.alert.recover.title']));
  }, 90_000);
});
