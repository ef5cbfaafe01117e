import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALERT_MODES } from '../../../src/shared/alerts/rule-fields.js';
import { roundStartOf } from '../../../src/server/modules/alert-eval/rounds.js';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import { waitFor } from '../../agent/helpers/agent-harness.js';
import { startAgent as registerSilentAgent } from '../agent-helpers.js';
import { createEvalHarness, namingRegistry, ROUND_MS, startSwitchableTarget, type EvalHarness, type SwitchableTarget } from './eval-harness.js';

const BEIJING_TELECOM = 'cn-beijing-telecom';
const BEIJING_UNICOM = 'cn-beijing-unicom';
const SHANGHAI_TELECOM = 'cn-shanghai-telecom';
const SHANGHAI_UNICOM = 'cn-shanghai-unicom';
const GUANGZHOU_MOBILE = 'cn-guangzhou-mobile';
const COOLDOWN_MINUTES = 5;

let harness: EvalHarness;
let target: SwitchableTarget;

beforeEach(async () => {
  harness = await createEvalHarness([BEIJING_TELECOM, BEIJING_UNICOM, SHANGHAI_TELECOM, SHANGHAI_UNICOM, GUANGZHOU_MOBILE]);
  target = await startSwitchableTarget();
});
afterEach(async () => {
  await harness.close();
  await target.close();
});

const idOf = (slug: string) => harness.nodes.get(slug)?.id ?? 0;
const availabilityRule = (name: string, cooldownMinutes = 0) => ({
  name,
  monitorType: MONITOR_TYPES.HTTP,
  mode: ALERT_MODES.AVAILABILITY,
  condition: 'lt',
  sensitivity: 1,
  threshold: 0.9,
  cooldownMinutes,
});

/** Starts of the rounds in which some node checked the task, in order. */
async function checkedRounds(taskId: number): Promise<number[]> {
  const rows = await harness.server.db.selectFrom('results').select('ts').where('task_id', '=', taskId).execute();
  return [...new Set(rows.map((row) => roundStartOf(row.ts, ROUND_MS)))].sort((a, b) => a - b);
}

function httpTask(nodeSlugs: string[]) {
  return harness.task({ type: MONITOR_TYPES.HTTP, domain: '127.0.0.1', port: target.port, otherPath: '/', nodeIds: nodeSlugs.map(idOf) });
}

