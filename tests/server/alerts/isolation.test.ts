import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL_TASKS_PRIVILEGE } from '../../../src/shared/roles.js';
import { addUser, expectNoInternals } from '../helpers.js';
import { createAlertsWorld, openIncident, ruleBody, type AlertsWorld } from './alerts-helpers.js';

// A second customer tries every alert call on the first customer's rules, tasks and log: each
// answers as if they did not exist and changes nothing. An administrator viewing the first
// customer reads everything and changes nothing (2007).

let world: AlertsWorld;
let myRule: number;
let myTask: number;
let myLog: number;
let theirRule: number;
let theirTask: number;

beforeAll(async () => {
  world = await createAlertsWorld();
  myRule = (await world.rule(world.mine.token, { name: 'Private rule' })).id;
  myTask = (await world.task(world.mine.custId, { name: 'Private task' })).id;
  await world.call(world.mine.token, '/alert/rule/task_add', { ruleId: myRule, taskIds: [myTask] });
  await openIncident(world, world.mine.custId, myRule, myTask);
  await world.call(world.mine.token, '/alert/setting/save', { language: 'en', chats: [{ chatId: '111' }] });
  const log = await world.server.db
    .insertInto('alert_log')
    .values({ cust_id: world.mine.custId, rule_id: myRule, rule_name: 'Private rule', task_id: myTask, task_name: 'Private task', event: 'fire', content: '[]', created_at: world.server.clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  myLog = log.id;
  theirRule = (await world.rule(world.theirs.token, { name: 'Their rule' })).id;
  theirTask = (await world.task(world.theirs.custId, { name: 'Their task' })).id;
}, 60_000);
afterAll(() => world.close());

/** Every alert table's rows, hashed. */
async function fingerprint(): Promise<string> {
  const hash = createHash('sha256');
  for (const table of ['alert_rules', 'alert_rule_tasks', 'alert_settings', 'alert_chats', 'alert_states', 'alert_incidents', 'alert_log', 'alert_outbox']) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(world.server.db);
    hash.update(`${table}\n${rows.rows.map((row) => JSON.stringify(row)).join('\n')}`);
  }
  return hash.digest('hex');
}

type Attempt = [path: string, body: (id: number) => unknown, method?: 'GET' | 'POST'];

const fields = ruleBody({ name: 'Taken over' });
const ruleAttempts: Attempt[] = [
  ['/alert/rule/info/{id}', () => undefined, 'GET'],
  ['/alert/rule/update', (id) => ({ ...fields, id })],
  ['/alert/rule/delete', (id) => ({ ids: [id] })],
  ['/alert/rule/delete', (id) => ({ ids: [theirRule, id] })],
  ['/alert/rule/enable', (id) => ({ ids: [id], enable: 2 })],
  ['/alert/rule/enable', (id) => ({ ids: [theirRule, id], enable: 2 })],
  ['/alert/rule/tasks', (id) => ({ ruleId: id })],
  ['/alert/rule/tasks', (id) => ({ ruleId: id, search: true })],
  ['/alert/rule/task_add', (id) => ({ ruleId: id, taskIds: [theirTask] })],
  ['/alert/rule/task_remove', (id) => ({ ruleId: id, taskIds: [myTask] })],
];

const send = (token: string, [path, body, method = 'POST']: Attempt, id: number) =>
  world.call(token, path.replace('{id}', String(id)), body(id), method);

describe("another customer's alert data", () => {
  it('rule ids answer 2606 exactly like ids that do not exist, and change nothing', async () => {
    const before = await fingerprint();
    for (const attempt of ruleAttempts) {
      const foreign = await send(world.theirs.token, attempt, myRule);
      const missing = await send(world.theirs.token, attempt, 987_654);
      expect([foreign.statusCode, foreign.code, foreign.data], attempt[0]).toEqual([404, 2606, null]);
      expect(foreign.body).toBe(missing.body);
      expectNoInternals(foreign.body);
    }
    expect(await fingerprint()).toBe(before);
  });

  it('tasks cannot join their rules (2604), and their rules list none of mine', async () => {
    const before = await fingerprint();
    const add = await world.call(world.theirs.token, '/alert/rule/task_add', { ruleId: theirRule, taskIds: [myTask] });
    expect(add.code).toBe(2604);
    const search = await world.call(world.theirs.token, '/alert/rule/tasks', { ruleId: theirRule, search: true });
    expect(search.data.list.map((row: { taskId: number }) => row.taskId)).toEqual([theirTask]);
    const remove = await world.call(world.theirs.token, '/alert/rule/task_remove', { ruleId: theirRule, taskIds: [myTask] });
    expect(remove.data).toEqual({ changed: 0, taskCount: 0 });
    expect(await fingerprint()).toBe(before);
    expect((await world.call(world.mine.token, '/alert/rule/tasks', { ruleId: myRule })).data.total).toBe(1);
  });

  it('rule lists, settings and the log show only their own', async () => {
    const rules = await world.call(world.theirs.token, '/alert/rule/list', { monitorType: 3 });
    expect(rules.data.list.map((rule: { id: number }) => rule.id)).toEqual([theirRule]);
    expect(rules.data.list[0]).toMatchObject({ taskCount: 0, firing: false });
    const settings = await world.call(world.theirs.token, '/alert/setting/info', undefined, 'GET');
    expect(settings.data.chats).toEqual([]);
    const log = await world.call(world.theirs.token, '/alert/log/list', {});
    expect(log.data).toEqual({ list: [], total: 0 });
    expect((await world.call(world.theirs.token, '/alert/log/list', { ruleId: myRule })).data.total).toBe(0);
    const entry = await world.call(world.theirs.token, `/alert/log/info/${String(myLog)}`, undefined, 'GET');
    expect([entry.statusCode, entry.code]).toEqual([404, 2608]);
    expect(entry.body).toBe((await world.call(world.theirs.token, '/alert/log/info/987654', undefined, 'GET')).body);
  });

  it('their saves and creates never touch mine', async () => {
    await world.call(world.theirs.token, '/alert/setting/save', { language: 'zh-cn', chats: [{ chatId: '111' }, { chatId: '222' }] });
    expect((await world.call(world.theirs.token, '/alert/rule/create', ruleBody({ name: 'Private rule' }))).status).toBe(true);
    const mine = await world.call(world.mine.token, '/alert/setting/info', undefined, 'GET');
    expect(mine.data.language).toBe('en');
    expect(mine.data.chats.map((chat: { chatId: string }) => chat.chatId)).toEqual(['111']);
    expect((await world.call(world.mine.token, '/alert/rule/list', { monitorType: 3 })).data.total).toBe(1);
  });
});

describe('an administrator viewing the customer', () => {
  it('reads every alert call', async () => {
    const token = world.adminToken;
    expect((await world.call(token, '/alert/rule/list', { monitorType: 3 })).data.total).toBe(1);
    expect((await world.call(token, `/alert/rule/info/${String(myRule)}`, undefined, 'GET')).data.firing).toBe(true);
    expect((await world.call(token, '/alert/rule/tasks', { ruleId: myRule })).data.total).toBe(1);
    expect((await world.call(token, '/alert/setting/info', undefined, 'GET')).data.language).toBe('en');
    expect((await world.call(token, '/alert/log/list', {})).data.total).toBe(1);
    expect((await world.call(token, `/alert/log/info/${String(myLog)}`, undefined, 'GET')).status).toBe(true);
  });

  it('is refused every change with 2007, and nothing changes', async () => {
    const before = await fingerprint();
    const changes: [string, unknown][] = [
      ['/alert/rule/create', ruleBody({ name: 'By admin' })],
      ['/alert/rule/update', { ...fields, id: myRule }],
      ['/alert/rule/delete', { ids: [myRule] }],
      ['/alert/rule/enable', { ids: [myRule], enable: 2 }],
      ['/alert/rule/task_add', { ruleId: myRule, taskIds: [myTask] }],
      ['/alert/rule/task_remove', { ruleId: myRule, taskIds: [myTask] }],
      ['/alert/setting/save', { language: 'zh-cn', chats: [] }],
    ];
    for (const [path, body] of changes) {
      const answer = await world.call(world.adminToken, path, body);
      expect([answer.statusCode, answer.code], path).toEqual([403, 2007]);
    }
    expect(await fingerprint()).toBe(before);
  });
});

describe('privileges of the alert area', () => {
  it('a view-only user reads but cannot change (403); a user without the area cannot read', async () => {
    await addUser(world.server, { account: 'viewer01', tasksPrivilege: { ...FULL_TASKS_PRIVILEGE, alert: 'view' } });
    await addUser(world.server, { account: 'noalert01', tasksPrivilege: { ...FULL_TASKS_PRIVILEGE, alert: 'none' } });
    const viewer = await world.server.login('viewer01');
    const outsider = await world.server.login('noalert01');
    expect((await world.call(viewer, '/alert/rule/list', { monitorType: 3 })).data.total).toBe(1);
    expect((await world.call(viewer, '/alert/rule/create', ruleBody({ name: 'By viewer' }))).statusCode).toBe(403);
    expect((await world.call(viewer, '/alert/setting/save', { language: 'en', chats: [] })).statusCode).toBe(403);
    expect((await world.call(outsider, '/alert/rule/list', { monitorType: 3 })).statusCode).toBe(403);
    expect((await world.call(outsider, '/alert/log/list', {})).statusCode).toBe(403);
  });
});
