import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PushSender } from '../../../src/server/modules/push/sender.js';
import { InboxItem, InboxListAnswer } from '../../../src/shared/calls/inbox.js';
import { SEED, createTestServer, type TestServer } from '../helpers.js';
import { startPushReceiver, type PushReceiver, type TestSubscriber } from './push-receiver.js';

export interface PushTestBed {
  server: TestServer;
  receiver: PushReceiver;
  demoUserId: number;
  close: () => Promise<void>;
}

/** A real app whose push sender may reach the local receiver: private endpoints allowed, its CA trusted. */
export async function createPushTestBed(env: Record<string, string> = {}): Promise<PushTestBed> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-push-'));
  const receiver = await startPushReceiver(dir);
  const server = await createTestServer({
    VIGIL_PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
    VIGIL_PUSH_EXTRA_CA_FILE: receiver.caFile,
    ...env,
  });
  const demo = await server.db.selectFrom('users').select('id').where('account', '=', SEED.account).executeTakeFirstOrThrow();
  return {
    server,
    receiver,
    demoUserId: demo.id,
    close: async () => {
      await server.close();
      await receiver.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function subscribeBody(device: TestSubscriber, language = 'en') {
  return { endpoint: device.endpoint, keys: device.keys, language };
}

export async function subscribe(server: TestServer, token: string, device: TestSubscriber, language = 'en'): Promise<void> {
  const response = await server.call('/push/subscribe', { token, body: subscribeBody(device, language) });
  if (!response.json().status) throw new Error(`subscribe failed: ${response.body}`);
}

/** Waits until every push handed to the sender has been sent, retried or given up. */
export function pushesSettled(server: TestServer): Promise<void> {
  return (server.app.vigil.push as PushSender).settled();
}

export async function inboxOf(server: TestServer, token: string): Promise<InboxListAnswer> {
  const response = await server.call('/inbox/list', { token, body: { page: 1, pageSize: 100 } });
  return InboxListAnswer.parse(response.json().data);
}

/** One item with all its data: lists leave the failed rows out. */
export async function inboxItemOf(server: TestServer, token: string, sno: string): Promise<InboxItem> {
  const response = await server.call('/inbox/item', { token, body: { sno } });
  return InboxItem.parse(response.json().data);
}

export function subscriptionCount(server: TestServer, endpoint: string): Promise<number> {
  return server.db
    .selectFrom('push_subscriptions')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('endpoint', '=', endpoint)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}
