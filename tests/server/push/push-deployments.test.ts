import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceDeploymentOutcomes } from '../../../src/server/modules/inbox/deploy-notices.js';
import type { InboxItem } from '../../../src/shared/calls/inbox.js';
import { createTaskOn, startAgent, type TestAgent } from '../agent-helpers.js';
import { SEED, addUser } from '../helpers.js';
import { createPushTestBed, inboxItemOf, inboxOf, pushesSettled, subscribe, type PushTestBed } from './push-helpers.js';
import { createSubscriber, type TestSubscriber } from './push-receiver.js';

let bed: PushTestBed;
let token: string;
let tokyo: TestAgent;
let seoul: TestAgent;
let phone: TestSubscriber;

beforeAll(async () => {
  bed = await createPushTestBed();
  token = await bed.server.login();
  tokyo = await startAgent(bed.server, 'jp-tokyo');
  seoul = await startAgent(bed.server, 'kr-seoul');
  phone = createSubscriber(bed.receiver.origin, 'phone-zh-cn');
  await subscribe(bed.server, token, phone, 'zh-cn');
}, 60_000);
afterAll(() => bed.close());

const ack = (agent: TestAgent, tasks: { id: number; version: number }[]) =>
  agent.call('/agent/ack', { acks: tasks.map((task) => ({ taskId: task.id, taskVersion: task.version })) });

async function newItems(since: readonly InboxItem[]): Promise<InboxItem[]> {
  const seen = new Set(since.map((item) => item.sno));
  return (await inboxOf(bed.server, token)).list.filter((item) => !seen.has(item.sno));
}

function pushesSince(count: number) {
  return bed.receiver.received.slice(count).map((push) => JSON.parse(phone.decrypt(push.body)) as { sno: number; title: string; body: string });
}

describe('deployment outcomes in the inbox and on devices', () => {
  it('a deployment completing on its last node makes one inbox item and one push in the device language', async () => {
    const before = (await inboxOf(bed.server, token)).list;
    const pushedBefore = bed.receiver.received.length;
    const task = await createTaskOn(bed.server, [tokyo.nodeId, seoul.nodeId], { name: 'Shop A' });
    expect((await ack(tokyo, [task])).json.data).toEqual({ completed: 1 });
    expect(await newItems(before)).toEqual([]);

    expect((await ack(seoul, [task])).json.data).toEqual({ completed: 1 });
    const [item, ...more] = await newItems(before);
    expect(more).toEqual([]);
    expect(item).toMatchObject({
      type: 'deploy',
      status: 2,
      title: 'push:events.deploy.completed.title',
      titleParams: { name: 'Shop A', taskId: task.id, total: 2, failed: 0 },
      data: { total: 2, success: 2, fail: 0, percent: 100, action: 'deploy' },
      read: false,
    });
    await bed.receiver.waitFor(pushedBefore + 1);
    await pushesSettled(bed.server);
    expect(pushesSince(pushedBefore)).toEqual([
      expect.objectContaining({ sno: Number(item?.sno), title: '已部署：Shop A', body: 'Shop A 的所有节点已应用最新变更（节点数：2）。' }),
    ]);
    expect(bed.receiver.received[pushedBefore]?.headers.urgency).toBe('normal');
  });

  it('a node missing its deadline makes an "error nodes" item and an urgent push, told once', async () => {
    const before = (await inboxOf(bed.server, token)).list;
    const pushedBefore = bed.receiver.received.length;
    const task = await createTaskOn(bed.server, [tokyo.nodeId, seoul.nodeId], { name: 'Shop B', domain: 'b.example.com' });
    await ack(tokyo, [task]);
    bed.server.clock.advanceSeconds(bed.server.config.deployDeadlineSeconds + 1);
    // What the server's periodic sweep runs: nobody calls when a deadline passes.
    await announceDeploymentOutcomes(bed.server.app.vigil, bed.server.clock.now() - 600_000);
    await announceDeploymentOutcomes(bed.server.app.vigil, bed.server.clock.now() - 600_000);
    const items = await newItems(before);
    expect(items).toHaveLength(1);
    expect(items[0]?.data.faildata).toBeUndefined();
    expect(await inboxItemOf(bed.server, token, items[0]?.sno ?? '')).toMatchObject({
      title: 'push:events.deploy.errorNodes.title',
      titleParams: { name: 'Shop B', total: 2, failed: 1 },
      data: { total: 2, success: 1, fail: 1, faildata: [{ taskId: task.id, nodeId: seoul.nodeId, errorCode: 2505, message: 'ack_timeout' }] },
    });
    await bed.receiver.waitFor(pushedBefore + 1);
    await pushesSettled(bed.server);
    expect(pushesSince(pushedBefore)).toEqual([expect.objectContaining({ title: '部署有错误节点：Shop B' })]);
    expect(bed.receiver.received[pushedBefore]?.headers.urgency).toBe('high');
  });

  it('many tasks ending together make one summary, not a message per task', async () => {
    const before = (await inboxOf(bed.server, token)).list;
    const tasks = [];
    for (let index = 0; index < 5; index += 1) {
      tasks.push(await createTaskOn(bed.server, [tokyo.nodeId], { name: `Bulk ${index}`, domain: `bulk${index}.example.com` }));
    }
    await ack(tokyo, tasks);
    const items = await newItems(before);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ title: 'push:events.deploy.manyCompleted.title', titleParams: { count: 5, failed: 0 }, data: { total: 5, success: 5 } });
  });

  it('reaches the users who see monitor tasks, not those whose privilege hides them', async () => {
    await addUser(bed.server, { account: 'pushviewer1', tasksPrivilege: { overview: 'view', monitor: 'view', alert: 'none', nodes: 'none' } });
    await addUser(bed.server, { account: 'pushblind1', tasksPrivilege: { overview: 'view', monitor: 'none', alert: 'none', nodes: 'none' } });
    const viewer = await bed.server.login('pushviewer1', SEED.password);
    const blind = await bed.server.login('pushblind1', SEED.password);
    const task = await createTaskOn(bed.server, [tokyo.nodeId], { name: 'Shop C', domain: 'c.example.com' });
    await ack(tokyo, [task]);
    const titlesOf = async (userToken: string) => (await inboxOf(bed.server, userToken)).list.map((item) => item.titleParams.name);
    expect(await titlesOf(viewer)).toContain('Shop C');
    expect(await titlesOf(blind)).toEqual([]);
  });
});
