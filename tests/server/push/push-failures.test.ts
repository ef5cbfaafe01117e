import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishInboxEvent } from '../../../src/server/modules/inbox/publish.js';
import { createPushTestBed, pushesSettled, subscribe, subscriptionCount, type PushTestBed } from './push-helpers.js';
import { createSubscriber, type TestSubscriber } from './push-receiver.js';

let bed: PushTestBed;
let token: string;

beforeAll(async () => {
  bed = await createPushTestBed();
  token = await bed.server.login();
}, 60_000);
afterAll(() => bed.close());

async function pushToDemo(): Promise<void> {
  await publishInboxEvent(bed.server.app.vigil, {
    custId: bed.server.custId,
    to: [bed.demoUserId],
    type: 'deploy',
    titleKey: 'push:events.deploy.completed.title',
    bodyKey: 'push:events.deploy.completed.body',
    params: { name: 'Shop', total: 1, failed: 0 },
  });
  await pushesSettled(bed.server);
}

const arrivalsAt = (device: TestSubscriber) => bed.receiver.received.filter((push) => push.path === device.path).length;

async function onlyDevice(name: string, status: number, headers?: Record<string, string>): Promise<TestSubscriber> {
  await bed.server.db.deleteFrom('push_subscriptions').execute();
  const device = createSubscriber(bed.receiver.origin, name);
  bed.receiver.answer(device.path, status, headers);
  await subscribe(bed.server, token, device);
  return device;
}

describe('push service answers', () => {
  it.each([404, 410])('%i: the subscription is gone and removed, and later events do not try it again', async (status) => {
    const device = await onlyDevice(`gone-${status}`, status);
    await pushToDemo();
    expect(arrivalsAt(device)).toBe(1);
    expect(await subscriptionCount(bed.server, device.endpoint)).toBe(0);
    await pushToDemo();
    expect(arrivalsAt(device)).toBe(1);
  });

  it('503: tried once more after the Retry-After wait, then left for next time (the subscription stays)', async () => {
    const device = await onlyDevice('busy', 503, { 'Retry-After': '0' });
    await pushToDemo();
    expect(arrivalsAt(device)).toBe(2);
    expect(await subscriptionCount(bed.server, device.endpoint)).toBe(1);
  });

  it('400: not retried, the subscription stays', async () => {
    const device = await onlyDevice('refused', 400);
    await pushToDemo();
    expect(arrivalsAt(device)).toBe(1);
    expect(await subscriptionCount(bed.server, device.endpoint)).toBe(1);
  });

  it('a push service that cannot be reached never fails the producer', async () => {
    await bed.server.db.deleteFrom('push_subscriptions').execute();
    const closedPort = createSubscriber('https://127.0.0.1:1', 'unreachable');
    await subscribe(bed.server, token, closedPort);
    const written = await publishInboxEvent(bed.server.app.vigil, {
      custId: bed.server.custId,
      to: [bed.demoUserId],
      type: 'deploy',
      titleKey: 'push:events.deploy.completed.title',
      bodyKey: 'push:events.deploy.completed.body',
    });
    expect(written).toHaveLength(1);
    // The row was written without waiting for the push service, which is still being retried.
    let settled = false;
    void pushesSettled(bed.server).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    expect(await subscriptionCount(bed.server, closedPort.endpoint)).toBe(1);
  });
});
