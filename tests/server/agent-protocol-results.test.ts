import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AGENT_BODY_LIMIT_BYTES, ResultsAnswer } from '../../src/shared/calls/agent-work.js';
import { countRows, createTaskOn, resultsBody, startAgent, type TestAgent } from './agent-helpers.js';
import { createTestServer, START_TIME, type TestServer } from './helpers.js';
import { ALERT_MODES } from '../../src/shared/alerts/rule-fields.js';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { NodeListAnswer } from '../../src/shared/calls/nodes.js';
import { httpResult, tcpResult } from './tasks-helpers.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;
/** Within the hour before the server's clock, so a few minutes' results share an hour bucket. */
const T0 = Math.floor(START_TIME / HOUR) * HOUR;

let server: TestServer;
let tokyo: TestAgent;
let seoul: TestAgent;
beforeEach(async () => {
  server = await createTestServer();
  tokyo = await startAgent(server, 'jp-tokyo');
  seoul = await startAgent(server, 'kr-seoul');
});
afterEach(() => server.close());

const push = async (agent: TestAgent, body: unknown) => {
  const answer = await agent.call('/agent/results', body);
  return { ...answer, data: answer.json.status ? ResultsAnswer.parse(answer.json.data) : undefined };
};

const rollupsOf = (db: TestServer['db']) =>
  db.selectFrom('rollup_minute').select(['task_id', 'node_id', 'bucket_start', 'count', 'successes', 'latency_sum']).orderBy('bucket_start').orderBy('node_id').execute();

describe('POST /agent/results', () => {
  it('stores a batch once when it is sent twice', async () => {
    const task = await createTaskOn(server, [tokyo.nodeId]);
    const body = resultsBody([0, 1, 2].map((minute) => ({ taskId: task.id, taskVersion: 1, result: httpResult(T0 + minute * MINUTE, 200, 10 + minute) })));
    expect((await push(tokyo, body)).data).toEqual({ accepted: 3, rejected: 0, duplicate: false });
    const rollups = await rollupsOf(server.db);
    expect((await push(tokyo, body)).data).toEqual({ accepted: 3, rejected: 0, duplicate: true });
    expect(await countRows(server, 'results')).toBe(3);
    expect(await rollupsOf(server.db)).toEqual(rollups);
    expect(rollups.map((row) => [row.count, row.latency_sum])).toEqual([[1, 10], [1, 11], [1, 12]]);
  });

  it('stores a batch once when the same batch arrives twice at the same time', async () => {
    const task = await createTaskOn(server, [tokyo.nodeId]);
    const body = resultsBody([{ taskId: task.id, result: httpResult(T0, 200, 9) }]);
    const answers = await Promise.all([push(tokyo, body), push(tokyo, body), push(tokyo, body)]);
    expect(answers.map((answer) => answer.data?.duplicate).sort()).toEqual([false, true, true]);
    expect(await countRows(server, 'results')).toBe(1);
  });

  it("rejects results for a task that does not run on the caller's node; the key decides the node", async () => {
    const seoulTask = await createTaskOn(server, [seoul.nodeId]);
    const item = { taskId: seoulTask.id, result: httpResult(T0, 200, 8) };
    expect((await push(tokyo, resultsBody([item]))).data).toEqual({ accepted: 0, rejected: 1, duplicate: false });
    // There is no node field to claim another node with.
    const claimed = await tokyo.call('/agent/results', { ...resultsBody([item]), nodeId: seoul.nodeId });
    expect(claimed.json.code).toBe(1001);
    expect(claimed.json.data.errors).toEqual([{ field: 'nodeId', code: 10010001 }]);
    expect(await countRows(server, 'results')).toBe(0);
    expect((await push(seoul, resultsBody([item]))).data).toMatchObject({ accepted: 1 });
    const stored = await server.db.selectFrom('results').select(['node_id', 'task_id']).execute();
    expect(stored).toEqual([{ node_id: seoul.nodeId, task_id: seoulTask.id }]);
  });

  it('refuses a batch with a malformed result (1001) and stores none of it', async () => {
    const task = await createTaskOn(server, [tokyo.nodeId]);
    const good = { taskId: task.id, result: httpResult(T0, 200, 8) };
    const malformed = [
      { taskId: task.id, result: { ...httpResult(T0, 200, 8), ok: 'yes' } },
      { taskId: task.id, result: { ...httpResult(T0, 200, 8), type: 42 } },
      { taskId: task.id, result: { ...httpResult(T0, 200, 8), failure: { source: 'moon', code: 'timeout' } } },
    ];
    for (const bad of malformed) {
      const answer = await tokyo.call('/agent/results', resultsBody([good, bad]));
      expect([answer.statusCode, answer.json.code]).toEqual([400, 1001]);
      expect(answer.json.data.errors[0].field).toMatch(/^results\.1\.result/);
    }
    for (const body of [{ ...resultsBody([good]), batchId: 'not-a-uuid' }, { ...resultsBody([good]), dropped: -1 }]) {
      expect((await tokyo.call('/agent/results', body)).json.code).toBe(1001);
    }
    expect(await countRows(server, 'results')).toBe(0);
  });

  it("adds the spool's dropped count to the node once per batch", async () => {
    const task = await createTaskOn(server, [tokyo.nodeId]);
    const body = resultsBody([{ taskId: task.id, result: httpResult(T0, 200, 8) }], 25);
    await push(tokyo, body);
    await push(tokyo, body);
    await push(tokyo, resultsBody([], 5));
    const node = await server.db.selectFrom('nodes').select('results_dropped').where('id', '=', tokyo.nodeId).executeTakeFirstOrThrow();
    expect(node.results_dropped).toBe(30);
  });

  it('shows the dropped count and when it was last reported in the node list, and nothing for a node without drops', async () => {
    const token = await server.login();
    const nodeIn = async (country: string, nodeId: number) => {
      const answer = await server.call('/nodes/list', { token, body: { country, page: 1, pageSize: 100 } });
      return NodeListAnswer.parse(answer.json().data).list.find((node) => node.id === nodeId);
    };
    expect(await nodeIn('JP', tokyo.nodeId)).toMatchObject({ resultsDropped: 0, resultsDroppedAt: null });
    await push(tokyo, resultsBody([], 7));
    server.clock.advanceSeconds(90);
    await push(tokyo, resultsBody([], 5));
    expect(await nodeIn('JP', tokyo.nodeId)).toMatchObject({ resultsDropped: 12, resultsDroppedAt: new Date(server.clock.now()).toISOString() });
    // A delivery without drops leaves the time of the last one.
    server.clock.advanceSeconds(90);
    await push(tokyo, resultsBody([], 0));
    expect(await nodeIn('JP', tokyo.nodeId)).toMatchObject({ resultsDropped: 12, resultsDroppedAt: new Date(server.clock.now() - 90_000).toISOString() });
    expect(await nodeIn('KR', seoul.nodeId)).toMatchObject({ resultsDropped: 0, resultsDroppedAt: null });
  });

  it('accepts a full batch larger than the general body limit', async () => {
    const task = await createTaskOn(server, [tokyo.nodeId]);
    const items = Array.from({ length: 5_000 }, (_, index) => ({ taskId: task.id, result: httpResult(START_TIME - index * 1_000, 200, 5) }));
    const body = resultsBody(items);
    expect(JSON.stringify(body).length).toBeGreaterThan(server.config.bodyLimitBytes);
    expect((await push(tokyo, body)).data).toEqual({ accepted: 5_000, rejected: 0, duplicate: false });
    // Session calls keep the general limit.
    const big = await server.call('/auth/login', { body: { account: 'x'.repeat(server.config.bodyLimitBytes), password: 'y' } });
    expect(big.statusCode).toBe(413);
  });
});

