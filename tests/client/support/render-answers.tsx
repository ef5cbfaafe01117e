import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { traceResourceQuery } from '../../../src/client/features/task-form/api.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import type { Language, TraceResourceAnswer } from '../../../src/shared/index.js';
import { catalogueNode } from './catalogue-node.js';

type Tools = Pick<TraceResourceAnswer['nodes'][number], 'traceroute' | 'mtr'>;

/** A node of /domain/traceresource with the tools its agent reported. */
const node = (id: number, name: string, tools: Tools) => ({ ...catalogueNode({ id, name, city: 'Local' }), ...tools });

/** Three nodes: one whose agent has `tool`, one whose agent lacks it, one with no agent yet. */
export function traceResource(tool: 'traceroute' | 'mtr'): TraceResourceAnswer {
  // The other tool is present everywhere: only `tool` decides.
  const tools = (has: boolean | null): Tools => (tool === 'mtr' ? { traceroute: true, mtr: has } : { traceroute: has, mtr: true });
  return {
    nodes: [node(1, 'Able', tools(true)), node(2, 'Unable', tools(false)), node(3, 'Unregistered', tools(null))],
    frequencies: [1, 2, 5, 10, 15, 20, 30, 60],
    defaultFrequencyMinutes: 10,
    maxHops: 30,
    probesPerHop: 3,
  } as TraceResourceAnswer;
}

/** `element` rendered to HTML with the given queries already answered (a key and its data each), in `language`. */
export function renderWithAnswers(element: ReactElement, answers: readonly (readonly [QueryKey, unknown])[], language: Language = 'en'): string {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions(language), showSupportNotice: false });
  const client = new QueryClient();
  for (const [key, data] of answers) client.setQueryData(key, data);
  return renderToString(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>{element}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** `element` rendered to HTML with the trace resource already answered, in `language`. */
export const renderWithTraceResource = (element: ReactElement, resource: TraceResourceAnswer, language: Language = 'en') =>
  renderWithAnswers(element, [[traceResourceQuery().queryKey, resource]], language);

/** The checkbox input of node `id` in the picker's HTML ('' when absent). */
export const nodeCheckbox = (html: string, id: number) => html.match(new RegExp(`<input[^>]*data-node-id="${id}"[^>]*>`))?.[0] ?? '';
