import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { StatusMap, TrendChart, type MapNode } from '../../../src/client/charts/index.js';
import { StatusMapTable } from '../../../src/client/charts/status-map-table.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import { MAP_TYPES, SERVICE_STATUS, type Language } from '../../../src/shared/index.js';

function render(element: ReactElement, language: Language = 'en'): string {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions(language), showSupportNotice: false });
  return renderToString(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const nodes: MapNode[] = [
  { id: 1, name: 'Beijing Telecom', latitude: 39.9, longitude: 116.4, country: 'CN', province: 'Beijing', availability: 99.5, latencyMs: 20 },
  { id: 2, name: 'Lhasa Mobile', latitude: 29.65, longitude: 91.17, country: 'CN', province: 'Tibet', availability: 50, latencyMs: 1234.5 },
  { id: 3, name: 'Harbin Unicom', latitude: 45.8, longitude: 126.5, country: 'CN', province: 'Heilongjiang', availability: null, latencyMs: null },
];

describe('chart states', () => {
  it('shows loading, then "no data" for an empty range, in the user language', () => {
    expect(text(render(<TrendChart points={undefined} isLoading />))).toContain('Loading chart…');
    expect(text(render(<TrendChart points={[]} />))).toContain('No data in this time range');
    expect(text(render(<TrendChart points={[{ at: 0, availability: null, latencyMs: null }]} />, 'zh-tw'))).toContain('此時間範圍內沒有資料');
    expect(text(render(<StatusMap mapType={MAP_TYPES.CHINA} nodes={[]} />, 'zh-cn'))).toContain('此时间范围内没有数据');
  });

  it('shows a failure with a retry button when there is a way to retry', () => {
    const html = render(<TrendChart points={undefined} isError onRetry={() => undefined} />);
    expect(html).toContain('role="alert"');
    expect(text(html)).toContain('The chart could not be loaded.');
    expect(text(html)).toContain('Retry');
    expect(text(render(<StatusMap mapType={MAP_TYPES.WORLD} nodes={undefined} isError />))).not.toContain('Retry');
  });

  it('waits for the chart code without drawing anything when there is data', () => {
    const html = render(<TrendChart points={[{ at: 0, availability: 100, latencyMs: 3 }]} />);
    expect(html).not.toContain('<canvas');
    expect(text(html)).toContain('Loading chart…');
  });

  it('offers the map as a table, with a legend naming every status', () => {
    const html = render(<StatusMap mapType={MAP_TYPES.CHINA} nodes={nodes} />);
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*>Show as table<\/button>/);
    for (const status of ['Normal', 'Warning', 'Error', 'No data', 'No node']) expect(text(html)).toContain(status);
  });
});

describe('status map as a table', () => {
  it('lists regions and nodes worst first, with their status in words', () => {
    const regions = [
      { key: 'Beijing', status: SERVICE_STATUS.NORMAL, availability: 99.5, latencyMs: 20, nodeCount: 1 },
      { key: 'Tibet', status: SERVICE_STATUS.ERROR, availability: 50, latencyMs: 1234.5, nodeCount: 1 },
      { key: 'Heilongjiang', status: SERVICE_STATUS.NONE, availability: null, latencyMs: null },
    ];
    const rows = text(render(<StatusMapTable id="t" mapType={MAP_TYPES.CHINA} regions={regions} nodes={nodes} />, 'zh-tw'));
    expect(rows).toContain('西藏 異常 50% 1,234.5 ms 1');
    expect(rows).toContain('北京 正常 99.5% 20 ms 1');
    expect(rows).toContain('黑龍江 無資料 — — —');
    expect(rows.indexOf('西藏')).toBeLessThan(rows.indexOf('北京'));
    expect(rows.indexOf('北京')).toBeLessThan(rows.indexOf('黑龍江'));
    expect(rows).toContain('Lhasa Mobile 異常 50%');
  });

  it('says so when no region has figures', () => {
    expect(text(render(<StatusMapTable id="t" mapType={MAP_TYPES.WORLD} regions={[]} nodes={[]} />))).toContain('No region has data yet.');
  });
});