describe('availability rules with real agents', () => {
  it('repeat after the cooldown while the incident goes on, and never with cooldown none', async () => {
    const slugs = [BEIJING_TELECOM, SHANGHAI_UNICOM];
    const task = await httpTask(slugs);
    target.failing = () => true;
    const repeating = await harness.rule(availabilityRule('Down, repeating', COOLDOWN_MINUTES), [task.id]);
    const once = await harness.rule(availabilityRule('Down, once'), [task.id]);
    for (const slug of slugs) harness.agent(slug);

    const rows = await harness.waitForLog('two repeats', task.id, (logs) => logs.filter((row) => row.event === 'repeat').length >= 2);
    const repeats = rows.filter((row) => row.rule_id === repeating && row.event === 'repeat').length;
    expect(rows.filter((row) => row.rule_id === repeating).map((row) => row.event)).toEqual(['fire', ...Array<string>(repeats).fill('repeat')]);
    const state = await harness.server.db.selectFrom('alert_states').select('data').where('rule_id', '=', repeating).executeTakeFirstOrThrow();
    const { incident } = JSON.parse(state.data) as { incident: { startedAt: number; lastSentAt: number } };
    // Each repeat comes in the first round with checks once the cooldown has passed (a round no
    // agent checked in, as on a busy machine, is not evaluated); read after the log, the state may
    // have moved on by a repeat more, never by less.
    const sent = [incident.startedAt];
    for (const start of await checkedRounds(task.id)) if (start >= (sent.at(-1) ?? 0) + COOLDOWN_MINUTES * ROUND_MS) sent.push(start);
    expect(sent.slice(repeats)).toContain(incident.lastSentAt);
    expect(rows.filter((row) => row.rule_id === once).map((row) => row.event)).toEqual(['fire']);
    expect(rows.every((row) => row.outbox === 1)).toBe(true);

    target.failing = () => false;
    const after = await harness.waitForLog('both recoveries', task.id, (logs) => logs.filter((row) => row.event === 'recover').length === 2);
    expect(after.filter((row) => row.rule_id === once).map((row) => row.event)).toEqual(['fire', 'recover']);
  }, 90_000);

  it('names one carrier failing in several provinces where another carrier succeeds; a node without an agent is no data', async () => {
    const withAgents = [BEIJING_TELECOM, BEIJING_UNICOM, SHANGHAI_TELECOM, SHANGHAI_UNICOM];
    const task = await httpTask([...withAgents, GUANGZHOU_MOBILE]);
    target.failing = (node) => node.endsWith('-telecom');
    for (const slug of withAgents) harness.agent(slug, namingRegistry(slug));
    // The rule joins a task its agents already run, so every round waits for all four.
    await waitFor('results from every agent', async () => {
      const rows = await harness.server.db.selectFrom('results').select('node_id').distinct().where('task_id', '=', task.id).execute();
      return rows.length === withAgents.length;
    });
    // A cooldown of one round: every round says where, as a round of its own. A round a node's
    // check missed (it started late, in the next round, as on a busy machine) is judged on the
    // nodes with data and may say less; the rounds every agent checked in name the carrier.
    await harness.rule(availabilityRule('Down', 1), [task.id]);

    const rows = await harness.waitForLog('a carrier message', task.id, (logs) => logs.some((row) => row.verdict === 'carrier'));
    expect(rows[0]?.event).toBe('fire');
    const failing = [idOf(BEIJING_TELECOM), idOf(SHANGHAI_TELECOM)].sort();
    for (const row of rows) expect(row.nodes.every((node) => failing.includes(node.nodeId))).toBe(true);
    const carrier = rows.find((row) => row.verdict === 'carrier');
    expect(carrier?.nodes.map((node) => node.nodeId).sort()).toEqual(failing);
    expect(carrier?.nodes.map((node) => node.province).sort()).toEqual(['Beijing', 'Shanghai']);
  }, 90_000);

  it('a round waits for a registered agent that stays silent until its deadline, then judges the nodes with data', async () => {
    const task = await httpTask([BEIJING_TELECOM, SHANGHAI_UNICOM]);
    target.failing = () => true;
    await registerSilentAgent(harness.server, SHANGHAI_UNICOM);
    await harness.rule(availabilityRule('Down'), [task.id]);
    harness.agent(BEIJING_TELECOM);
    const newest = async () =>
      Number((await harness.server.db.selectFrom('results').select((eb) => eb.fn.max('ts').as('ts')).where('task_id', '=', task.id).executeTakeFirst())?.ts ?? 0);
    await waitFor('three rounds of results', async () => (await newest()) > 0 && (await harness.server.db.selectFrom('results').select('id').where('task_id', '=', task.id).execute()).length >= 3);
    await harness.evaluator.whenIdle();
    expect(await harness.logs(task.id)).toEqual([]);

    // The server's clock reaches past the newest round's deadline: the rounds close without the silent node.
    harness.server.clock.advanceSeconds((await newest()) / 1000 - harness.server.clock.now() / 1000 + 2);
    await harness.evaluator.sweep();
    const logs = await harness.logs(task.id);
    expect(logs.map((row) => row.event)).toEqual(['fire']);
    expect(logs[0]).toMatchObject({ verdict: 'site', nodes: [{ nodeId: idOf(BEIJING_TELECOM), province: 'Beijing' }] });
  }, 90_000);
});

describe('a restart', () => {
  it('evaluates the rounds that closed while the server was down once: nothing lost, nothing doubled', async () => {
    const task = await httpTask([BEIJING_TELECOM]);
    target.failing = () => true;
    await harness.rule(availabilityRule('Down'), [task.id]);
    harness.agent(BEIJING_TELECOM);
    await harness.waitForLog('the fire message', task.id, (rows) => rows.length > 0);

    const port = Number(new URL(harness.url).port);
    await harness.server.app.close();
    // While the server is down the site recovers; the agent keeps its results in its spool.
    target.failing = () => false;
    await harness.server.restart();
    await harness.server.app.listen({ port, host: '127.0.0.1' });
    const rows = await harness.waitForLog('the recovery', task.id, (logs) => logs.some((row) => row.event === 'recover'));
    expect(rows.map((row) => row.event)).toEqual(['fire', 'recover']);
    const evaluator = harness.server.app.vigil.alertEval;
    const state = () => harness.server.db.selectFrom('alert_states').select('last_round_start').where('task_id', '=', task.id).executeTakeFirstOrThrow();
    const recoveredAt = (await state()).last_round_start ?? 0;
    await waitFor('three more rounds', async () => ((await state()).last_round_start ?? 0) >= recoveredAt + 3 * ROUND_MS);
    await evaluator?.whenIdle();
    expect((await harness.logs(task.id)).map((row) => row.event)).toEqual(['fire', 'recover']);
  }, 90_000);
});

