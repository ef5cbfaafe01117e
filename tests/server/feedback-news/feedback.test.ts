import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_LIMITS } from '../../../src/shared/feedback-rules.js';
import { SEED, addUser, adminLogin, createTestServer, expectNoInternals, otherCustomerSession, type TestServer } from '../helpers.js';

let server: TestServer;
let token: string;
let colleague: string;
let other: { custId: number; token: string };
let taskId: number;
let otherTaskId: number;

const platform = { 'x-platform-secret': SEED.platformSecret };

async function ok<T>(path: string, token: string | undefined, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const response = await server.call(path, { token, body, ...(headers ? { headers } : {}) });
  const json = response.json();
  expect(json.code, `${path}: ${response.body}`).toBe(200);
  return json.data as T;
}

async function refused(path: string, token: string | undefined, body: unknown, headers?: Record<string, string>) {
  const response = await server.call(path, { token, body, ...(headers ? { headers } : {}) });
  expectNoInternals(response.body);
  return response.json() as { status: boolean; code: number; data: { errors?: { field: string; code: number }[] } | null };
}

interface OwnList {
  list: { id: number; category: string; text: string; task: { id: number; type: number; name: string } | null; replies: { text: string; read: boolean }[] }[];
  total: number;
  unread: number;
}

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
  await addUser(server, { account: 'colleague1' });
  colleague = await server.login('colleague1');
  other = await otherCustomerSession(server);
  const body = { name: 'Shop', domain: 'shop.example.com', frequencyMinutes: 5, nodeIds: [1] };
  taskId = (await ok<{ id: number }>('/domain/icmp/create', token, body)).id;
  otherTaskId = (await ok<{ id: number }>('/domain/icmp/create', other.token, { ...body, name: 'Theirs' })).id;
});
afterAll(() => server.close());

