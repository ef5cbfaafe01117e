import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LIMITS } from '../../../src/shared/constants.js';
import { createAlertsWorld, expectRefused, type AlertsWorld } from './alerts-helpers.js';

let world: AlertsWorld;
beforeEach(async () => {
  world = await createAlertsWorld();
});
afterEach(() => world.close());

const info = (token = world.mine.token, headers: Record<string, string> = {}) => world.call(token, '/alert/setting/info', undefined, 'GET', headers);
const save = (body: unknown, token = world.mine.token) => world.call(token, '/alert/setting/save', body);

async function setDelivery(chatId: string, delivery: string, at: number): Promise<void> {
  await world.server.db.updateTable('alert_chats').set({ delivery, delivery_changed_at: at }).where('chat_id', '=', chatId).execute();
}

describe('alert settings', () => {
  it('answers defaults before anything is saved: the caller\'s console language, no chats, the chat maximum', async () => {
    expect((await info()).data).toEqual({ language: DEFAULT_LANGUAGE, chats: [], chatIdMax: LIMITS.chatIdMax, botConfigured: false });
    expect((await info(world.mine.token, { cookie: 'sidebar=1; lang=en' })).data.language).toBe('en');
    expect((await info(world.mine.token, { cookie: 'lang=xx' })).data.language).toBe(DEFAULT_LANGUAGE);
  });

  it('saves the language and chats and answers them with their delivery state', async () => {
    const saved = await save({ language: 'zh-cn', chats: [{ chatId: ' 123456 ' }, { chatId: '-1001234', language: 'en' }, { chatId: '@vigil_alerts', language: null }] });
    expect(saved.data).toEqual({
      language: 'zh-cn',
      chats: [
        { chatId: '123456', language: null, delivery: 'ok', deliveryChangedAt: null },
        { chatId: '-1001234', language: 'en', delivery: 'ok', deliveryChangedAt: null },
        { chatId: '@vigil_alerts', language: null, delivery: 'ok', deliveryChangedAt: null },
      ],
      chatIdMax: LIMITS.chatIdMax,
      botConfigured: false,
    });
    // The saved language wins over the caller's console language.
    expect((await info(world.mine.token, { cookie: 'lang=en' })).data).toEqual(saved.data);
  });

  it('keeps a re-saved chat\'s delivery state, clears "blocked" when it is saved again, and deletes chats left out', async () => {
    await save({ language: 'en', chats: [{ chatId: '111' }, { chatId: '222' }, { chatId: '333' }] });
    const then = world.server.clock.now();
    await setDelivery('111', 'blocked', then);
    await setDelivery('222', 'failing', then);
    world.server.clock.advanceSeconds(60);
    const saved = await save({ language: 'zh-tw', chats: [{ chatId: '222', language: 'zh-cn' }, { chatId: '111' }, { chatId: '444' }] });
    expect(saved.data.chats).toEqual([
      { chatId: '111', language: null, delivery: 'ok', deliveryChangedAt: new Date(world.server.clock.now()).toISOString() },
      { chatId: '222', language: 'zh-cn', delivery: 'failing', deliveryChangedAt: new Date(then).toISOString() },
      { chatId: '444', language: null, delivery: 'ok', deliveryChangedAt: null },
    ]);
    expect((await save({ language: 'en', chats: [] })).data.chats).toEqual([]);
  });

  it('answers 1001 for a bad chat id, a repeated one, too many chats and an unknown language', async () => {
    expectRefused(await save({ language: 'en', chats: [{ chatId: 'abc' }] }), 1001, ['chats.0.chatId:10010004']);
    expectRefused(await save({ language: 'en', chats: [{ chatId: '0123' }] }), 1001, ['chats.0.chatId:10010004']);
    expectRefused(await save({ language: 'en', chats: [{ chatId: '12', language: 'fr' }] }), 1001, ['chats.0.language:10010003']);
    expectRefused(await save({ language: 'en', chats: [{ chatId: '12' }, { chatId: '12' }] }), 1001, ['chats:10010003']);
    const tooMany = Array.from({ length: LIMITS.chatIdMax + 1 }, (_, index) => ({ chatId: String(index + 1) }));
    expectRefused(await save({ language: 'en', chats: tooMany }), 1001, ['chats:10010003']);
    expectRefused(await save({ language: 'de', chats: [] }), 1001, ['language:10010003']);
    expectRefused(await save({ chats: [] }), 1001, ['language:10010002']);
    expect((await info()).data.chats).toEqual([]);
  });
});

describe('settings with a bot token', () => {
  it('says the bot is configured', async () => {
    world.server.app.vigil.config.telegram.botToken = '123:test-token';
    expect((await info()).data.botConfigured).toBe(true);
  });
});

interface LogFixture {
  ruleId: number | null;
  taskId: number | null;
  event: string;
  at: number;
  custId?: number;
}