/** Two enabled rules (latency, availability) watching the task, stored as the rules module stores them. */
async function watchWithRules(taskId: number): Promise<void> {
  const now = server.clock.now();
  for (const rule of [
    { name: 'Slow', mode: ALERT_MODES.LATENCY, condition: 'gt', sensitivity: 3, threshold: 2_000 },
    { name: 'Down', mode: ALERT_MODES.AVAILABILITY, condition: 'lt', sensitivity: 1, threshold: 0.5 },
  ]) {
    const { id } = await server.db
      .insertInto('alert_rules')
      .values({ cust_id: server.custId, monitor_type: MONITOR_TYPES.HTTP, ssl_days: '[]', cooldown_minutes: 0, enable: 1, created_at: now, updated_at: now, ...rule })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db.insertInto('alert_rule_tasks').values({ rule_id: id, task_id: taskId, cust_id: server.custId, added_at: now }).execute();
  }
  await server.app.vigil.alertEval?.refresh();
}

describe('tasks created while results flow and rules are evaluated', () => {
  it("stores the new tasks' results from their first batch, beside the watched task's", async () => {
    const watched = await createTaskOn(server, [tokyo.nodeId], { domain: 'watched.example.com' });
    await watchWithRules(watched.id);
    for (const minute of [0, 1, 2]) {
      const body = resultsBody([{ taskId: watched.id, result: httpResult(T0 + minute * MINUTE, 200, 12) }]);
      expect((await push(tokyo, body)).data).toMatchObject({ accepted: 1 });
    }
    await server.app.vigil.alertEval?.whenIdle();
    const evaluated = await server.db.selectFrom('alert_states').select('last_round_start').where('task_id', '=', watched.id).execute();
    expect(evaluated.map((state) => state.last_round_start)).toEqual([T0 + 2 * MINUTE, T0 + 2 * MINUTE]);

    const later = [];
    for (const index of [1, 2, 3]) later.push(await createTaskOn(server, [tokyo.nodeId], { domain: `later-${index}.example.com` }));
    later.push(await createTaskOn(server, [tokyo.nodeId], { type: MONITOR_TYPES.TCP, domain: 'later-tcp.example.com', port: 443 }));
    const at = T0 + 3 * MINUTE;
    const items = [watched, ...later].map((task) => ({ taskId: task.id, result: task.type === MONITOR_TYPES.TCP ? tcpResult(at, true, 3) : httpResult(at, 200, 15) }));
    expect((await push(tokyo, resultsBody(items))).data).toEqual({ accepted: items.length, rejected: 0, duplicate: false });
    await server.app.vigil.alertEval?.whenIdle();
    const latest = await server.db.selectFrom('latest_results').select('task_id').where('node_id', '=', tokyo.nodeId).orderBy('task_id').execute();
    expect(latest.map((row) => row.task_id)).toEqual([watched.id, ...later.map((task) => task.id)]);
    const states = await server.db.selectFrom('alert_states').select('last_round_start').where('task_id', '=', watched.id).execute();
    expect(states.map((state) => state.last_round_start)).toEqual([at, at]);
  });
});

