import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_LIMITS } from '../../../src/shared/feedback-rules.js';
import { SEED, addUser, adminLogin, createTestServer, expectNoInternals, otherCustomerSession, type TestServer } from '../helpers.js';

let server: TestServer;
let token: string;
let colleague: string;
let other: { custId: number; token: string };

const platform = { 'x-platform-secret': SEED.platformSecret };

interface NewsList {
  list: { id: number; title: string; body: string; language: string; publishedAt: string; read: boolean }[];
  total: number;
  unread: number;
}

async function call(path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> }) {
  const response = await server.call(path, options);
  expectNoInternals(response.body);
  return response.json() as { code: number; data: unknown };
}

async function ok<T>(path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<T> {
  const answer = await call(path, options);
  expect(answer.code, `${path}: ${JSON.stringify(answer)}`).toBe(200);
  return answer.data as T;
}

const publish = (body: Record<string, string>) => ok<{ id: number; publishedAt: string; languages: string[] }>('/platform/news/publish', { body, headers: platform });
const news = (who: string, body: Record<string, unknown> = {}) => ok<NewsList>('/news/list', { token: who, body });

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
  await addUser(server, { account: 'colleague1' });
  colleague = await server.login('colleague1');
  other = await otherCustomerSession(server);
});
afterAll(() => server.close());

