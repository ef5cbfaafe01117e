import { describe, expect, it } from 'vitest';
import { inboxItemPath } from '../../../src/client/features/inbox/inbox-links.js';
import { markedRead } from '../../../src/client/features/inbox/use-mark-read.js';
import type { InboxItem, InboxListAnswer } from '../../../src/shared/index.js';

function item(sno: string, read: boolean, overrides: Partial<InboxItem> = {}): InboxItem {
  return {
    sno,
    type: 'deploy',
    status: 2,
    title: 'push:events.deploy.completed.title',
    titleParams: {},
    data: {},
    read,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('where an inbox item leads', () => {
  it("opens a deployed task's detail, and a traceroute task's route history", () => {
    expect(inboxItemPath(item('1', false, { titleParams: { taskId: 12, taskType: 3, name: 'Shop' }, data: { fail: 0 } }))).toBe('/monitor/3/detail/12');
    expect(inboxItemPath(item('2', false, { titleParams: { taskId: 5, taskType: 6, name: 'Route' } }))).toBe('/monitor/6/tracedetail/5');
  });

  it('opens the deploy result on the task list, narrowed to the task, when nodes failed', () => {
    const path = inboxItemPath(item('3', false, { titleParams: { taskId: 12, taskType: 7, name: 'Shop & co' }, data: { fail: 2 } }));
    const url = new URL(path ?? '', 'https://console.test');
    expect([url.pathname, url.searchParams.get('q'), url.searchParams.get('deploy')]).toEqual(['/monitor/7', 'Shop & co', '12']);
  });

  it('sends a summary of many tasks (or a task of an unknown type) to the task lists, and other items nowhere', () => {
    expect(inboxItemPath(item('4', false, { titleParams: { count: 5, failed: 1 } }))).toBe('/monitor');
    expect(inboxItemPath(item('5', false, { titleParams: { taskId: 1, taskType: 99 } }))).toBe('/monitor');
    expect(inboxItemPath(item('6', false, { type: 'import' }))).toBeNull();
  });

  it('opens the alert log of the task an alert is about (the whole log when it names none)', () => {
    expect(inboxItemPath(item('7', false, { type: 'alert', titleParams: { taskId: 12, taskType: 3, logId: 40 } }))).toBe('/alert/log?taskId=12');
    expect(inboxItemPath(item('8', false, { type: 'alert', titleParams: { taskId: 'x' } }))).toBe('/alert/log');
  });
});

describe('the bell after marking read', () => {
  const answer: InboxListAnswer = { list: [item('1', false), item('2', true), item('3', false)], total: 3, unread: 5 };

  it('marks the named items and lowers the count by the unread ones among them', () => {
    const after = markedRead(answer, { snos: ['1', '2'] });
    expect([after.unread, after.list.map((entry) => entry.read)]).toEqual([4, [true, true, false]]);
  });

  it('marks everything read with "all", beyond the kept page too', () => {
    const after = markedRead(answer, 'all');
    expect([after.unread, after.list.every((entry) => entry.read)]).toEqual([0, true]);
  });
});
