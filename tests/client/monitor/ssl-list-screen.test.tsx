import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { sslListQuery } from '../../../src/client/features/monitor/api.js';
import { SslTaskList } from '../../../src/client/features/monitor/components/ssl-list-page.js';
import { localDateTime } from '../../../src/client/features/monitor/export-table.js';
import { DEFAULT_SSL_VIEW } from '../../../src/client/features/monitor/ssl-view.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import type { Language, SslSearchAnswer, SslTaskRow } from '../../../src/shared/index.js';

function row(overrides: Partial<SslTaskRow>): SslTaskRow {
  return {
    id: 1,
    name: 'Shop',
    domain: 'shop.example.com',
    port: 443,
    status: 1,
    frequencyMinutes: 60,
    nodeCount: 1,
    deployStatus: 'completed',
    errorNodeCount: 0,
    domainGroup: '',
    tags: [],
    validTo: '2026-12-24T10:00:00.000Z',
    daysLeft: 32,
    sslStatus: 1,
    issuer: 'CN=Test CA',
    subject: 'CN=shop.example.com',
    authorized: true,
    lastCheckAt: '2026-11-22T04:00:00.000Z',
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

const ANSWER: SslSearchAnswer = {
  total: 5,
  list: [
    row({ id: 1, name: 'Expired site', validTo: '2026-11-19T00:00:00.000Z', daysLeft: -3, sslStatus: 3 }),
    row({ id: 2, name: 'Soon site', daysLeft: 5, sslStatus: 2, port: 8443 }),
    row({ id: 3, name: 'Fine site' }),
    row({ id: 4, name: 'New site', validTo: null, daysLeft: null, sslStatus: null, lastCheckAt: null, deployStatus: 'processing' }),
    row({ id: 5, name: 'Down site', validTo: null, daysLeft: null, sslStatus: null, issuer: null, subject: null, authorized: null, lastCheckAt: '2026-11-22T05:00:00.000Z' }),
  ],
};

function render(element: ReactElement, language: Language): string {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions(language), showSupportNotice: false });
  const client = new QueryClient();
  client.setQueryData(sslListQuery(DEFAULT_SSL_VIEW).queryKey, ANSWER);
  return renderToString(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/monitor/7']}>{element}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');

describe('the SSL task list', () => {
  it('shows expiry, days left, SSL status in its colour and last check per task', () => {
    const html = render(<SslTaskList readOnly={false} />, 'en');
    const shown = text(html);
    expect(shown).toContain('SSL certificate tasks');
    expect(shown).toContain('Expired 3 d ago');
    expect(shown).toContain('Expiring within a week');
    expect(shown).toContain('Not expired');
    expect(shown).toContain('Not checked yet');
    expect(shown).toContain('shop.example.com:8443');
    expect(html).toMatch(/data-ssl-status="3"[^>]*class="[^"]*bg-red-50/);
    expect(html).toMatch(/data-ssl-status="2"[^>]*class="[^"]*bg-yellow-50/);
    expect(html).toMatch(/data-ssl-status="none"[^>]*class="[^"]*bg-slate-100/);
  });

  it('says "check failed" in the error colour, with its time, for a task checked without a certificate; "not checked yet" only before any check', () => {
    const html = render(<SslTaskList readOnly={false} />, 'en');
    const failedRow = html.slice(html.indexOf('data-task-id="5"'));
    expect(failedRow).toMatch(/data-ssl-status="failed"[^>]*class="[^"]*bg-red-50[^"]*"[^>]*>.*?Check failed/);
    expect(text(failedRow)).toContain(localDateTime('2026-11-22T05:00:00.000Z'));
    expect(html.match(/data-ssl-status="none"/g)).toHaveLength(1);
    expect(text(render(<SslTaskList readOnly={false} />, 'zh-tw'))).toContain('檢查失敗');
    expect(text(render(<SslTaskList readOnly={false} />, 'zh-cn'))).toContain('检查失败');
  });

  it('offers "check now" on every row, and selection, switches, edit and create only to those who may change tasks', () => {
    const full = text(render(<SslTaskList readOnly={false} />, 'en'));
    expect(full.match(/Check now/g)).toHaveLength(5);
    expect(full).toContain('Create task');
    const viewOnly = render(<SslTaskList readOnly />, 'en');
    expect(text(viewOnly).match(/Check now/g)).toHaveLength(5);
    expect(viewOnly).not.toContain('type="checkbox"');
    expect(viewOnly).not.toContain('role="switch"');
    expect(text(viewOnly)).not.toContain('Create task');
  });

  it('waits with the switch of a task that is deploying (the server would refuse it)', () => {
    const html = render(<SslTaskList readOnly={false} />, 'en');
    const deployingRow = html.slice(html.indexOf('data-task-id="4"'));
    expect(deployingRow).toMatch(/role="switch"[^>]*disabled=""/);
  });

  it('offers export and auto-refresh, also to those who may only view', () => {
    for (const readOnly of [false, true]) {
      const shown = text(render(<SslTaskList readOnly={readOnly} />, 'en'));
      expect(shown).toContain('Export');
      expect(shown).toContain('Auto-refresh');
    }
    const chinese = text(render(<SslTaskList readOnly={false} />, 'zh-cn'));
    expect(chinese).toContain('导出');
    expect(chinese).toContain('自动刷新');
  });

  it('reads in Traditional and Simplified Chinese', () => {
    expect(text(render(<SslTaskList readOnly={false} />, 'zh-tw'))).toContain('一週內到期');
    expect(text(render(<SslTaskList readOnly={false} />, 'zh-cn'))).toContain('一周内到期');
    expect(text(render(<SslTaskList readOnly={false} />, 'zh-tw'))).toContain('已過期 3 天');
  });
});
