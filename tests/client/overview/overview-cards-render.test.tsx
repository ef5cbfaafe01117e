import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AttentionList } from '../../../src/client/features/overview/components/attention-list.js';
import { TypeCard } from '../../../src/client/features/overview/components/type-card.js';
import type { TypeCard as TypeCardData } from '../../../src/client/features/overview/overview-cards.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import type { AttentionTask, Language } from '../../../src/shared/index.js';

function render(element: ReactElement, language: Language): string {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions(language), showSupportNotice: false });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/overview']}>{element}</MemoryRouter>
    </I18nextProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');

const SSL_CARD: TypeCardData = { type: 7, total: 6, enabled: 5, disabled: 1, bands: { normal: 2, warning: 1, error: 1, none: 1 } };
const TRACE_CARD: TypeCardData = { type: 6, total: 3, enabled: 3, disabled: 0, bands: { normal: 1, warning: 1, error: 1, none: 0 } };

const base = { name: '', domain: 'shop.example.com', otherPath: '', avgResponseMs: null, certificate: null } as const;
const TASKS: AttentionTask[] = [
  {
    ...base,
    id: 1,
    type: 7,
    name: 'Shop certificate',
    port: 443,
    availabilityPercent: null,
    serviceStatus: 3,
    certificate: { sslStatus: 3, validTo: '2026-11-20T10:00:00.000Z', daysLeft: -2, checkFailed: false, lastCheckAt: '2026-11-22T08:59:00.000Z' },
  },
  {
    ...base,
    id: 2,
    type: 7,
    name: 'Mail certificate',
    domain: 'mail.example.com',
    port: 8443,
    availabilityPercent: null,
    serviceStatus: 3,
    certificate: { sslStatus: null, validTo: null, daysLeft: null, checkFailed: true, lastCheckAt: '2026-11-22T08:59:00.000Z' },
  },
  { ...base, id: 3, type: 6, name: 'Route to shop', port: null, availabilityPercent: 40, avgResponseMs: 900, serviceStatus: 3 },
  {
    ...base,
    id: 4,
    type: 7,
    name: 'Edge certificate',
    domain: 'edge.example.com',
    port: 443,
    availabilityPercent: null,
    serviceStatus: 2,
    certificate: { sslStatus: 2, validTo: '2026-11-27T10:00:00.000Z', daysLeft: 5, checkFailed: false, lastCheckAt: '2026-11-22T08:59:00.000Z' },
  },
];

describe('the SSL and traceroute cards of the overview', () => {
  it('shows the SSL card with the four slots named by certificate, each opening the SSL list filtered', () => {
    const html = render(<TypeCard card={SSL_CARD} statusLoaded />, 'en');
    const shown = text(html);
    for (const label of ['Expired or check failed', 'Expiring within a week', 'Not expired', 'Not checked yet']) expect(shown).toContain(label);
    expect(shown).toContain("By each task's newest certificate checks");
    expect(shown).toContain('Disabled: 1');
    expect(shown).not.toContain('later release');
    expect(html).toContain('href="/monitor/7?status=1&amp;ssl=6"');
    expect(html).toContain('href="/monitor/7?status=1&amp;ssl=2"');
    expect(html).toContain('aria-label="Expiring within a week: 1 tasks"');
  });

  it('shows the traceroute card with the service-status bands, each opening the traceroute list filtered', () => {
    const html = render(<TypeCard card={TRACE_CARD} statusLoaded />, 'en');
    const shown = text(html);
    for (const label of ['Error', 'Warning', 'Normal', 'No data']) expect(shown).toContain(label);
    expect(html).toContain('href="/monitor/6?status=1&amp;service=3"');
    expect(shown).not.toContain('certificate');
  });

  it('says it is loading before the status arrives, and the enabled count for a type the answer leaves out', () => {
    expect(text(render(<TypeCard card={{ ...SSL_CARD, bands: null }} statusLoaded={false} />, 'en'))).toContain('Loading');
    expect(text(render(<TypeCard card={{ ...SSL_CARD, bands: null }} statusLoaded />, 'en'))).toContain('Enabled: 5');
  });

  it('reads in Traditional and Simplified Chinese', () => {
    const tw = text(render(<TypeCard card={SSL_CARD} statusLoaded />, 'zh-tw'));
    expect(tw).toContain('已過期或檢查失敗');
    expect(tw).toContain('一週內到期');
    const cn = text(render(<TypeCard card={SSL_CARD} statusLoaded />, 'zh-cn'));
    expect(cn).toContain('已过期或检查失败');
    expect(cn).toContain('尚未检查');
  });
});

describe('the attention list with traceroute and SSL tasks', () => {
  it('shows an SSL task by days left and expiry or its failed check, leading to the SSL list searched for its domain', () => {
    const html = render(<AttentionList tasks={TASKS} unlisted={0} state="ready" />, 'en');
    const shown = text(html);
    expect(shown).toContain('Expired 2 d ago');
    expect(shown).toMatch(/Expires 2026-11-2[01]/);
    expect(shown).toContain('Certificate check failed');
    expect(shown).toMatch(/Last check 2026-11-2[23]/);
    expect(shown).toContain('Expires in 5 d');
    expect(shown).toContain('SSL certificate · mail.example.com:8443');
    expect(html).toContain('href="/monitor/7?q=shop.example.com"');
    expect(html).toContain('href="/monitor/7?q=mail.example.com"');
  });

  it('shows a traceroute task by availability and response time, each figure named, leading to its route history', () => {
    const html = render(<AttentionList tasks={TASKS} unlisted={0} state="ready" />, 'en');
    const shown = text(html);
    expect(shown).toContain('Trace route · shop.example.com');
    expect(shown).toContain('Availability 40%');
    expect(shown).toContain('Avg. response 900 ms');
    expect(html).toContain('href="/monitor/6/tracedetail/3"');
  });

  it('reads in Traditional and Simplified Chinese', () => {
    const tw = text(render(<AttentionList tasks={TASKS} unlisted={0} state="ready" />, 'zh-tw'));
    expect(tw).toContain('已過期 2 天');
    expect(tw).toContain('憑證檢查失敗');
    expect(tw).toContain('剩餘 5 天');
    expect(tw).toContain('可用率 40%');
    expect(tw).toContain('平均回應 900 ms');
    const cn = text(render(<AttentionList tasks={TASKS} unlisted={0} state="ready" />, 'zh-cn'));
    expect(cn).toContain('证书检查失败');
    expect(cn).toContain('剩余 5 天');
    expect(cn).toContain('平均响应 900 ms');
  });
});
