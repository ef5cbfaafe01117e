import { describe, expect, it } from 'vitest';
import {
  ariaSortOf,
  breakdownKindsOf,
  breakdownRowsOf,
  DEFAULT_BREAKDOWN_SORT,
  nextSort,
  sortBreakdownRows,
  type BreakdownNamer,
  type BreakdownRow,
} from '../../../src/client/features/detail/breakdown-rows.js';
import { figures, sampleBreakdown } from './fixtures.js';

const namer: BreakdownNamer = {
  node: (node) => node.name,
  nodeDetail: (node) => `${node.city} · ${node.isp}`,
  isp: (isp) => `isp ${isp}`,
  province: (province) => `province ${province}`,
  country: (country) => `country ${country}`,
};

const row = (name: string, successes: number, count: number, avg: number | null): BreakdownRow => ({ key: name, name, figures: figures(successes, count, avg) });
const names = (rows: readonly BreakdownRow[]) => rows.map((item) => item.name);

describe('breakdown sorting', () => {
  const rows = [row('ok', 60, 60, 10), row('none', 0, 0, null), row('bad', 10, 60, 500), row('shaky', 50, 60, 90), row('worse', 5, 60, 300)];

  it('puts the worst first by default: error (lowest availability first), warning, normal, no data', () => {
    expect(names(sortBreakdownRows(rows, DEFAULT_BREAKDOWN_SORT))).toEqual(['worse', 'bad', 'shaky', 'ok', 'none']);
  });

  it('sorts by availability, response time and checks, keeping rows without data last either way', () => {
    expect(names(sortBreakdownRows(rows, { by: 'availability', order: 'asc' }))).toEqual(['worse', 'bad', 'shaky', 'ok', 'none']);
    expect(names(sortBreakdownRows(rows, { by: 'availability', order: 'desc' }))).toEqual(['ok', 'shaky', 'bad', 'worse', 'none']);
    expect(names(sortBreakdownRows(rows, { by: 'response', order: 'desc' }))).toEqual(['bad', 'worse', 'shaky', 'ok', 'none']);
    expect(names(sortBreakdownRows(rows, { by: 'response', order: 'asc' }))).toEqual(['ok', 'shaky', 'worse', 'bad', 'none']);
    expect(names(sortBreakdownRows(rows, { by: 'count', order: 'asc' }))[0]).toBe('none');
    expect(names(sortBreakdownRows(rows, { by: 'name', order: 'asc' }))).toEqual(['bad', 'none', 'ok', 'shaky', 'worse']);
  });

  it('starts each column in the order a reader wants and flips it when chosen again', () => {
    expect(nextSort(DEFAULT_BREAKDOWN_SORT, 'status')).toEqual({ by: 'status', order: 'desc' });
    expect(nextSort(DEFAULT_BREAKDOWN_SORT, 'response')).toEqual({ by: 'response', order: 'desc' });
    expect(nextSort(DEFAULT_BREAKDOWN_SORT, 'availability')).toEqual({ by: 'availability', order: 'asc' });
    expect(nextSort({ by: 'name', order: 'asc' }, 'name')).toEqual({ by: 'name', order: 'desc' });
    expect(ariaSortOf({ by: 'name', order: 'desc' }, 'name')).toBe('descending');
    expect(ariaSortOf({ by: 'name', order: 'desc' }, 'count')).toBe('none');
  });
});

describe('breakdown rows', () => {
  it('names nodes, ISPs, provinces and countries for the reader', () => {
    const breakdown = sampleBreakdown();
    expect(breakdownRowsOf(breakdown, 'nodes', namer).map((item) => [item.name, item.detail])).toEqual([
      ['Beijing Telecom', 'Beijing · 1'],
      ['Lhasa Mobile', 'Lhasa · 3'],
      ['Hong Kong', 'Hong Kong · 0'],
      ['Singapore', 'Singapore · 9'],
    ]);
    expect(names(breakdownRowsOf(breakdown, 'isps', namer))).toEqual(['isp 0', 'isp 1', 'isp 3', 'isp 9']);
    expect(names(breakdownRowsOf(breakdown, 'provinces', namer))).toEqual(['province Beijing', 'province Tibet']);
    expect(breakdownRowsOf(breakdown, 'countries', namer).map((item) => [item.name, item.nodeCount])).toEqual([
      ['country CN', 2],
      ['country HK', 1],
      ['country SG', 1],
    ]);
  });

  it('offers the province table only when the task has nodes in China', () => {
    expect(breakdownKindsOf(sampleBreakdown())).toEqual(['nodes', 'isps', 'provinces', 'countries']);
    expect(breakdownKindsOf({ provinces: [] })).toEqual(['nodes', 'isps', 'countries']);
  });
});
