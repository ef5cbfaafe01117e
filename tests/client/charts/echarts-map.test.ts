import { describe, expect, it } from 'vitest';
import { decodeRing, extractRegisteredMap, featureRings, type EchartsFeature } from '../../../src/client/geo/echarts-map.js';

// A square of 10/1024° from (100°, 30°): deltas (0,0) (10,0) (0,10) (-10,0), zigzag-encoded as
// 0 → '@', 10 → 20 → 'T', -10 → 19 → 'S' (each character code minus 64).
const SQUARE = '@@T@@TS@';
const OFFSET = [100 * 1024, 30 * 1024] as const;
const STEP = 10 / 1024;

describe('ECharts coordinate decoding', () => {
  it('decodes a hand-made ring: zigzag deltas from the encode offset, in 1/1024 degree', () => {
    expect(decodeRing(SQUARE, OFFSET)).toEqual([
      [100, 30],
      [100 + STEP, 30],
      [100 + STEP, 30 + STEP],
      [100, 30 + STEP],
    ]);
  });

  it('decodes negative coordinates and odd zigzag values', () => {
    // offset (-1, -1)°, then deltas -1 (1 → 'A') and +1 (2 → 'B')
    expect(decodeRing('@@AB', [-1024, -1024])).toEqual([
      [-1, -1],
      [-1 - 1 / 1024, -1 + 1 / 1024],
    ]);
  });

  it('finds the GeoJSON an ECharts map script registers, strings with braces included', () => {
    const script = `(function (root, factory) { factory({}, root.echarts); }(this, function (exports, echarts) {
      if (!echarts) { return; }
      echarts.registerMap('china', {"type":"FeatureCollection","features":[{"id":"1","properties":{"name":"{x}"},
        "geometry":{"type":"Polygon","coordinates":["${SQUARE}"],"encodeOffsets":[[${OFFSET.join(',')}]]}}],"UTF8Encoding":true});
    }));`;
    const map = extractRegisteredMap(script);
    expect(map.UTF8Encoding).toBe(true);
    expect(map.features.map((feature) => feature.properties.name)).toEqual(['{x}']);
  });

  it('refuses a script without a registered map', () => {
    expect(() => extractRegisteredMap('var x = 1;')).toThrow(/registerMap/);
    expect(() => extractRegisteredMap("echarts.registerMap('a', {\"type\":")).toThrow(/ends inside/);
  });

  it('returns every ring of a multipolygon flat, each with its own offset', () => {
    const feature: EchartsFeature = {
      properties: { name: 'two islands' },
      geometry: { type: 'MultiPolygon', coordinates: [[SQUARE, SQUARE]], encodeOffsets: [[OFFSET, [0, 0]]] },
    };
    const rings = featureRings(feature, true);
    expect(rings).toHaveLength(2);
    expect(rings[1]?.[0]).toEqual([0, 0]);
  });

  it('passes plain coordinates through when the map is not compressed', () => {
    const ring = [[1, 2], [3, 4], [5, 6]];
    const feature = { properties: { name: 'plain' }, geometry: { type: 'Polygon', coordinates: [ring] } } as EchartsFeature;
    expect(featureRings(feature, false)).toEqual([ring]);
  });
});