describe('feedback from a user', () => {
  it('sends feedback with and without a task and lists its own, newest first', async () => {
    const first = await ok<{ id: number }>('/feedback/send', token, { category: 'bug', text: 'The chart is empty', taskId });
    server.clock.advanceSeconds(1);
    const second = await ok<{ id: number }>('/feedback/send', token, { category: 'feature', text: 'Dark mode, please' });
    const mine = await ok<OwnList>('/feedback/list', token, {});
    expect(mine.list.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(mine.list[1]).toMatchObject({ category: 'bug', text: 'The chart is empty', task: { id: taskId, type: 1, name: 'Shop' }, replies: [] });
    expect(mine.list[0]?.task).toBeNull();
    expect(mine.unread).toBe(0);
  });

  it('refuses text over the limit, an empty text, an unknown category, an unknown and another customer\'s task', async () => {
    const long = await refused('/feedback/send', token, { category: 'bug', text: 'x'.repeat(FEEDBACK_LIMITS.textMax + 1) });
    expect([long.code, long.data?.errors?.[0]]).toEqual([1001, { field: 'text', code: 10010005, params: { max: FEEDBACK_LIMITS.textMax } }]);
    expect((await ok<{ id: number }>('/feedback/send', token, { category: 'other', text: 'y'.repeat(FEEDBACK_LIMITS.textMax) })).id).toBeGreaterThan(0);
    const empty = await refused('/feedback/send', token, { category: 'bug', text: '' });
    expect([empty.code, empty.data?.errors?.[0]?.field, empty.data?.errors?.[0]?.code]).toEqual([1001, 'text', 10010002]);
    const category = await refused('/feedback/send', token, { category: 'praise', text: 'hi' });
    expect([category.code, category.data?.errors?.[0]?.field]).toEqual([1001, 'category']);
    for (const id of [999_999, otherTaskId]) {
      const answer = await refused('/feedback/send', token, { category: 'bug', text: 'About that task', taskId: id });
      expect([answer.code, answer.data?.errors]).toEqual([2127, [{ field: 'taskId', code: 10010003 }]]);
    }
    const before = await ok<OwnList>('/feedback/list', token, {});
    expect(before.list.some((item) => item.text === 'About that task')).toBe(false);
  });

  it('offers the customer\'s own tasks to link, never another customer\'s', async () => {
    const found = await ok<{ list: { id: number; name: string }[] }>('/feedback/tasks', token, { q: 'shop' });
    expect(found.list.map((task) => task.id)).toEqual([taskId]);
    const theirs = await ok<{ list: { id: number }[] }>('/feedback/tasks', token, { q: 'Theirs' });
    expect(theirs.list).toEqual([]);
    const all = await ok<{ list: { id: number }[] }>('/feedback/tasks', other.token, {});
    expect(all.list.map((task) => task.id)).toEqual([otherTaskId]);
  });

  it('never shows one user\'s feedback to another user or customer', async () => {
    expect((await ok<OwnList>('/feedback/list', colleague, {})).total).toBe(0);
    expect((await ok<OwnList>('/feedback/list', other.token, {})).total).toBe(0);
    const own = await ok<{ id: number }>('/feedback/send', other.token, { category: 'billing', text: 'Invoice question' });
    const theirs = await ok<OwnList>('/feedback/list', other.token, {});
    expect(theirs.list.map((item) => item.id)).toEqual([own.id]);
    expect((await ok<OwnList>('/feedback/list', token, { pageSize: 100 })).list.some((item) => item.id === own.id)).toBe(false);
  });

  it('an administrator viewing the customer reads its feedback but cannot send or mark read (2007)', async () => {
    const admin = await adminLogin(server);
    const seen = await ok<OwnList>('/feedback/list', admin, {});
    expect(seen.total).toBe((await ok<OwnList>('/feedback/list', token, {})).total);
    expect((await refused('/feedback/send', admin, { category: 'bug', text: 'from admin' })).code).toBe(2007);
    expect((await refused('/feedback/read', admin, { id: seen.list[0]?.id ?? 1 })).code).toBe(2007);
  });
});

describe('the operator\'s replies', () => {
  it('lists every customer\'s feedback, filtered by open/answered and customer, and replies to one', async () => {
    const sent = await ok<{ id: number }>('/feedback/send', token, { category: 'bug', text: 'Login is slow' });
    const open = await ok<{ list: { id: number; custId: number; account: string }[]; total: number }>('/platform/feedback/list', undefined, { status: 'open', pageSize: 100 }, platform);
    expect(open.list.find((item) => item.id === sent.id)).toMatchObject({ custId: server.custId, account: SEED.account });
    const theirs = await ok<{ list: { custId: number }[] }>('/platform/feedback/list', undefined, { custId: other.custId }, platform);
    expect(theirs.list.length).toBe(1);
    expect(theirs.list.every((item) => item.custId === other.custId)).toBe(true);

    server.clock.advanceSeconds(5);
    const reply = await ok<{ id: number; notified: number }>('/platform/feedback/reply', undefined, { feedbackId: sent.id, text: 'We are on it.' }, platform);
    expect(reply.notified).toBe(1);
    const answered = await ok<{ list: { id: number; replies: { text: string }[] }[] }>('/platform/feedback/list', undefined, { status: 'answered' }, platform);
    expect(answered.list.map((item) => item.id)).toEqual([sent.id]);
    const stillOpen = await ok<{ list: { id: number }[] }>('/platform/feedback/list', undefined, { status: 'open', pageSize: 100 }, platform);
    expect(stillOpen.list.some((item) => item.id === sent.id)).toBe(false);

    const mine = await ok<OwnList>('/feedback/list', token, {});
    const item = mine.list.find((entry) => entry.id === sent.id);
    expect(item?.replies).toEqual([expect.objectContaining({ text: 'We are on it.', read: false })]);
    expect(mine.unread).toBe(1);
  });

  it('puts the reply in the author\'s inbox only', async () => {
    const inbox = await ok<{ list: { type: string; title: string; titleParams: Record<string, unknown>; read: boolean }[] }>('/inbox/list', token, {});
    expect(inbox.list[0]).toMatchObject({ type: 'feedback', title: 'push:events.feedback.reply.title', titleParams: { excerpt: 'We are on it.' }, read: false });
    const colleagues = await ok<{ list: { type: string }[] }>('/inbox/list', colleague, {});
    expect(colleagues.list.some((entry) => entry.type === 'feedback')).toBe(false);
    const filtered = await ok<{ total: number }>('/inbox/list', token, { type: 'feedback' });
    expect(filtered.total).toBe(1);
  });

  it('marks a reply read only for its author', async () => {
    const mine = await ok<OwnList>('/feedback/list', token, {});
    const answered = mine.list.find((item) => item.replies.length > 0);
    if (!answered) throw new Error('no answered feedback');
    expect((await ok<{ unread: number }>('/feedback/read', colleague, { id: answered.id })).unread).toBe(0);
    expect((await ok<OwnList>('/feedback/list', token, {})).unread).toBe(1);
    expect((await ok<{ unread: number }>('/feedback/read', other.token, { id: answered.id })).unread).toBe(0);
    expect((await ok<{ unread: number }>('/feedback/read', token, { id: answered.id })).unread).toBe(0);
    const after = await ok<OwnList>('/feedback/list', token, {});
    expect(after.list.find((item) => item.id === answered.id)?.replies[0]?.read).toBe(true);
  });

  it('answers 2001 for a reply to unknown feedback, 1001 for an empty or too long reply', async () => {
    expect((await refused('/platform/feedback/reply', undefined, { feedbackId: 999_999, text: 'Hello' }, platform)).code).toBe(2001);
    const long = await refused('/platform/feedback/reply', undefined, { feedbackId: 1, text: 'x'.repeat(FEEDBACK_LIMITS.textMax + 1) }, platform);
    expect([long.code, long.data?.errors?.[0]?.code]).toEqual([1001, 10010005]);
    expect((await refused('/platform/feedback/reply', undefined, { feedbackId: 1, text: '' }, platform)).code).toBe(1001);
  });

  it('refuses the platform calls without the secret or with a wrong one (401), and with a session token', async () => {
    for (const headers of [undefined, { 'x-platform-secret': 'wrong-secret' }, { 'x-platform-secret': '' }]) {
      expect((await refused('/platform/feedback/list', undefined, {}, headers)).code).toBe(401);
      expect((await refused('/platform/feedback/reply', undefined, { feedbackId: 1, text: 'Hi' }, headers)).code).toBe(401);
    }
    expect((await refused('/platform/feedback/list', token, {})).code).toBe(401);
  });
});
