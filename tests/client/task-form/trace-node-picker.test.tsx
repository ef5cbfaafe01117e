import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { traceResourceQuery } from '../../../src/client/features/task-form/api.js';
import { NodePicker } from '../../../src/client/features/task-form/components/node-picker.js';
import { newTaskValues } from '../../../src/client/features/task-form/form-values.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import type { Language, TraceResourceAnswer } from '../../../src/shared/index.js';

const node = (id: number, name: string, traceroute: boolean | null) => ({
  id,
  name,
  city: 'Local',
  province: null,
  region: null,
  country: 'CN',
  isp: 1,
  mapType: 1,
  status: 'usable',
  traceroute,
});

const RESOURCE = {
  nodes: [node(1, 'Able', true), node(2, 'Unable', false), node(3, 'Unregistered', null)],
  frequencies: [1, 2, 5, 10, 15, 20, 30, 60],
  defaultFrequencyMinutes: 10,
  maxHops: 30,
  probesPerHop: 3,
} as TraceResourceAnswer;

function render(element: ReactElement, language: Language = 'en'): string {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions(language), showSupportNotice: false });
  const client = new QueryClient();
  client.setQueryData(traceResourceQuery().queryKey, RESOURCE);
  return renderToString(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>{element}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const picker = (nodeIds: number[], language?: Language) =>
  render(
    <NodePicker type={6} values={{ ...newTaskValues(6, null, 10), nodeIds }} errors={{}} setField={() => {}} setFieldError={() => {}} disabled={false} />,
    language,
  );

const checkbox = (html: string, id: number) => html.match(new RegExp(`<input[^>]*data-node-id="${id}"[^>]*>`))?.[0] ?? '';

describe('the traceroute node picker', () => {
  it('offers only nodes whose agent has traceroute; the others are shown disabled with the reason', () => {
    const html = picker([]);
    expect(checkbox(html, 1)).not.toContain('disabled');
    expect(checkbox(html, 2)).toContain('disabled');
    expect(checkbox(html, 3)).toContain('disabled');
    expect(html).toContain('Its agent has no traceroute');
    expect(html).toContain('No agent has registered for this node yet');
    expect(html).toContain('Select all shown (1)');
  });

  it('keeps a chosen node that lost traceroute removable and points it out', () => {
    const html = picker([1, 2]);
    expect(checkbox(html, 2)).not.toContain('disabled');
    expect(html).toContain('Selected nodes that cannot run traceroute now: 1.');
  });

  it('gives the reasons in Chinese too', () => {
    expect(picker([], 'zh-tw')).toContain('此節點的代理程式沒有 traceroute');
    expect(picker([], 'zh-cn')).toContain('此节点的代理程序没有 traceroute');
  });
});