async function logEntry(entry: LogFixture): Promise<number> {
  const row = await world.server.db
    .insertInto('alert_log')
    .values({
      cust_id: entry.custId ?? world.mine.custId,
      rule_id: entry.ruleId,
      rule_name: entry.ruleId === null ? null : `Rule ${String(entry.ruleId)}`,
      task_id: entry.taskId,
      task_name: entry.taskId === null ? null : `Task ${String(entry.taskId)}`,
      event: entry.event,
      content: JSON.stringify([{ key: 'fire.title', params: { rule: 'Slow', ms: 950 } }]),
      nodes: JSON.stringify([{ nodeId: 1, name: 'Beijing Telecom', isp: 1, province: 'Beijing', country: 'CN' }]),
      verdict: entry.event === 'fire' ? 'carrier' : null,
      created_at: entry.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function delivery(logId: number, chatId: string, state: string, extra: { sent_at?: number; last_error?: string; attempts?: number } = {}): Promise<void> {
  await world.server.db
    .insertInto('alert_outbox')
    .values({ cust_id: world.mine.custId, log_id: logId, chat_id: chatId, language: 'en', text: 'x', state, next_attempt_at: 0, created_at: 0, ...extra })
    .execute();
}

describe('the alert log', () => {
  it('lists entries newest first with their content, nodes, verdict and each chat\'s delivery', async () => {
    const t0 = world.server.clock.now();
    const older = await logEntry({ ruleId: 1, taskId: 10, event: 'fire', at: t0 });
    const newer = await logEntry({ ruleId: 1, taskId: 10, event: 'recover', at: t0 + 60_000 });
    await delivery(older, '111', 'sent', { sent_at: t0 + 1_000, attempts: 1 });
    await delivery(older, '222', 'failed', { last_error: 'delivery.error.blocked', attempts: 5 });
    const listed = await world.call(world.mine.token, '/alert/log/list', {});
    expect(listed.data.total).toBe(2);
    expect(listed.data.list.map((row: { id: number }) => row.id)).toEqual([newer, older]);
    expect(listed.data.list[1]).toEqual({
      id: older,
      createdAt: new Date(t0).toISOString(),
      event: 'fire',
      ruleId: 1,
      ruleName: 'Rule 1',
      taskId: 10,
      taskName: 'Task 10',
      content: [{ key: 'fire.title', params: { rule: 'Slow', ms: 950 } }],
      nodes: [{ nodeId: 1, name: 'Beijing Telecom', isp: 1, province: 'Beijing', country: 'CN' }],
      verdict: 'carrier',
      deliveries: [
        { chatId: '111', language: 'en', state: 'sent', attempts: 1, sentAt: new Date(t0 + 1_000).toISOString(), lastError: null },
        { chatId: '222', language: 'en', state: 'failed', attempts: 5, sentAt: null, lastError: 'delivery.error.blocked' },
      ],
    });
    expect(listed.data.list[0].deliveries).toEqual([]);
    const one = await world.call(world.mine.token, `/alert/log/info/${String(older)}`, undefined, 'GET');
    expect(one.data).toEqual(listed.data.list[1]);
  });

  it('filters by rule, task, event and the time range [from, to), page by page', async () => {
    const t0 = world.server.clock.now();
    const a = await logEntry({ ruleId: 1, taskId: 10, event: 'fire', at: t0 });
    const b = await logEntry({ ruleId: 2, taskId: 10, event: 'fire', at: t0 + 1_000 });
    const c = await logEntry({ ruleId: 1, taskId: 11, event: 'recover', at: t0 + 2_000 });
    const d = await logEntry({ ruleId: null, taskId: null, event: 'test', at: t0 + 3_000 });
    const ids = async (body: object) => (await world.call(world.mine.token, '/alert/log/list', body)).data.list.map((row: { id: number }) => row.id);
    expect(await ids({ ruleId: 1 })).toEqual([c, a]);
    expect(await ids({ taskId: 10 })).toEqual([b, a]);
    expect(await ids({ event: 'fire' })).toEqual([b, a]);
    expect(await ids({ event: 'test' })).toEqual([d]);
    expect(await ids({ from: t0 + 1_000, to: t0 + 3_000 })).toEqual([c, b]);
    expect(await ids({ from: t0 + 2_000 })).toEqual([d, c]);
    expect(await ids({ to: t0 + 1_000 })).toEqual([a]);
    expect(await ids({ ruleId: 1, event: 'recover', from: t0 })).toEqual([c]);
    const page = await world.call(world.mine.token, '/alert/log/list', { page: 2, pageSize: 10 });
    expect(page.data).toEqual({ list: [], total: 4 });
    expectRefused(await world.call(world.mine.token, '/alert/log/list', { from: t0, to: t0 }), 2121);
    expectRefused(await world.call(world.mine.token, '/alert/log/list', { event: 'boom' }), 1001, ['event:10010003']);
  });

  it('answers 2608 for an entry that does not exist', async () => {
    expectRefused(await world.call(world.mine.token, '/alert/log/info/987654', undefined, 'GET'), 2608);
  });
});
