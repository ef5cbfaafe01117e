import { describe, expect, it } from 'vitest';
import {
  filterNodes,
  filterOptions,
  groupByMapType,
  hasNodeFilters,
  missingNodeIds,
  regionOfProvince,
  selectionState,
  toggleNode,
  withAll,
  withNodeFilter,
} from '../../../src/client/features/task-form/node-selection.js';
import type { NodeCatalogueEntry } from '../../../src/shared/index.js';
import { catalogueNode as node } from '../support/catalogue-node.js';

const beijingTelecom = node({ name: 'Beijing Telecom', city: 'Beijing', province: 'Beijing', region: 'NC', isp: 1 });
const beijingMobile = node({ name: 'Beijing Mobile', city: 'Beijing', province: 'Beijing', region: 'NC', isp: 3 });
const shanghaiTelecom = node({ name: 'Shanghai Telecom', city: 'Shanghai', province: 'Shanghai', region: 'EC', isp: 1 });
const hangzhouUnicom = node({ name: 'Hangzhou Unicom', city: 'Hangzhou', province: 'Zhejiang', region: 'EC', isp: 2, status: 'none' });
const singapore = node({ name: 'Singapore', city: 'Singapore', country: 'SG', isp: 9, mapType: 2 });
const bangkok = node({ name: 'Bangkok', city: 'Bangkok', country: 'TH', isp: 9, mapType: 2, status: 'warning' });
const tokyo = node({ name: 'Tokyo', city: 'Tokyo', country: 'JP', isp: 8, mapType: 3 });
const local = node({ name: 'Local', city: 'Local', country: 'TW', isp: 0, mapType: 3 });
const catalogue = [beijingTelecom, beijingMobile, shanghaiTelecom, hangzhouUnicom, singapore, bangkok, tokyo, local];
const ids = (nodes: readonly NodeCatalogueEntry[]) => nodes.map((entry) => entry.id);

describe('filters', () => {
  it('narrow by region, province, country and ISP together', () => {
    expect(filterNodes(catalogue, {})).toEqual(catalogue);
    expect(filterNodes(catalogue, { region: 'EC' })).toEqual([shanghaiTelecom, hangzhouUnicom]);
    expect(filterNodes(catalogue, { province: 'Beijing', isp: 3 })).toEqual([beijingMobile]);
    expect(filterNodes(catalogue, { country: 'SG' })).toEqual([singapore]);
    expect(filterNodes(catalogue, { isp: 1 })).toEqual([beijingTelecom, shanghaiTelecom]);
    expect(filterNodes(catalogue, { isp: 0 })).toEqual([local]);
    expect(filterNodes(catalogue, { region: 'SW' })).toEqual([]);
  });

  it('are set from select values, "" meaning any', () => {
    expect(withNodeFilter({}, 'isp', '2')).toEqual({ isp: 2 });
    expect(withNodeFilter({}, 'isp', '0')).toEqual({ isp: 0 });
    expect(withNodeFilter({ isp: 2, country: 'CN' }, 'isp', '')).toEqual({ country: 'CN' });
    expect(hasNodeFilters({})).toBe(false);
    expect(hasNodeFilters(withNodeFilter({}, 'country', 'JP'))).toBe(true);
  });

  it('drop a province outside a newly chosen region, and keep one inside it', () => {
    const regionOf = (province: string) => regionOfProvince(catalogue, province);
    expect(withNodeFilter({ province: 'Beijing' }, 'region', 'EC', regionOf)).toEqual({ region: 'EC' });
    expect(withNodeFilter({ province: 'Zhejiang' }, 'region', 'EC', regionOf)).toEqual({ region: 'EC', province: 'Zhejiang' });
    expect(withNodeFilter({ province: 'Zhejiang', region: 'EC' }, 'region', '', regionOf)).toEqual({ province: 'Zhejiang' });
  });

  it('offer the provinces of the chosen region, and the countries and ISPs the catalogue has', () => {
    expect(filterOptions(catalogue, {}).provinces).toEqual(['Beijing', 'Shanghai', 'Zhejiang']);
    expect(filterOptions(catalogue, { region: 'EC' }).provinces).toEqual(['Shanghai', 'Zhejiang']);
    expect(filterOptions(catalogue, {}).countries).toEqual(['CN', 'JP', 'SG', 'TH', 'TW']);
    expect(filterOptions(catalogue, {}).isps).toEqual([0, 1, 2, 3, 8, 9]);
  });
});

describe('map-type groups', () => {
  it('are China, Southeast Asia and World in that order, keeping empty ones', () => {
    const groups = groupByMapType(filterNodes(catalogue, { isp: 9 }));
    expect(groups.map((group) => group.mapType)).toEqual([1, 2, 3]);
    expect(groups.map((group) => ids(group.nodes))).toEqual([[], ids([singapore, bangkok]), []]);
  });
});

describe('selection', () => {
  const china = ids(groupByMapType(catalogue)[0]?.nodes ?? []);

  it('says whether none, some or all of a set are chosen', () => {
    expect(selectionState([], china)).toBe('none');
    expect(selectionState([beijingTelecom.id, tokyo.id], china)).toBe('some');
    expect(selectionState([...china, tokyo.id], china)).toBe('all');
    expect(selectionState([tokyo.id], [])).toBe('none');
  });

  it('selects all of a group and leaves other choices alone', () => {
    const chosen = withAll([tokyo.id, beijingTelecom.id], china, true);
    expect(chosen).toEqual([tokyo.id, beijingTelecom.id, beijingMobile.id, shanghaiTelecom.id, hangzhouUnicom.id]);
    expect(new Set(chosen).size).toBe(chosen.length);
    expect(withAll(chosen, china, false)).toEqual([tokyo.id]);
  });

  it('selects all the filtered nodes only', () => {
    const shown = ids(filterNodes(catalogue, { isp: 1 }));
    expect(withAll([singapore.id], shown, true)).toEqual([singapore.id, beijingTelecom.id, shanghaiTelecom.id]);
    expect(withAll([singapore.id, beijingTelecom.id], shown, false)).toEqual([singapore.id]);
  });

  it('toggles one node', () => {
    expect(toggleNode([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggleNode([1, 2, 3], 2)).toEqual([1, 3]);
  });

  it('finds chosen nodes the catalogue no longer has', () => {
    expect(missingNodeIds([tokyo.id, 9999], catalogue)).toEqual([9999]);
    expect(missingNodeIds(ids(catalogue), catalogue)).toEqual([]);
  });
});
