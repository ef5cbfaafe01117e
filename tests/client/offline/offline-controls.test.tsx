import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineBanner } from '../../../src/client/app/offline/offline-banner.js';
import { NetworkButton, NetworkLink } from '../../../src/client/components/button.js';
import { TaskListWaiting } from '../../../src/client/features/monitor/components/monitor-list-page.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import { reportConnection } from '../../../src/client/lib/offline/connection.js';

function render(element: ReactElement, client = new QueryClient()): string {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions('en'), showSupportNotice: false });
  return renderToString(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>{element}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}


/** Offline as the console knows it: the device said so and a call (or probe) found no server. */
function goOffline(): void {
  reportConnection('deviceOffline');
  reportConnection('serverUnreachable');
}
afterEach(() => reportConnection('serverAnswered'));

describe('controls that change data', () => {
  it('work as usual online', () => {
    const html = render(<NetworkButton>Save</NetworkButton>);
    expect(html).not.toMatch(/\sdisabled=""/);
    expect(html).not.toContain('aria-describedby');
    expect(render(<NetworkLink to="/monitor/create/1">New task</NetworkLink>)).toContain('href="/monitor/create/1"');
  });

  it('are disabled offline and say why', () => {
    goOffline();
    const html = render(<NetworkButton>Save</NetworkButton>);
    expect(html).toMatch(/<button[^>]*\sdisabled=""/);
    const describedBy = /aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(describedBy).toBeTruthy();
    expect(html).toContain(`id="${describedBy}"`);
    expect(html).toContain('You are offline — changes need a connection');
    const link = render(<NetworkLink to="/monitor/create/1">New task</NetworkLink>);
    expect(link).toContain('aria-disabled="true"');
    expect(link).not.toContain('href=');
  });

  it('are disabled while the server is out of reach', () => {
    reportConnection('serverUnreachable');
    expect(render(<NetworkButton>Save</NetworkButton>)).toContain('The server cannot be reached — changes need a connection');
  });
});

describe('the offline banner', () => {
  it('is empty while connected', () => {
    expect(render(<OfflineBanner />)).not.toContain('Offline');
  });

  it('says offline and the time of the last-known data on screen', () => {
    const client = new QueryClient();
    const at = new Date(2026, 10, 22, 9, 5).getTime();
    client.setQueryData(['tasks', 'list'], { total: 1 }, { updatedAt: at });
    client.getQueryCache().find({ queryKey: ['tasks', 'list'] })?.setOptions({ queryKey: ['tasks', 'list'], meta: { persist: true } });
    const observer = new QueryObserver(client, { queryKey: ['tasks', 'list'], enabled: false, meta: { persist: true } });
    const stop = observer.subscribe(() => undefined);
    goOffline();
    const html = render(<OfflineBanner />, client);
    stop();
    expect(html).toContain('Offline — last updated at');
    expect(html).toMatch(/09:05|9:05/);
    expect(html).toContain('Changes need a connection.');
  });

  it('says so when nothing of the screen is saved, and names an unreachable server', () => {
    reportConnection('serverUnreachable');
    expect(render(<OfflineBanner />)).toContain('The server cannot be reached — nothing of this screen is saved on this device.');
  });
});

describe('a list with no answer yet', () => {
  it('shows the skeleton while loading, and says the view is not saved when offline', () => {
    expect(render(<TaskListWaiting paused={false} />)).not.toContain('not saved');
    expect(render(<TaskListWaiting paused />)).toContain('This view is not saved on this device');
  });
});
