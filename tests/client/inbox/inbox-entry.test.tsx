import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { InboxEntry, type EntryActions } from '../../../src/client/features/inbox/components/inbox-entry.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import { reportConnection } from '../../../src/client/lib/offline/connection.js';
import type { InboxItem } from '../../../src/shared/index.js';

const OFFLINE_REASON = 'You are offline — changes need a connection';
const ITEM: InboxItem = {
  sno: '7',
  type: 'deploy',
  status: 2,
  title: 'push:events.deploy.completed.title',
  titleParams: { name: 'Shop', taskId: 4, taskType: 3, total: 1, failed: 0 },
  data: { fail: 0 },
  read: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const ACTIONS: EntryActions = { readOnly: false, markRead: () => undefined, onOpen: () => undefined };

function render(element: ReactElement): string {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions('en'), showSupportNotice: false });
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>{element}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const markButton = (html: string) => /<button[^>]*>Mark read<\/button>/.exec(html)?.[0] ?? '';

afterEach(() => reportConnection('serverAnswered'));

describe('an inbox message', () => {
  it('unread: stands out, says so to screen readers, links to its task and offers "Mark read"', () => {
    const html = render(<InboxEntry item={ITEM} highlighted={false} actions={ACTIONS} />);
    expect(html).toContain('data-read="false"');
    expect(html).toMatch(/<span class="sr-only">Unread(<!-- -->)? <\/span>Deployed: Shop/);
    expect(html).toContain('href="/monitor/3/detail/4"');
    expect(markButton(html)).not.toMatch(/\sdisabled=""/);
  });

  it('offline: still opens its task, but "Mark read" is disabled with the reason', () => {
    // Offline as the console knows it: the device said so and a call found no server.
    reportConnection('deviceOffline');
    reportConnection('serverUnreachable');
    const html = render(<InboxEntry item={ITEM} highlighted={false} actions={ACTIONS} />);
    expect(html).toContain('href="/monitor/3/detail/4"');
    expect(markButton(html)).toMatch(/\sdisabled=""/);
    expect(markButton(html)).toContain(`title="${OFFLINE_REASON}"`);
    expect(html).toContain(OFFLINE_REASON);
  });

  it('read, or in an administrator\'s view: no "Mark read"', () => {
    expect(markButton(render(<InboxEntry item={{ ...ITEM, read: true }} highlighted={false} actions={ACTIONS} />))).toBe('');
    expect(markButton(render(<InboxEntry item={ITEM} highlighted={false} actions={{ ...ACTIONS, readOnly: true }} />))).toBe('');
  });

  it('an alert: its title and body in the reader\'s language, a link to the alert log of its task', () => {
    const alert: InboxItem = {
      ...ITEM,
      type: 'alert',
      status: 0,
      title: 'push:events.alert.fire.title',
      titleParams: { rule: 'Shop down', name: 'Shop', taskId: 4, taskType: 3, logId: 9, minutes: 1, days: 0 },
      data: {},
    };
    const html = render(<InboxEntry item={alert} highlighted={false} actions={ACTIONS} />);
    expect(html).toContain('href="/alert/log?taskId=4"');
    expect(html).toContain('Alert: Shop');
    expect(html).toContain('Shop breaches the rule Shop down.');
  });
});
