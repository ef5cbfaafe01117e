import { afterEach, describe, expect, it, vi } from 'vitest';
import { DELIVERY_ERRORS } from '../../../src/shared/alerts/delivery-errors.js';
import { writeAlertLog } from '../../../src/server/modules/alert-delivery/log-writer.js';
import type { PeerFault } from '../../support/bot-api-peer.js';
import { chatDelivery, createDeliveryHarness, drive, outboxStates, queueTexts, saveChat, type DeliveryHarness } from './delivery-helpers.js';

/** Hundreds of simulated steps each: generous on a busy machine (nothing here is timed). */
vi.setConfig({ testTimeout: 120_000 });

let harness: DeliveryHarness;
afterEach(async () => {
  await harness.close();
});

const OUTAGE_MS = 10 * 60_000;
const settled = async () => (await outboxStates(harness.server)).every((state) => state !== 'pending');

/** Ten simulated minutes of the fault for every chat, messages queued before and during it. */
async function outageThenRecovery(fault: PeerFault): Promise<void> {
  const { server, peer } = harness;
  const chats = ['-100200', '-100201', '300'];
  for (const chatId of chats) await saveChat(server, chatId);
  const start = server.clock.now();
  peer.addFault({ ...fault, until: start + OUTAGE_MS });
  for (const chatId of chats) await queueTexts(server, chatId, [`${chatId} a`, `${chatId} b`]);
  await drive(harness, () => server.clock.now() >= start + OUTAGE_MS / 2, 5000);
  expect(peer.messages).toEqual([]);
  for (const chatId of chats) expect((await chatDelivery(server, chatId)).delivery).toBe('failing');
  for (const chatId of chats) await queueTexts(server, chatId, [`${chatId} c`]);
  await drive(harness, settled, 5000);

  expect(await outboxStates(server)).toEqual(Array(9).fill('sent'));
  for (const chatId of chats) {
    expect(peer.messagesTo(chatId).map((message) => message.text)).toEqual([`${chatId} a`, `${chatId} b`, `${chatId} c`]);
    expect((await chatDelivery(server, chatId)).delivery).toBe('ok');
  }
  expect(peer.messages.every((message) => message.at >= start + OUTAGE_MS)).toBe(true);
}

describe('alert delivery when the Bot API fails', () => {
  it('delivers every message once, in order per chat, after ten minutes of 502', async () => {
    harness = await createDeliveryHarness();
    await outageThenRecovery({ kind: 'status', status: 502 });
    const tries = harness.peer.requests.filter((request) => request.method === 'sendMessage').length;
    // Backed off: a try every 5 s would be 3 chats × 120.
    expect(tries).toBeLessThan(60);
  });

  it('delivers every message once, in order per chat, after ten minutes of requests timing out', async () => {
    harness = await createDeliveryHarness({ VIGIL_TELEGRAM_TIMEOUT_MS: '500' });
    await outageThenRecovery({ kind: 'hang' });
    const rows = await harness.server.db.selectFrom('alert_outbox').select(['attempts', 'last_error']).where('text', 'like', '% a').execute();
    for (const row of rows) expect(row).toMatchObject({ last_error: DELIVERY_ERRORS.timeout });
    expect(rows.every((row) => row.attempts > 3)).toBe(true);
  });

  it('gives a message up as failed after 24 hours of failures, and the chat then gets its next one', async () => {
    harness = await createDeliveryHarness();
    const { server, peer } = harness;
    await saveChat(server, '55');
    const start = server.clock.now();
    peer.addFault({ kind: 'status', status: 500, until: start + 24 * 3_600_000 + 30 * 60_000 });
    await queueTexts(server, '55', ['old']);
    await drive(harness, settled, 300_000, 26 * 3_600_000);
    const row = await server.db.selectFrom('alert_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'failed', last_error: DELIVERY_ERRORS.expired });
    expect(server.clock.now() - start).toBeGreaterThanOrEqual(24 * 3_600_000);
    peer.clearFaults();
    await queueTexts(server, '55', ['new']);
    await drive(harness, settled);
    expect(peer.messages.map((message) => message.text)).toEqual(['new']);
    expect((await chatDelivery(server, '55')).delivery).toBe('ok');
  });

  it('marks a chat that blocked the bot (403) as blocked, with its waiting messages, and queues nothing more for it', async () => {
    harness = await createDeliveryHarness();
    const { server, peer } = harness;
    await saveChat(server, '1001');
    await saveChat(server, '1002');
    peer.addFault({ kind: 'blocked', chatId: '1001' });
    await queueTexts(server, '1001', ['x1', 'x2', 'x3']);
    await queueTexts(server, '1002', ['y1']);
    await drive(harness, settled);
    expect(await outboxStates(server)).toEqual(['blocked', 'blocked', 'blocked', 'sent']);
    expect(await chatDelivery(server, '1001')).toEqual({ delivery: 'blocked', delivery_changed_at: server.clock.now() });
    expect(peer.requests.filter((request) => request.body.chat_id === '1001')).toHaveLength(1);

    const entry = { custId: server.custId, ruleId: null, ruleName: null, taskId: null, taskName: null, incidentId: null, event: 'fire' as const, lines: [], nodes: [], verdict: null };
    const written = await writeAlertLog(server.db, entry, server.clock.now());
    expect(written.outboxIds).toHaveLength(1);
    // Saving the chat again (the settings' save) makes it 'ok': it gets messages again.
    peer.clearFaults();
    await server.db.updateTable('alert_chats').set({ delivery: 'ok' }).where('chat_id', '=', '1001').execute();
    expect((await writeAlertLog(server.db, entry, server.clock.now())).outboxIds).toHaveLength(2);
  });

  it('treats "chat not found" as blocked and gives up a message the Bot API refuses (400) without stopping the chat', async () => {
    harness = await createDeliveryHarness();
    const { server, peer } = harness;
    await saveChat(server, '@nochannel');
    await saveChat(server, '2002');
    peer.addFault({ kind: 'chat_not_found', chatId: '@nochannel' });
    peer.addFault({ kind: 'status', status: 400, chatId: '2002', times: 1 });
    await queueTexts(server, '@nochannel', ['lost']);
    await queueTexts(server, '2002', ['refused', 'fine']);
    await drive(harness, settled);
    expect(await outboxStates(server)).toEqual(['blocked', 'failed', 'sent']);
    expect((await chatDelivery(server, '@nochannel')).delivery).toBe('blocked');
    const lost = await server.db.selectFrom('alert_outbox').select('last_error').where('text', '=', 'lost').executeTakeFirstOrThrow();
    expect(lost.last_error).toBe(DELIVERY_ERRORS.blocked);
    expect((await chatDelivery(server, '2002')).delivery).toBe('ok');
    expect(peer.messages.map((message) => message.text)).toEqual(['fine']);
    const refused = await server.db.selectFrom('alert_outbox').select('last_error').where('text', '=', 'refused').executeTakeFirstOrThrow();
    expect(refused.last_error).toBe(DELIVERY_ERRORS.rejected);
  });
});
