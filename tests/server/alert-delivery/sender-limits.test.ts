import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_INTERVAL_MS, GLOBAL_PER_SECOND } from '../../../src/server/modules/alert-delivery/pacing.js';
import type { ReceivedMessage } from '../../support/bot-api-peer.js';
import { createDeliveryHarness, drive, outboxStates, queueTexts, saveChat, type DeliveryHarness } from './delivery-helpers.js';

let harness: DeliveryHarness;
beforeEach(async () => {
  harness = await createDeliveryHarness();
});
afterEach(async () => {
  await harness.close();
});

const allSent = async () => (await outboxStates(harness.server)).every((state) => state === 'sent');

/** The most messages the peer received within any one second. */
function busiestSecond(messages: ReceivedMessage[]): number {
  return Math.max(...messages.map((first) => messages.filter((other) => other.at >= first.at && other.at < first.at + 1000).length));
}

describe('the alert sender', () => {
  it('delivers each chat in order, one a second per chat and at most 30 a second in all', async () => {
    const { server, peer } = harness;
    const busy = ['-1001', '-1002', '-1003'];
    for (const chatId of busy) {
      await saveChat(server, chatId);
      await queueTexts(server, chatId, [1, 2, 3, 4, 5].map((n) => `${chatId} #${n}`));
    }
    const quiet = Array.from({ length: 40 }, (_, index) => String(5000 + index));
    for (const chatId of quiet) {
      await saveChat(server, chatId);
      await queueTexts(server, chatId, [`${chatId} #1`]);
    }
    const start = server.clock.now();
    await drive(harness, allSent, 250);

    expect(peer.messages).toHaveLength(busy.length * 5 + quiet.length);
    for (const chatId of busy) {
      const received = peer.messagesTo(chatId);
      expect(received.map((message) => message.text)).toEqual([1, 2, 3, 4, 5].map((n) => `${chatId} #${n}`));
      const gaps = received.slice(1).map((message, index) => message.at - (received[index]?.at ?? 0));
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(CHAT_INTERVAL_MS);
    }
    expect(busiestSecond(peer.messages)).toBe(GLOBAL_PER_SECOND);
    // The first 30 went at once, with no wait.
    expect(peer.messages.filter((message) => message.at === start)).toHaveLength(GLOBAL_PER_SECOND);
    expect(peer.messages.every((message) => message.parseMode === 'HTML' && message.linkPreviewDisabled)).toBe(true);
  });

  it('never lets a later message of a chat overtake an earlier one that waits for a retry', async () => {
    const { server, peer } = harness;
    await saveChat(server, '77');
    peer.addFault({ kind: 'status', status: 502, chatId: '77', times: 3 });
    await queueTexts(server, '77', ['first', 'second', 'third']);
    const requestsForChat = () => peer.requests.filter((request) => request.method === 'sendMessage' && request.body.chat_id === '77');
    await drive(harness, allSent, 500);
    expect(peer.messagesTo('77').map((message) => message.text)).toEqual(['first', 'second', 'third']);
    expect(requestsForChat().map((request) => request.body.text)).toEqual(['first', 'first', 'first', 'first', 'second', 'third']);
  });

  it("honours 429's retry_after for that chat while other chats go on", async () => {
    const { server, peer } = harness;
    await saveChat(server, '11');
    await saveChat(server, '22');
    peer.addFault({ kind: 'retry_after', seconds: 7, chatId: '11', times: 1 });
    const start = server.clock.now();
    await queueTexts(server, '11', ['a1', 'a2']);
    await queueTexts(server, '22', ['b1']);
    await drive(harness, allSent, 500);
    const tries = peer.requests.filter((request) => request.method === 'sendMessage' && request.body.chat_id === '11');
    expect(tries.map((request) => [request.body.text, request.at - start])).toEqual([
      ['a1', 0],
      ['a1', 7000],
      ['a2', 8000],
    ]);
    expect(peer.messagesTo('22')[0]?.at).toBe(start);
  });
});
