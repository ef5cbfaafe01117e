import { expect } from 'vitest';
import type { AlertRuleFields } from '../../../src/shared/calls/alert-rules.js';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import { createTask } from '../../../src/server/modules/tasks/service.js';
import type { Task } from '../../../src/server/modules/tasks/task-model.js';
import type { TaskInput } from '../../../src/server/modules/tasks/task-input.js';
import { addCustomer, addUser, adminLogin, createTestServer, type CallOptions, type TestServer } from '../helpers.js';
import { httpTaskInput } from '../tasks-helpers.js';

export interface Answer {
  statusCode: number;
  status: boolean;
  code: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the answer it expects
  data: any;
  body: string;
}

export interface Side {
  custId: number;
  token: string;
}

/** The seeded customer ("mine"), a second customer ("theirs") and an administrator viewing mine. */
export interface AlertsWorld {
  server: TestServer;
  mine: Side;
  theirs: Side;
  adminToken: string;
  call: (token: string, path: string, body?: unknown, method?: CallOptions['method'], headers?: Record<string, string>) => Promise<Answer>;
  /** A live task of the customer (HTTP unless told), written through the task service the /domain calls use. */
  task: (custId: number, overrides?: Partial<TaskInput>) => Promise<Task>;
  /** Creates a rule through the call; throws when refused. */
  rule: (token: string, overrides?: Partial<AlertRuleFields>) => Promise<{ id: number } & Record<string, unknown>>;
  close: () => Promise<void>;
}

/** A valid latency rule of HTTP tasks. */
export function ruleBody(overrides: Partial<AlertRuleFields> = {}): AlertRuleFields {
  return {
    name: 'Slow shop',
    monitorType: MONITOR_TYPES.HTTP,
    mode: 1,
    condition: 'gt',
    sensitivity: 3,
    threshold: 800,
    sslDays: [],
    cooldownMinutes: 10,
    enable: 1,
    ...overrides,
  };
}

export async function createAlertsWorld(): Promise<AlertsWorld> {
  const server = await createTestServer();
  const theirCustId = await addCustomer(server, 'Other Co');
  await addUser(server, { account: 'other01', custId: theirCustId });
  const mine = { custId: server.custId, token: await server.login() };
  const theirs = { custId: theirCustId, token: await server.login('other01') };
  const adminToken = await adminLogin(server);
  const call: AlertsWorld['call'] = async (token, path, body, method = 'POST', headers = {}) => {
    const response = await server.call(path, { token, method, headers, ...(body === undefined ? {} : { body }) });
    const json = response.json<{ status: boolean; code: number; data: unknown }>();
    return { statusCode: response.statusCode, status: json.status, code: json.code, data: json.data, body: response.body };
  };
  let taskCount = 0;
  const task: AlertsWorld['task'] = (custId, overrides = {}) => {
    taskCount += 1;
    return createTask(server.app.vigil, custId, httpTaskInput({ name: `Task ${String(taskCount)}`, ...overrides }));
  };
  let ruleCount = 0;
  const rule: AlertsWorld['rule'] = async (token, overrides = {}) => {
    ruleCount += 1;
    const answer = await call(token, '/alert/rule/create', ruleBody({ name: `Rule ${String(ruleCount)}`, ...overrides }));
    if (!answer.status) throw new Error(`rule create failed: ${answer.body}`);
    return answer.data;
  };
  return { server, mine, theirs, adminToken, call, task, rule, close: () => server.close() };
}

/** The field errors of a refusal, `field:code` each. */
export function fieldErrors(answer: Answer): string[] {
  return ((answer.data?.errors ?? []) as { field: string; code: number }[]).map((error) => `${error.field}:${String(error.code)}`);
}

/** A refusal with this code naming these fields. */
export function expectRefused(answer: Answer, code: number, fields: string[] = []): void {
  expect([answer.status, answer.code], answer.body).toEqual([false, code]);
  expect(fieldErrors(answer), answer.body).toEqual(fields);
}

/** An incident of the rule and task, as evaluation writes one (ended_at null while it goes on). */
export async function openIncident(world: AlertsWorld, custId: number, ruleId: number, taskId: number): Promise<number> {
  const now = world.server.clock.now();
  await world.server.db
    .insertInto('alert_states')
    .values({ rule_id: ruleId, task_id: taskId, cust_id: custId, streak: 3 })
    .onConflict((conflict) => conflict.columns(['rule_id', 'task_id']).doNothing())
    .execute();
  const row = await world.server.db
    .insertInto('alert_incidents')
    .values({ cust_id: custId, rule_id: ruleId, task_id: taskId, kind: 'latency', started_at: now, last_sent_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await world.server.db.updateTable('alert_states').set({ incident_id: row.id }).where('rule_id', '=', ruleId).where('task_id', '=', taskId).execute();
  return row.id;
}

export async function incidentEnd(world: AlertsWorld, id: number): Promise<number | null> {
  const row = await world.server.db.selectFrom('alert_incidents').select('ended_at').where('id', '=', id).executeTakeFirstOrThrow();
  return row.ended_at;
}

export async function stateCount(world: AlertsWorld, ruleId: number): Promise<number> {
  const rows = await world.server.db.selectFrom('alert_states').select('task_id').where('rule_id', '=', ruleId).execute();
  return rows.length;
}
