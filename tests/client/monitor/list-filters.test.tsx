import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ListFilters } from '../../../src/client/features/monitor/components/list-filters.js';
import { SslFilters } from '../../../src/client/features/monitor/components/ssl-filters.js';
import { TimeControls } from '../../../src/client/features/monitor/components/time-controls.js';
import { TypeTabs } from '../../../src/client/features/monitor/components/type-tabs.js';
import { DEFAULT_LIST_VIEW } from '../../../src/client/features/monitor/list-view.js';
import { DEFAULT_SSL_VIEW } from '../../../src/client/features/monitor/ssl-view.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import type { Language } from '../../../src/shared/index.js';

function render(element: ReactElement, language: Language = 'en'): string {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions(language), showSupportNotice: false });
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>{element}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const ignore = () => undefined;

/** The "Filters" button and the element it folds (its id from aria-controls). */
function disclosureOf(html: string): { button: string; panelClass: string; panel: string } {
  const button = /<button[^>]*aria-expanded="(?:true|false)"[^>]*>.*?<\/button>/.exec(html)?.[0] ?? '';
  const panelId = /aria-controls="([^"]+)"/.exec(button)?.[1] ?? '';
  const panelAt = html.indexOf(`id="${panelId}"`);
  const panelClass = /class="([^"]*)"/.exec(html.slice(panelAt))?.[1] ?? '';
  return { button, panelClass, panel: html.slice(panelAt) };
}

describe('the task list filters on a narrow screen', () => {
  it('fold behind a closed "Filters" button; the search box stays outside it', () => {
    const html = render(<ListFilters view={DEFAULT_LIST_VIEW} onKeyword={ignore} onFilter={ignore} onSort={ignore} />);
    const { button, panelClass, panel } = disclosureOf(html);
    expect(button).toContain('aria-expanded="false"');
    expect(text(button).trim()).toBe('Filters ▼');
    expect(panelClass.split(' ')).toEqual(expect.arrayContaining(['hidden', 'md:contents']));
    for (const label of ['Domain group', 'Tag', 'Status', 'Service status', 'Sort by', 'Order']) expect(text(panel)).toContain(label);
    expect(html.indexOf('role="search"')).toBeLessThan(html.indexOf(button));
  });

  it('say how many filters are active (sorting is not a filter)', () => {
    const view = { ...DEFAULT_LIST_VIEW, tag: 'prod', serviceStatus: 3 as const, sortBy: 'name' as const };
    expect(text(disclosureOf(render(<ListFilters view={view} onKeyword={ignore} onFilter={ignore} onSort={ignore} />)).button)).toContain('Filters (2)');
    const ssl = { ...DEFAULT_SSL_VIEW, sslStatus: 6 as const };
    expect(text(disclosureOf(render(<SslFilters view={ssl} onKeyword={ignore} onFilter={ignore} onSort={ignore} />, 'zh-tw')).button)).toContain('篩選（1）');
    expect(text(disclosureOf(render(<SslFilters view={ssl} onKeyword={ignore} onFilter={ignore} onSort={ignore} />, 'zh-cn')).button)).toContain('筛选（1）');
  });

  it('make selects, boxes and buttons 44 px high below the wide layout', () => {
    const html = render(<ListFilters view={DEFAULT_LIST_VIEW} onKeyword={ignore} onFilter={ignore} onSort={ignore} />);
    expect(html).toMatch(/role="group"[^>]*class="[^"]*max-lg:\[&amp;_select\]:min-h-11/);
    expect(disclosureOf(html).button).toContain('min-h-11');
  });
});

describe('the SSL status filter', () => {
  it('offers each SSL status, check failed, expired or check failed, and not checked yet', () => {
    const html = render(<SslFilters view={DEFAULT_SSL_VIEW} onKeyword={ignore} onFilter={ignore} onSort={ignore} />);
    const options = [...html.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((match) => [match[1], match[2]]);
    expect(options.slice(0, 7)).toEqual([
      ['', 'Any'],
      ['1', 'Not expired'],
      ['2', 'Expiring within a week'],
      ['3', 'Expired'],
      ['4', 'Check failed'],
      ['6', 'Expired or check failed'],
      ['5', 'Not checked yet'],
    ]);
  });
});

describe('the time range on a narrow screen', () => {
  it('shares one row with auto-refresh', () => {
    const html = render(<TimeControls time={DEFAULT_LIST_VIEW.time} refresh={0} onTime={ignore} onRefresh={ignore} />);
    expect(html).toMatch(/^<div class="[^"]*grid grid-cols-2[^"]*md:flex/);
    expect(text(html)).toContain('Time range');
    expect(text(html)).toContain('Auto-refresh');
  });
});

describe('the type tabs', () => {
  it('scroll sideways and mark the current type; each is a 44 px target', () => {
    const html = render(<TypeTabs current={7} />);
    expect(html).toMatch(/<nav[^>]*class="[^"]*overflow-x-auto/);
    expect(html).toMatch(/aria-current="page" class="[^"]*min-h-11[^"]*" href="\/monitor\/7"/);
  });
});
