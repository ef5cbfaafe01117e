import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MtrForm } from '../../../src/client/features/mtr/components/mtr-form.js';
import { traceResourceQuery } from '../../../src/client/features/task-form/api.js';
import { NodeChooser } from '../../../src/client/features/task-form/node-chooser.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import type { Language, TraceResourceAnswer } from '../../../src/shared/index.js';

const node = (id: number, name: string, mtr: boolean | null) => ({
  id,
  name,
  city: 'Local',
  province: null,
  region: null,
  country: 'CN',
  isp: 1,
  mapType: 1,
  status: 'usable',
  // The traceroute tool says nothing here: only mtr decides.
  traceroute: true,
  mtr,
});

const RESOURCE = {
  nodes: [node(1, 'Able', true), node(2, 'Unable', false), node(3, 'Unregistered', null)],
  frequencies: [1, 2, 5, 10, 15, 20, 30, 60],
  defaultFrequencyMinutes: 10,
  maxHops: 30,
  probesPerHop: 3,
} as TraceResourceAnswer;

/** The MTR form as /detect_mtr composes it: with the task form's picker. */
function form(language: Language = 'en'): string {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions(language), showSupportNotice: false });
  const client = new QueryClient();
  client.setQueryData(traceResourceQuery().queryKey, RESOURCE);
  return renderToString(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <MtrForm readOnly={false} NodeChooser={NodeChooser} onStarted={() => {}} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const checkbox = (html: string, id: number) => html.match(new RegExp(`<input[^>]*data-node-id="${id}"[^>]*>`))?.[0] ?? '';

describe('the MTR node picker', () => {
  it('offers only nodes whose agent has mtr; the others are shown disabled with the reason', () => {
    const html = form();
    expect(checkbox(html, 1)).not.toContain('disabled');
    expect(checkbox(html, 2)).toContain('disabled');
    expect(checkbox(html, 3)).toContain('disabled');
    expect(html).toContain('Its agent has no mtr');
    expect(html).toContain('No agent has registered for this node yet');
    expect(html).toContain('Select all shown (1)');
  });

  it('gives the reason in Chinese too', () => {
    expect(form('zh-tw')).toContain('此節點的代理程式沒有 mtr');
    expect(form('zh-cn')).toContain('此节点的代理程序没有 mtr');
  });
});
