import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import { createAlertsWorld, expectRefused, incidentEnd, openIncident, stateCount, type AlertsWorld } from './alerts-helpers.js';

let world: AlertsWorld;
beforeEach(async () => {
  world = await createAlertsWorld();
});
afterEach(() => world.close());

const tasksOf = (ruleId: number, body: object = {}) => world.call(world.mine.token, '/alert/rule/tasks', { ruleId, ...body });
const add = (ruleId: number, taskIds: number[]) => world.call(world.mine.token, '/alert/rule/task_add', { ruleId, taskIds });
const remove = (ruleId: number, taskIds: number[]) => world.call(world.mine.token, '/alert/rule/task_remove', { ruleId, taskIds });
const ruleInfo = (id: number) => world.call(world.mine.token, `/alert/rule/info/${String(id)}`, undefined, 'GET');
const idsOf = (answer: { data: { list: { taskId: number }[] } }) => answer.data.list.map((row) => row.taskId);

async function ipGroup(custId: number): Promise<number> {
  const now = world.server.clock.now();
  const row = await world.server.db
    .insertInto('ip_groups')
    .values({ cust_id: custId, name: `Edge ${String(now)}`, ips: JSON.stringify(['192.0.2.10']), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("a rule's query list", () => {
  it('adds tasks of the rule\'s type, lists them by name, searches the others, and counts them', async () => {
    const rule = await world.rule(world.mine.token);
    const shop = await world.task(world.mine.custId, { name: 'Shop', domain: 'shop.example.com' });
    const api = await world.task(world.mine.custId, { name: 'Api', domain: 'api.example.com' });
    const blog = await world.task(world.mine.custId, { name: 'Blog', domain: 'blog.example.org' });
    await world.task(world.mine.custId, { type: MONITOR_TYPES.ICMP, name: 'Gateway', domain: '192.0.2.1' });

    expect((await add(rule.id, [shop.id, api.id])).data).toEqual({ changed: 2, taskCount: 2 });
    const inRule = await tasksOf(rule.id);
    expect(inRule.data).toEqual({
      list: [
        { taskId: api.id, name: 'Api', domain: 'api.example.com', monitorType: 3, inRule: true, refusal: null, firing: false },
        { taskId: shop.id, name: 'Shop', domain: 'shop.example.com', monitorType: 3, inRule: true, refusal: null, firing: false },
      ],
      total: 2,
    });
    const search = await tasksOf(rule.id, { search: true });
    expect(search.data.list.map((row: { name: string; inRule: boolean }) => [row.name, row.inRule])).toEqual([
      ['Api', true],
      ['Blog', false],
      ['Shop', true],
    ]);
    expect(idsOf(await tasksOf(rule.id, { search: true, keyword: 'example.org' }))).toEqual([blog.id]);
    expect(idsOf(await tasksOf(rule.id, { keyword: 'sho' }))).toEqual([shop.id]);
    expect((await tasksOf(rule.id, { search: true, page: 2, pageSize: 10 })).data).toEqual({ list: [], total: 3 });
    expect((await ruleInfo(rule.id)).data.taskCount).toBe(2);
  });

  it('passes over tasks already in the list, and removes only those in it', async () => {
    const rule = await world.rule(world.mine.token);
    const [first, second] = [await world.task(world.mine.custId), await world.task(world.mine.custId)];
    await add(rule.id, [first.id]);
    expect((await add(rule.id, [first.id, second.id, second.id])).data).toEqual({ changed: 1, taskCount: 2 });
    expect((await remove(rule.id, [first.id, 987_654])).data).toEqual({ changed: 1, taskCount: 1 });
    expect((await remove(rule.id, [first.id])).data).toEqual({ changed: 0, taskCount: 1 });
    expect(idsOf(await tasksOf(rule.id))).toEqual([second.id]);
  });

  it('answers 2604 for a task that is unknown, deleted, another customer\'s or of another type, adding none', async () => {
    const rule = await world.rule(world.mine.token);
    const good = await world.task(world.mine.custId);
    const icmp = await world.task(world.mine.custId, { type: MONITOR_TYPES.ICMP, domain: '192.0.2.1' });
    const theirs = await world.task(world.theirs.custId);
    const deleted = await world.task(world.mine.custId);
    world.server.clock.advanceSeconds(world.server.config.deployDeadlineSeconds + 1);
    expect((await world.call(world.mine.token, '/domain/delete', { ids: [deleted.id] })).status).toBe(true);
    for (const bad of [987_654, deleted.id, theirs.id, icmp.id]) {
      const refused = await add(rule.id, [good.id, bad]);
      expectRefused(refused, 2604, ['taskIds.1:10010003']);
      expect(refused.data.errors[0].params).toEqual({ taskId: bad });
    }
    // Another customer's task reads exactly like one that does not exist.
    const withoutId = (body: string) => body.replace(/"taskId":\d+/, '"taskId":ID');
    expect(withoutId((await add(rule.id, [theirs.id])).body)).toBe(withoutId((await add(rule.id, [987_654])).body));
    expect((await tasksOf(rule.id)).data.total).toBe(0);
  });

  it('answers 2605 when an IP-not-matched rule gets a task with no matching IPs and no matched-IP group', async () => {
    const rule = await world.rule(world.mine.token, { mode: 4 });
    const withIps = await world.task(world.mine.custId, { matchingIps: ['192.0.2.10'] });
    const withGroup = await world.task(world.mine.custId, { matchedIpGroupId: await ipGroup(world.mine.custId) });
    const bare = await world.task(world.mine.custId);
    expectRefused(await add(rule.id, [withIps.id, withGroup.id, bare.id]), 2605, ['taskIds.2:10010003']);
    expect((await tasksOf(rule.id)).data.total).toBe(0);
    expect((await add(rule.id, [withIps.id, withGroup.id])).data).toEqual({ changed: 2, taskCount: 2 });
    const search = await tasksOf(rule.id, { search: true });
    expect(search.data.list.map((row: { taskId: number; refusal: number | null }) => [row.taskId, row.refusal])).toEqual([
      [withIps.id, null],
      [withGroup.id, null],
      [bare.id, 2605],
    ]);
    // A latency rule takes the same task.
    const latency = await world.rule(world.mine.token);
    expect((await add(latency.id, [bare.id])).data.changed).toBe(1);
  });

  it('answers 2606 for an unknown rule on every call of the list', async () => {
    const task = await world.task(world.mine.custId);
    expectRefused(await tasksOf(987_654), 2606);
    expectRefused(await add(987_654, [task.id]), 2606);
    expectRefused(await remove(987_654, [task.id]), 2606);
  });

  it('forgets a deleted task: gone from every rule\'s list and count, its incidents ended quietly', async () => {
    const [latency, availability] = [await world.rule(world.mine.token), await world.rule(world.mine.token, { mode: 2, threshold: 0.5, sensitivity: 2 })];
    const [kept, gone] = [await world.task(world.mine.custId), await world.task(world.mine.custId)];
    await add(latency.id, [kept.id, gone.id]);
    await add(availability.id, [gone.id]);
    const incident = await openIncident(world, world.mine.custId, latency.id, gone.id);
    world.server.clock.advanceSeconds(world.server.config.deployDeadlineSeconds + 1);
    expect((await world.call(world.mine.token, '/domain/delete', { ids: [gone.id] })).status).toBe(true);
    expect(idsOf(await tasksOf(latency.id))).toEqual([kept.id]);
    expect((await ruleInfo(latency.id)).data).toMatchObject({ taskCount: 1, firing: false });
    expect((await ruleInfo(availability.id)).data.taskCount).toBe(0);
    expect(await incidentEnd(world, incident)).toBe(world.server.clock.now());
    expect(await stateCount(world, latency.id)).toBe(0);
    const rows = await world.server.db.selectFrom('alert_rule_tasks').select('task_id').execute();
    expect(rows.map((row) => row.task_id)).toEqual([kept.id]);
  });
});

describe('firing and quiet ends', () => {
  it('shows an incident going on on the rule and its task; removing the task ends it quietly', async () => {
    const rule = await world.rule(world.mine.token);
    const [calm, burning] = [await world.task(world.mine.custId), await world.task(world.mine.custId)];
    await add(rule.id, [calm.id, burning.id]);
    const incident = await openIncident(world, world.mine.custId, rule.id, burning.id);
    expect((await ruleInfo(rule.id)).data.firing).toBe(true);
    const rows = (await tasksOf(rule.id)).data.list as { taskId: number; firing: boolean }[];
    expect(rows.map((row) => [row.taskId, row.firing])).toEqual([
      [calm.id, false],
      [burning.id, true],
    ]);
    world.server.clock.advanceSeconds(30);
    await remove(rule.id, [burning.id]);
    expect(await incidentEnd(world, incident)).toBe(world.server.clock.now());
    expect(await stateCount(world, rule.id)).toBe(0);
    expect((await ruleInfo(rule.id)).data.firing).toBe(false);
    // Quietly: nothing was written to the log.
    expect(await world.server.db.selectFrom('alert_log').selectAll().execute()).toEqual([]);
  });

  it('turning a rule off ends its incidents quietly; on again keeps them ended', async () => {
    const [rule, other] = [await world.rule(world.mine.token), await world.rule(world.mine.token)];
    const task = await world.task(world.mine.custId);
    await add(rule.id, [task.id]);
    await add(other.id, [task.id]);
    const incident = await openIncident(world, world.mine.custId, rule.id, task.id);
    const untouched = await openIncident(world, world.mine.custId, other.id, task.id);
    const off = await world.call(world.mine.token, '/alert/rule/enable', { ids: [rule.id], enable: 2 });
    expect(off.data).toEqual({ changed: 1 });
    expect(await incidentEnd(world, incident)).toBe(world.server.clock.now());
    expect(await incidentEnd(world, untouched)).toBeNull();
    expect((await ruleInfo(rule.id)).data).toMatchObject({ enable: 2, firing: false });
    expect((await world.call(world.mine.token, '/alert/rule/enable', { ids: [rule.id, other.id], enable: 1 })).data).toEqual({ changed: 1 });
    expect((await ruleInfo(rule.id)).data.enable).toBe(1);
    expect(await incidentEnd(world, incident)).not.toBeNull();
  });

  it('an update that turns the rule off or changes its mode ends its incidents quietly; a new threshold does not', async () => {
    const rule = await world.rule(world.mine.token, { name: 'Slow' });
    const task = await world.task(world.mine.custId);
    await add(rule.id, [task.id]);
    const body = { id: rule.id, name: 'Slow', monitorType: 3, mode: 1, condition: 'gt', sensitivity: 3, threshold: 800, cooldownMinutes: 10, enable: 1 };
    const first = await openIncident(world, world.mine.custId, rule.id, task.id);
    await world.call(world.mine.token, '/alert/rule/update', { ...body, threshold: 1200 });
    expect(await incidentEnd(world, first)).toBeNull();
    await world.call(world.mine.token, '/alert/rule/update', { ...body, mode: 2, threshold: 0.5 });
    expect(await incidentEnd(world, first)).not.toBeNull();
    const second = await openIncident(world, world.mine.custId, rule.id, task.id);
    await world.call(world.mine.token, '/alert/rule/update', { ...body, mode: 2, threshold: 0.5, enable: 2 });
    expect(await incidentEnd(world, second)).not.toBeNull();
  });

  it('deletes rules all or none (2606), ending their incidents and keeping their log', async () => {
    const [rule, other] = [await world.rule(world.mine.token), await world.rule(world.mine.token)];
    const task = await world.task(world.mine.custId);
    await add(rule.id, [task.id]);
    const incident = await openIncident(world, world.mine.custId, rule.id, task.id);
    await world.server.db
      .insertInto('alert_log')
      .values({ cust_id: world.mine.custId, rule_id: rule.id, rule_name: 'Rule 1', task_id: task.id, task_name: task.name, event: 'fire', content: '[]', created_at: world.server.clock.now() })
      .execute();
    expectRefused(await world.call(world.mine.token, '/alert/rule/delete', { ids: [rule.id, 987_654] }), 2606);
    expect((await ruleInfo(rule.id)).status).toBe(true);
    expect((await world.call(world.mine.token, '/alert/rule/delete', { ids: [rule.id, other.id, rule.id] })).data).toEqual({ changed: 2 });
    expectRefused(await ruleInfo(rule.id), 2606);
    expect(await incidentEnd(world, incident)).not.toBeNull();
    expect(await world.server.db.selectFrom('alert_rule_tasks').selectAll().execute()).toEqual([]);
    expect(await stateCount(world, rule.id)).toBe(0);
    expect((await world.call(world.mine.token, '/alert/log/list', { ruleId: rule.id })).data.total).toBe(1);
    expectRefused(await world.call(world.mine.token, '/alert/rule/enable', { ids: [rule.id], enable: 1 }), 2606);
  });
});
