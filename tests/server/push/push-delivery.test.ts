import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishInboxEvent } from '../../../src/server/modules/inbox/publish.js';
import { VAPID_KEYS_FILE } from '../../../src/server/modules/push/vapid-keys.js';
import { addUser } from '../helpers.js';
import { createPushTestBed, inboxOf, pushesSettled, subscribe, type PushTestBed } from './push-helpers.js';
import { createSubscriber, verifyVapid } from './push-receiver.js';

let bed: PushTestBed;
let token: string;
let servedKey: string;

beforeAll(async () => {
  bed = await createPushTestBed();
  token = await bed.server.login();
  const key = await bed.server.call('/push/key', { token });
  servedKey = key.json().data.publicKey as string;
}, 60_000);
afterAll(() => bed.close());

const deployedEvent = (userId: number, custId: number) => ({
  custId,
  to: [userId],
  type: 'deploy',
  status: 2 as const,
  titleKey: 'push:events.deploy.completed.title',
  bodyKey: 'push:events.deploy.completed.body',
  params: { name: 'Shop', total: 3, failed: 0 },
});

describe('VAPID key', () => {
  it('is generated at the first start, kept in the database (no file in the data dir) and served to the console without its private half', async () => {
    expect(existsSync(join(bed.server.dir, VAPID_KEYS_FILE))).toBe(false);
    const row = await bed.server.db.selectFrom('server_secrets').select('value').where('name', '=', 'vapid_keys').executeTakeFirstOrThrow();
    const stored = JSON.parse(row.value) as { publicKey: string; privateKey: string };
    expect(servedKey).toBe(stored.publicKey);
    expect(servedKey).toMatch(/^B[\w-]{86}$/);
    expect(JSON.stringify((await bed.server.call('/push/key', { token })).json())).not.toContain(stored.privateKey);
  });

  it('stays the same after a restart, so subscribed devices keep working', async () => {
    await bed.server.restart();
    const again = await bed.server.call('/push/key', { token });
    expect(again.json().data.publicKey).toBe(servedKey);
  });

  it('needs a session', async () => {
    expect((await bed.server.call('/push/key')).statusCode).toBe(401);
  });
});

describe('a push of an inbox event', () => {
  it('reaches the subscribed device as RFC 8291 aes128gcm that decrypts to the item, with a valid VAPID token', async () => {
    const device = createSubscriber(bed.receiver.origin, 'device-en');
    await subscribe(bed.server, token, device, 'en');
    const before = bed.receiver.received.length;
    const [item] = await publishInboxEvent(bed.server.app.vigil, deployedEvent(bed.demoUserId, bed.server.custId));
    const push = (await bed.receiver.waitFor(before + 1))[before];
    if (!item || !push) throw new Error('no item or no push');

    expect(push.path).toBe(device.path);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers['content-type']).toBe('application/octet-stream');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    expect(push.headers.urgency).toBe('normal');
    expect(JSON.parse(device.decrypt(push.body))).toEqual({
      kind: 'inbox',
      sno: Number(item.sno),
      title: 'Deployed: Shop',
      body: 'All nodes of Shop now run the latest change (nodes: 3).',
      url: `/overview?inbox=${item.sno}`,
      tag: `inbox-${item.sno}`,
    });

    const vapid = verifyVapid(push.headers.authorization);
    const nowSeconds = bed.server.clock.now() / 1000;
    expect(vapid.header).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(vapid.publicKey).toBe(servedKey);
    expect(vapid.claims.aud).toBe(bed.receiver.origin);
    expect(vapid.claims.exp).toBeGreaterThan(nowSeconds);
    expect(vapid.claims.exp).toBeLessThanOrEqual(nowSeconds + 24 * 3600);
    expect(vapid.claims.sub).toMatch(/^(mailto:.+@.+|https:\/\/.+)$/);

    const inbox = await inboxOf(bed.server, token);
    expect(inbox.list.find((entry) => entry.sno === item.sno)).toMatchObject({
      type: 'deploy',
      status: 2,
      title: 'push:events.deploy.completed.title',
      titleParams: { name: 'Shop', total: 3, failed: 0 },
      read: false,
    });
  });

  it("is written in each device's own language", async () => {
    const phone = createSubscriber(bed.receiver.origin, 'device-zh-tw');
    const tablet = createSubscriber(bed.receiver.origin, 'device-zh-cn');
    await subscribe(bed.server, token, phone, 'zh-tw');
    await subscribe(bed.server, token, tablet, 'zh-cn');
    const before = bed.receiver.received.length;
    await publishInboxEvent(bed.server.app.vigil, deployedEvent(bed.demoUserId, bed.server.custId));
    // The English device of the previous test gets one too.
    const pushes = (await bed.receiver.waitFor(before + 3)).slice(before);
    const titleOf = (path: string, decrypt: (body: Buffer) => string) => {
      const push = pushes.find((entry) => entry.path === path);
      return push ? (JSON.parse(decrypt(push.body)) as { title: string; body: string }) : undefined;
    };
    expect(titleOf(phone.path, phone.decrypt)).toMatchObject({ title: '已部署：Shop', body: 'Shop 的所有節點已套用最新變更（節點數：3）。' });
    expect(titleOf(tablet.path, tablet.decrypt)).toMatchObject({ title: '已部署：Shop', body: 'Shop 的所有节点已应用最新变更（节点数：3）。' });
  });

  it("goes only to the event's recipients: another user's event reaches neither this user's inbox nor devices", async () => {
    const otherId = await addUser(bed.server, { account: 'pushother1' });
    const before = bed.receiver.received.length;
    const written = await publishInboxEvent(bed.server.app.vigil, deployedEvent(otherId, bed.server.custId));
    expect(written.map((entry) => entry.userId)).toEqual([otherId]);
    await pushesSettled(bed.server);
    expect(bed.receiver.received.length).toBe(before);
    const mine = await inboxOf(bed.server, token);
    expect(mine.list.map((entry) => entry.sno)).not.toContain(written[0]?.sno);
  });
});