describe('a start after downtime', () => {
  it('judges the rounds that closed while the server was down on the checks the agents deliver, not as no data', async () => {
    const task = await httpTask([BEIJING_TELECOM]);
    target.failing = () => true;
    await harness.rule(availabilityRule('Down'), [task.id]);
    const agent = harness.agent(BEIJING_TELECOM);
    await harness.waitForLog('the fire message', task.id, (rows) => rows.length > 0);
    const newest = async () => Number((await harness.server.db.selectFrom('results').select((eb) => eb.fn.max('ts').as('ts')).where('task_id', '=', task.id).executeTakeFirst())?.ts ?? 0);
    const downAt = await newest();

    const port = Number(new URL(harness.url).port);
    await harness.server.app.close();
    target.failing = () => false;
    const spooled = agent.status().resultsSpooled;
    await waitFor('three checks spooled while the server is down', () => agent.status().resultsSpooled >= spooled + 3);
    // The server comes back long after those rounds' deadlines. The agent stamps its checks with
    // the machine's clock: rounds before this one ran while the server was down.
    harness.server.clock.advanceSeconds((downAt + 30 * ROUND_MS - harness.server.clock.now()) / 1000);
    const backInRound = roundStartOf(Date.now(), ROUND_MS);
    await harness.server.restart();
    await harness.server.app.listen({ port, host: '127.0.0.1' });
    await harness.server.app.vigil.alertEval?.sweep();
    const rows = await harness.waitForLog('the recovery', task.id, (logs) => logs.some((row) => row.event === 'recover'));
    expect(rows.map((row) => row.event)).toEqual(['fire', 'recover']);
    const incident = await harness.server.db.selectFrom('alert_incidents').select('ended_at').where('task_id', '=', task.id).executeTakeFirstOrThrow();
    // Recovered in a round of the downtime, which its spooled checks decided.
    expect(incident.ended_at).toBeLessThan(backInRound);
  }, 90_000);
});

describe('a rule turned off', () => {
  it('sends no recovery for an incident its rule ended quietly, and starts over when turned on again', async () => {
    const task = await httpTask([BEIJING_TELECOM]);
    target.failing = () => true;
    const ruleId = await harness.rule(availabilityRule('Down'), [task.id]);
    harness.agent(BEIJING_TELECOM);
    await harness.waitForLog('the fire message', task.id, (rows) => rows.length > 0);

    // What the rules module does when a rule is turned off (endIncidentsQuietly, in its transaction).
    const now = harness.server.clock.now();
    await harness.server.db.transaction().execute(async (trx) => {
      await trx.updateTable('alert_rules').set({ enable: 2 }).where('id', '=', ruleId).execute();
      await trx.updateTable('alert_incidents').set({ ended_at: now }).where('rule_id', '=', ruleId).where('ended_at', 'is', null).execute();
      await trx.deleteFrom('alert_states').where('rule_id', '=', ruleId).execute();
    });
    await harness.evaluator.refresh();
    target.failing = () => false;
    const newestRound = async () => Number((await harness.server.db.selectFrom('results').select((eb) => eb.fn.max('ts').as('ts')).where('task_id', '=', task.id).executeTakeFirst())?.ts ?? 0);
    const offAt = await newestRound();
    await waitFor('three rounds while off', async () => (await newestRound()) >= offAt + 3 * ROUND_MS);
    await harness.evaluator.whenIdle();
    expect((await harness.logs(task.id)).map((row) => row.event)).toEqual(['fire']);
    expect(await harness.server.db.selectFrom('alert_states').selectAll().where('rule_id', '=', ruleId).execute()).toEqual([]);

    target.failing = () => true;
    await harness.server.db.updateTable('alert_rules').set({ enable: 1 }).where('id', '=', ruleId).execute();
    await harness.evaluator.refresh();
    const rows = await harness.waitForLog('a new fire', task.id, (logs) => logs.length === 2);
    expect(rows.map((row) => row.event)).toEqual(['fire', 'fire']);
    expect(rows[1]?.incident_id).not.toBe(rows[0]?.incident_id);
  }, 90_000);
});
