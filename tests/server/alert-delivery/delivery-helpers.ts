import { AlertSender, alertSender } from '../../../src/server/modules/alert-delivery/sender.js';
import { BotApiPeer } from '../../support/bot-api-peer.js';
import { createTestServer, type TestServer } from '../helpers.js';

export const BOT_TOKEN = '4242424242:test-token-ABCDEFGHIJKLMNOPQRSTUV';

export interface DeliveryHarness {
  server: TestServer;
  peer: BotApiPeer;
  sender: () => AlertSender;
  close: () => Promise<void>;
}

/** A test server whose bot token and Bot API base point at a local peer sharing the server's clock. */
export async function createDeliveryHarness(env: Record<string, string> = {}): Promise<DeliveryHarness> {
  const clock: { now?: () => number } = {};
  const peer = await BotApiPeer.start({ token: BOT_TOKEN, now: () => (clock.now ?? Date.now)() });
  const server = await createTestServer({
    VIGIL_TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    VIGIL_TELEGRAM_API_BASE: peer.url,
    VIGIL_TELEGRAM_TIMEOUT_MS: '10000',
    ...env,
  });
  clock.now = server.clock.now;
  const sender = () => {
    const found = alertSender(server.app.vigil);
    if (!found) throw new Error('the app has no alert sender');
    return found;
  };
  return {
    server,
    peer,
    sender,
    close: async () => {
      await server.close();
      await peer.close();
    },
  };
}

export async function saveChat(server: TestServer, chatId: string, options: { custId?: number; language?: string | null } = {}): Promise<void> {
  await server.db
    .insertInto('alert_chats')
    .values({ cust_id: options.custId ?? server.custId, chat_id: chatId, language: options.language ?? null, created_at: server.clock.now() })
    .execute();
}

/** Pending outbox messages with these texts, in this order (as writeAlertLog leaves them), without waking the sender. */
export async function queueTexts(server: TestServer, chatId: string, texts: string[], custId = server.custId): Promise<number[]> {
  const now = server.clock.now();
  const ids: number[] = [];
  for (const text of texts) {
    const log = await server.db
      .insertInto('alert_log')
      .values({ cust_id: custId, rule_id: null, rule_name: null, task_id: null, task_name: null, incident_id: null, event: 'test', content: '[]', verdict: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await server.db
      .insertInto('alert_outbox')
      .values({ cust_id: custId, log_id: log.id, chat_id: chatId, language: 'en', text, state: 'pending', next_attempt_at: now, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/**
 * Runs the sender on the simulated clock: a pass, every request answered and recorded, then the
 * clock moves `stepMs` and the sender is woken, until `done` holds (or `maxMs` of simulated time).
 */
export async function drive(harness: DeliveryHarness, done: () => boolean | Promise<boolean>, stepMs = 1000, maxMs = 3_600_000): Promise<void> {
  const sender = harness.sender();
  sender.wake();
  for (let elapsed = 0; elapsed <= maxMs; elapsed += stepMs) {
    await sender.idle();
    if (await done()) return;
    harness.server.clock.advanceSeconds(stepMs / 1000);
    sender.wake();
  }
  throw new Error(`not done after ${maxMs} ms of simulated time`);
}

export async function outboxStates(server: TestServer): Promise<string[]> {
  const rows = await server.db.selectFrom('alert_outbox').select('state').orderBy('id').execute();
  return rows.map((row) => row.state);
}

export async function chatDelivery(server: TestServer, chatId: string, custId = server.custId): Promise<{ delivery: string; delivery_changed_at: number | null }> {
  return server.db
    .selectFrom('alert_chats')
    .select(['delivery', 'delivery_changed_at'])
    .where('cust_id', '=', custId)
    .where('chat_id', '=', chatId)
    .executeTakeFirstOrThrow();
}