describe('request bodies and authentication', () => {
  it('refuses an unauthenticated large batch with 401 before reading its body', async () => {
    // Not even JSON: had the body been parsed first, the answer would be 1001.
    const payload = `{"batchId": ${'x'.repeat(AGENT_BODY_LIMIT_BYTES - 64)}`;
    for (const token of [undefined, 'not-a-node-key-0123456789']) {
      const answer = await server.call('/agent/results', { token, payload });
      expect([answer.statusCode, answer.json().code]).toEqual([401, 2308]);
    }
    expect(await countRows(server, 'results')).toBe(0);
    // Session calls too: a wrong token is 401 whatever the body holds.
    const session = await server.call('/profile/update', { token: 'not-a-session-token-012345', payload: '{"name": ' });
    expect([session.statusCode, session.json().code]).toEqual([401, 401]);
  });

  it('gives the large body limit to result batches only', async () => {
    const acks = Array.from({ length: 5_000 }, (_, index) => ({ taskId: index + 1, taskVersion: 1 }));
    const padded = { acks, padding: 'x'.repeat(server.config.bodyLimitBytes) };
    const answer = await tokyo.call('/agent/ack', padded);
    expect([answer.statusCode, answer.json.code]).toEqual([413, 1001]);
    // A full acknowledgement list fits the general limit.
    expect((await tokyo.call('/agent/ack', { acks })).json.data).toEqual({ completed: 0 });
  });
});

describe('a server restart', () => {
  it('loses no delivered result and stores a re-sent batch once', async () => {
    const task = await createTaskOn(server, [tokyo.nodeId, seoul.nodeId]);
    const first = resultsBody([0, 1].map((minute) => ({ taskId: task.id, result: httpResult(T0 + minute * MINUTE, 200, 20) })));
    const second = resultsBody([{ taskId: task.id, result: httpResult(T0 + 30_000, '000', null) }]);
    expect((await push(tokyo, first)).data).toMatchObject({ accepted: 2, duplicate: false });
    expect((await push(seoul, second)).data).toMatchObject({ accepted: 1, duplicate: false });
    const rollupsBefore = await rollupsOf(server.db);
    const hourBefore = await server.db.selectFrom('rollup_hour').selectAll().orderBy('node_id').execute();

    // The server stops (its agent did not hear the answer) and starts again on the same file.
    await server.restart();
    const db = server.db;

    expect((await push(tokyo, first)).data).toEqual({ accepted: 2, rejected: 0, duplicate: true });
    expect((await push(seoul, second)).data).toEqual({ accepted: 1, rejected: 0, duplicate: true });
    expect(await countRows(server, 'results')).toBe(3);
    expect(await rollupsOf(db)).toEqual(rollupsBefore);
    expect(await db.selectFrom('rollup_hour').selectAll().orderBy('node_id').execute()).toEqual(hourBefore);
    const hour = await db.selectFrom('rollup_hour').select(['node_id', 'count', 'successes']).orderBy('node_id').execute();
    expect(hour).toEqual(
      [
        { node_id: tokyo.nodeId, count: 2, successes: 2 },
        { node_id: seoul.nodeId, count: 1, successes: 0 },
      ].sort((a, b) => a.node_id - b.node_id),
    );
    // A new batch after the restart is stored as usual.
    const later = resultsBody([{ taskId: task.id, result: httpResult(T0 + 2 * MINUTE, 200, 30) }], 0, randomUUID());
    expect((await push(tokyo, later)).data).toMatchObject({ accepted: 1, duplicate: false });
    expect(await countRows(server, 'results')).toBe(4);
  });
});