describe('news', () => {
  let all: number;
  let englishOnly: number;

  it('publishes per language and shows every customer the reader\'s language, newest first, unread', async () => {
    all = (await publish({ titleZhTw: '維護通知', bodyZhTw: '週六維護', titleZhCn: '维护通知', bodyZhCn: '周六维护', titleEn: 'Maintenance', bodyEn: 'On Saturday' })).id;
    server.clock.advanceSeconds(60);
    const published = await publish({ titleEn: 'New nodes', bodyEn: 'Five more nodes in Japan' });
    englishOnly = published.id;
    expect(published.languages).toEqual(['en']);
    expect(published.publishedAt).toBe(new Date(server.clock.now()).toISOString());

    const zhTw = await news(token, { language: 'zh-tw' });
    expect(zhTw.list.map((item) => [item.id, item.title, item.language, item.read])).toEqual([
      [englishOnly, 'New nodes', 'en', false],
      [all, '維護通知', 'zh-tw', false],
    ]);
    expect([zhTw.total, zhTw.unread]).toEqual([2, 2]);
    const zhCn = await news(other.token, { language: 'zh-cn' });
    expect(zhCn.list.map((item) => item.title)).toEqual(['New nodes', '维护通知']);
    expect((await news(colleague, { language: 'en' })).list.map((item) => item.title)).toEqual(['New nodes', 'Maintenance']);
  });

  it('falls back from the missing language in the reader\'s order, and reads the lang cookie without a language', async () => {
    const id = (await publish({ titleZhCn: '只有简体', bodyZhCn: '正文' })).id;
    expect((await news(token, { language: 'zh-tw' })).list.find((item) => item.id === id)).toMatchObject({ title: '只有简体', language: 'zh-cn' });
    const twOnly = (await publish({ titleZhTw: '只有繁體', bodyZhTw: '內文' })).id;
    expect((await news(token, { language: 'en' })).list.find((item) => item.id === twOnly)?.language).toBe('zh-tw');
    const response = await server.call('/news/list', { token, body: {}, headers: { cookie: 'lang=en' } });
    expect(response.json().data.list.find((item: { id: number }) => item.id === all).title).toBe('Maintenance');
    for (const removed of [id, twOnly]) await ok('/platform/news/withdraw', { body: { id: removed }, headers: platform });
  });

  it('marks read per user: opening one leaves it unread for everybody else', async () => {
    expect((await ok<{ unread: number }>('/news/read', { token, body: { ids: [englishOnly, 987_654] } })).unread).toBe(1);
    const mine = await news(token);
    expect(mine.list.find((item) => item.id === englishOnly)?.read).toBe(true);
    expect((await news(colleague)).unread).toBe(2);
    expect((await news(other.token)).unread).toBe(2);
    expect((await ok<{ unread: number }>('/news/read', { token, body: { ids: [englishOnly] } })).unread).toBe(1);
  });

  it('keeps an item with a later publish date hidden until then', async () => {
    const later = new Date(server.clock.now() + 3_600_000).toISOString();
    const scheduled = await publish({ titleEn: 'Coming soon', bodyEn: 'Later', publishAt: later });
    expect(scheduled.publishedAt).toBe(later);
    expect((await news(token)).list.some((item) => item.id === scheduled.id)).toBe(false);
    expect((await ok<{ unread: number }>('/news/read', { token, body: { ids: [scheduled.id] } })).unread).toBe(1);
    server.clock.advanceSeconds(3_600);
    // An hour idle ends sessions.
    token = await server.login();
    colleague = await server.login('colleague1');
    other.token = await server.login('other01');
    expect((await news(token)).list[0]).toMatchObject({ id: scheduled.id, read: false });
    await ok('/platform/news/withdraw', { body: { id: scheduled.id }, headers: platform });
  });

  it('withdraws: users no longer see it; the operator\'s list keeps it with its readers', async () => {
    const withdrawn = await ok<{ withdrawnAt: string }>('/platform/news/withdraw', { body: { id: englishOnly }, headers: platform });
    expect(withdrawn.withdrawnAt).toBe(new Date(server.clock.now()).toISOString());
    expect((await news(token)).list.map((item) => item.id)).toEqual([all]);
    expect((await call('/platform/news/withdraw', { body: { id: 999_999 }, headers: platform })).code).toBe(2001);
    const listed = await ok<{ list: { id: number; withdrawnAt: string | null; readers: number; texts: { language: string }[] }[]; total: number }>('/platform/news/list', { body: {}, headers: platform });
    expect(listed.total).toBe(5);
    expect(listed.list.find((item) => item.id === englishOnly)).toMatchObject({ withdrawnAt: withdrawn.withdrawnAt, readers: 1, texts: [{ language: 'en' }] });
    expect(listed.list.find((item) => item.id === all)?.texts.map((text) => text.language).sort()).toEqual(['en', 'zh-cn', 'zh-tw']);
  });

  it('refuses a publish without any language, with half a language, too long texts or a bad date (1001)', async () => {
    const fieldsOf = async (body: Record<string, string>) => {
      const answer = (await call('/platform/news/publish', { body, headers: platform })) as { code: number; data: { errors: { field: string; code: number }[] } };
      expect(answer.code).toBe(1001);
      return answer.data.errors.map((error) => `${error.field}:${error.code}`);
    };
    expect(await fieldsOf({})).toEqual(['titleZhTw:10010002', 'titleZhCn:10010002', 'titleEn:10010002']);
    expect(await fieldsOf({ titleEn: 'Only a title' })).toEqual(['bodyEn:10010002']);
    expect(await fieldsOf({ titleEn: 'x'.repeat(FEEDBACK_LIMITS.newsTitleMax + 1), bodyEn: 'b' })).toEqual(['titleEn:10010005']);
    expect(await fieldsOf({ titleEn: 't', bodyEn: 'b'.repeat(FEEDBACK_LIMITS.newsBodyMax + 1) })).toEqual(['bodyEn:10010005']);
    expect(await fieldsOf({ titleEn: 't', bodyEn: 'b', publishAt: 'next tuesday' })).toEqual(['publishAt:10010004']);
    expect((await ok<{ total: number }>('/platform/news/list', { body: {}, headers: platform })).total).toBe(5);
  });

  it('an administrator viewing a customer reads the news (nothing unread) but cannot mark read (2007)', async () => {
    const admin = await adminLogin(server);
    const seen = await news(admin);
    expect(seen.list.map((item) => item.id)).toEqual([all]);
    expect([seen.unread, seen.list[0]?.read]).toEqual([0, true]);
    expect((await call('/news/read', { token: admin, body: { ids: [all] } })).code).toBe(2007);
    expect((await news(token)).unread).toBe(1);
  });

  it('refuses the platform news calls without the secret or with a wrong one (401)', async () => {
    for (const headers of [{}, { 'x-platform-secret': 'wrong-secret' }] as Record<string, string>[]) {
      expect((await call('/platform/news/publish', { body: { titleEn: 't', bodyEn: 'b' }, headers })).code).toBe(401);
      expect((await call('/platform/news/withdraw', { body: { id: all }, headers })).code).toBe(401);
      expect((await call('/platform/news/list', { body: {}, headers })).code).toBe(401);
    }
    expect((await call('/platform/news/publish', { token, body: { titleEn: 't', bodyEn: 'b' } })).code).toBe(401);
    expect((await news(token)).list.map((item) => item.id)).toEqual([all]);
  });
});
