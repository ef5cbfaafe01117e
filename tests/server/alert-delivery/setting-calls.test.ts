import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addCustomer, addUser, adminLogin, createTestServer, expectNoInternals } from '../helpers.js';
import { BOT_TOKEN, createDeliveryHarness, drive, outboxStates, saveChat, type DeliveryHarness } from './delivery-helpers.js';

let harness: DeliveryHarness;
let token: string;
beforeEach(async () => {
  harness = await createDeliveryHarness();
  token = await harness.server.login();
});
afterEach(async () => {
  await harness.close();
});

const sendTest = (chatId: string, as = token) => harness.server.call('/alert/setting/test', { token: as, body: { chatId } });
const recentChats = (as = token) => harness.server.call('/alert/setting/recent_chats', { token: as });

describe('alertSettingTest', () => {
  it('queues a test message to that chat only, in its language, and the Bot API receives it', async () => {
    const { server, peer } = harness;
    await saveChat(server, '-100777', { language: 'en' });
    await saveChat(server, '888');
    const answer = await sendTest('-100777');
    expect(answer.json()).toMatchObject({ status: true, data: { logId: expect.any(Number) } });
    await drive(harness, async () => (await outboxStates(server)).every((state) => state === 'sent'));
    expect(peer.messages.map((message) => message.chatId)).toEqual(['-100777']);
    expect(peer.messages[0]?.text).toContain('Test message from Vigil');
    const log = await server.db.selectFrom('alert_log').selectAll().where('id', '=', answer.json().data.logId).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ cust_id: server.custId, event: 'test' });
    const outbox = await server.db.selectFrom('alert_outbox').select(['chat_id', 'language', 'log_id']).execute();
    expect(outbox).toEqual([{ chat_id: '-100777', language: 'en', log_id: log.id }]);
  });

  it('tries a chat marked blocked again, and a delivered test message shows it reachable', async () => {
    const { server, peer } = harness;
    await saveChat(server, '42');
    await server.db.updateTable('alert_chats').set({ delivery: 'blocked', delivery_changed_at: 1 }).execute();
    await sendTest('42');
    await drive(harness, async () => (await outboxStates(server)).every((state) => state === 'sent'));
    expect(peer.messagesTo('42')).toHaveLength(1);
    expect(await server.db.selectFrom('alert_chats').select('delivery').executeTakeFirstOrThrow()).toEqual({ delivery: 'ok' });
  });

  it("answers 2607 for a chat not in the customer's settings, another customer's chat included", async () => {
    const { server, peer } = harness;
    const other = await addCustomer(server, 'Other Co');
    await addUser(server, { account: 'other01', custId: other });
    await saveChat(server, '5150', { custId: other });
    for (const chatId of ['5150', '123']) {
      const answer = await sendTest(chatId);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ status: false, code: 2607 });
      expectNoInternals(answer.body);
    }
    expect(await server.db.selectFrom('alert_log').select('id').execute()).toEqual([]);
    const otherToken = await server.login('other01');
    expect((await sendTest('5150', otherToken)).json()).toMatchObject({ status: true });
    await drive(harness, async () => (await outboxStates(server)).every((state) => state === 'sent'));
    expect(peer.messages.map((message) => message.chatId)).toEqual(['5150']);
  });

  it('is refused to an administrator viewing the customer (read-only)', async () => {
    await saveChat(harness.server, '42');
    const answer = await sendTest('42', await adminLogin(harness.server));
    expect(answer.json()).toMatchObject({ status: false, code: 2007 });
  });
});

describe('alertSettingRecentChats', () => {
  it('lists the chats that wrote to the bot, newest first, without confirming any update', async () => {
    const { server, peer } = harness;
    const now = server.clock.now();
    peer.injectUpdate({ id: 1001, type: 'private', first_name: 'Ada' }, '/start', now - 60_000);
    peer.injectUpdate({ id: -100500, type: 'supergroup', title: 'Ops <team>' }, 'hello', now - 30_000);
    peer.injectUpdate({ id: 1001, type: 'private', first_name: 'Ada' }, 'again', now - 10_000);
    peer.injectUpdate({ id: -100600, type: 'channel', title: 'News' }, 'post', now - 20_000);
    const first = (await recentChats()).json();
    expect(first).toMatchObject({ status: true });
    expect(first.data).toEqual({
      state: 'ok',
      chats: [
        { chatId: '1001', title: 'Ada', kind: 'private', lastMessageAt: new Date(Math.floor((now - 10_000) / 1000) * 1000).toISOString() },
        { chatId: '-100600', title: 'News', kind: 'channel', lastMessageAt: new Date(Math.floor((now - 20_000) / 1000) * 1000).toISOString() },
        { chatId: '-100500', title: 'Ops <team>', kind: 'supergroup', lastMessageAt: new Date(Math.floor((now - 30_000) / 1000) * 1000).toISOString() },
      ],
    });
    expect((await recentChats()).json().data).toEqual(first.data);
    const reads = peer.requests.filter((request) => request.method === 'getUpdates');
    expect(reads.length).toBe(2);
    for (const read of reads) expect(read.body.offset).toBeUndefined();
  });

  it('leaves out chats another customer saved, and works for an administrator viewing', async () => {
    const { server, peer } = harness;
    const other = await addCustomer(server, 'Other Co');
    await saveChat(server, '2002', { custId: other });
    await saveChat(server, '3003');
    peer.injectUpdate({ id: 2002, type: 'private', first_name: 'Theirs' }, 'hi');
    peer.injectUpdate({ id: 3003, type: 'private', first_name: 'Mine' }, 'hi');
    expect((await recentChats()).json().data.chats.map((chat: { chatId: string }) => chat.chatId)).toEqual(['3003']);
    expect((await recentChats(await adminLogin(server))).json().data.chats.map((chat: { chatId: string }) => chat.chatId)).toEqual(['3003']);
  });

  it('says when a webhook is set or the Bot API cannot be reached, never showing the token', async () => {
    const { peer } = harness;
    peer.webhookUrl = 'https://hooks.example.test/bot';
    expect((await recentChats()).json().data).toEqual({ state: 'webhook_set', chats: [] });
    await peer.close();
    const unreachable = await recentChats();
    expect(unreachable.json().data).toEqual({ state: 'unreachable', chats: [] });
    expect(unreachable.body).not.toContain(BOT_TOKEN);
    expect(unreachable.body).not.toContain(BOT_TOKEN.split(':')[1]);
  });
});

describe('alertSettingRecentChats without a bot token', () => {
  it("answers 'no_token'", async () => {
    const server = await createTestServer();
    try {
      const answer = await server.call('/alert/setting/recent_chats', { token: await server.login() });
      expect(answer.json().data).toEqual({ state: 'no_token', chats: [] });
    } finally {
      await server.close();
    }
  });
});
