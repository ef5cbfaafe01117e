import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import type { AlertRule, Language } from '../../../src/shared/index.js';

export function rule(overrides: Partial<AlertRule> = {}): AlertRule {
  return {
    id: 1,
    name: 'Shop down',
    monitorType: 3,
    mode: 2,
    condition: 'lt',
    sensitivity: 3,
    threshold: 0.8,
    sslDays: [],
    cooldownMinutes: 10,
    enable: 1,
    taskCount: 2,
    firing: false,
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-20T00:00:00.000Z',
    ...overrides,
  };
}

interface RenderOptions {
  path: string;
  url: string;
  language?: Language;
  /** Answers already in the cache, as a page would have them after its calls. */
  seed?: (client: QueryClient) => void;
}

/** Renders a screen at a URL with the real texts and seeded answers. */
export function renderScreen(element: ReactElement, { path, url, language = 'en', seed }: RenderOptions): string {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions(language), showSupportNotice: false });
  const client = new QueryClient();
  seed?.(client);
  return renderToString(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={element} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

export const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
