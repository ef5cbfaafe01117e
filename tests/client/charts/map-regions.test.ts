import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  isOnMap,
  regionDisplayName,
  regionKeyOfNode,
  regionStatusesFromNodes,
  sortRegionsForReading,
  type MapNode,
} from '../../../src/client/charts/map-regions.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import { htmlLangOf } from '../../../src/client/lib/language.js';
import { MAP_TYPES, SERVICE_STATUS, type Language } from '../../../src/shared/index.js';

const node = (overrides: Partial<MapNode>): MapNode => ({
  id: 1, name: 'n', latitude: 0, longitude: 0, country: 'CN', province: 'Beijing', availability: 100, latencyMs: 10, ...overrides,
});

describe('which region a node colours', () => {
  it('is its province on the China map, and its country elsewhere', () => {
    const beijing = node({ country: 'CN', province: 'Inner Mongolia' });
    expect(regionKeyOfNode(beijing, MAP_TYPES.CHINA)).toBe('Inner Mongolia');
    expect(regionKeyOfNode(beijing, MAP_TYPES.WORLD)).toBe('CN');
  });

  it('is Hong Kong or Macau by code on the China map; Taiwan is not on it', () => {
    expect(regionKeyOfNode(node({ country: 'HK', province: null }), MAP_TYPES.CHINA)).toBe('HK');
    expect(regionKeyOfNode(node({ country: 'MO', province: null }), MAP_TYPES.CHINA)).toBe('MO');
    expect(regionKeyOfNode(node({ country: 'TW', province: null }), MAP_TYPES.CHINA)).toBeNull();
    expect(isOnMap(node({ country: 'TW', province: null }), MAP_TYPES.CHINA)).toBe(false);
    expect(regionKeyOfNode(node({ country: 'TW', province: null }), MAP_TYPES.WORLD)).toBe('TW');
  });

  it('keeps the Southeast Asia map to its countries and the world map to everyone', () => {
    expect(isOnMap(node({ country: 'SG', province: null }), MAP_TYPES.SOUTHEAST_ASIA)).toBe(true);
    expect(isOnMap(node({ country: 'JP', province: null }), MAP_TYPES.SOUTHEAST_ASIA)).toBe(false);
    expect(isOnMap(node({ country: 'JP', province: null }), MAP_TYPES.WORLD)).toBe(true);
  });
});

describe('region statuses from nodes', () => {
  it('averages the nodes that have data and bands the result (95 / 75)', () => {
    const nodes = [
      node({ id: 1, province: 'Beijing', availability: 100, latencyMs: 10 }),
      node({ id: 2, province: 'Beijing', availability: 90, latencyMs: 30 }),
      node({ id: 3, province: 'Beijing', availability: null, latencyMs: null }),
      node({ id: 4, province: 'Tibet', availability: 74.9, latencyMs: 300 }),
      node({ id: 5, province: 'Hebei', availability: null, latencyMs: null }),
      node({ id: 6, province: 'Tianjin', availability: 95, latencyMs: 5 }),
    ];
    const byKey = Object.fromEntries(regionStatusesFromNodes(nodes, MAP_TYPES.CHINA).map((region) => [region.key, region]));
    expect(byKey['Beijing']).toEqual({ key: 'Beijing', availability: 95, latencyMs: 20, status: SERVICE_STATUS.NORMAL, nodeCount: 3 });
    expect(byKey['Tibet']?.status).toBe(SERVICE_STATUS.ERROR);
    expect(byKey['Hebei']).toMatchObject({ status: SERVICE_STATUS.NONE, availability: null });
    expect(byKey['Tianjin']?.status).toBe(SERVICE_STATUS.NORMAL);
  });

  it('bands a region just under 95 as warning and leaves off nodes not on the map', () => {
    const regions = regionStatusesFromNodes(
      [node({ country: 'JP', province: null, availability: 94.99 }), node({ country: 'TW', province: null })],
      MAP_TYPES.SOUTHEAST_ASIA,
    );
    expect(regions).toEqual([]);
    const world = regionStatusesFromNodes([node({ country: 'JP', province: null, availability: 94.99 })], MAP_TYPES.WORLD);
    expect(world.map((region) => [region.key, region.status])).toEqual([['JP', SERVICE_STATUS.WARNING]]);
  });

  it('reads worst first, then by name', () => {
    const regions = [
      { key: 'b', status: SERVICE_STATUS.NORMAL },
      { key: 'a', status: SERVICE_STATUS.NONE },
      { key: 'c', status: SERVICE_STATUS.ERROR },
      { key: 'a', status: SERVICE_STATUS.NORMAL },
      { key: 'd', status: SERVICE_STATUS.WARNING },
    ];
    expect(sortRegionsForReading(regions, (region) => region.key).map((region) => `${region.key}${region.status}`)).toEqual([
      'c3', 'd2', 'a1', 'b1', 'a0',
    ]);
  });
});

function translatorFor(language: Language) {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions(language), showSupportNotice: false });
  return { t: i18n.t.bind(i18n), exists: (key: string) => i18n.exists(key), locale: htmlLangOf(language) };
}

describe('region names in the user language', () => {
  it('names provinces through the place names and countries through the country names', () => {
    expect(regionDisplayName('Inner Mongolia', MAP_TYPES.CHINA, translatorFor('zh-tw'))).toBe('內蒙古');
    expect(regionDisplayName('HK', MAP_TYPES.CHINA, translatorFor('en'))).toBe('Hong Kong');
    expect(regionDisplayName('TW', MAP_TYPES.WORLD, translatorFor('zh-cn'))).toBe(translatorFor('zh-cn').t('places:codes.country.TW'));
  });

  it('falls back to the browser names for other countries, then to the geometry name', () => {
    expect(regionDisplayName('FR', MAP_TYPES.WORLD, translatorFor('en'))).toBe('France');
    expect(regionDisplayName('', MAP_TYPES.WORLD, translatorFor('en'), 'Siachen Glacier')).toBe('Siachen Glacier');
    expect(regionDisplayName('Atlantis', MAP_TYPES.CHINA, translatorFor('en'))).toBe('Atlantis');
  });
});
