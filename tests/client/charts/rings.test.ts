import { geoArea } from 'd3-geo';
import { describe, expect, it } from 'vitest';
import type { Ring } from '../../../src/client/geo/region-geometry.js';
import { compactGeometry, compactRing, pointInRing, polygonsOfRings, signedArea } from '../../../src/client/geo/rings.js';

const square = (x: number, y: number, size: number): Ring => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
];

describe('ring compaction', () => {
  it('rounds to 3 decimals, drops repeated points and closes the ring', () => {
    expect(compactRing([[1.00049, 2], [1.0001, 2.0004], [2, 2], [2, 3]])).toEqual([
      [1, 2],
      [2, 2],
      [2, 3],
      [1, 2],
    ]);
  });

  it('drops a ring that no longer encloses anything', () => {
    expect(compactRing([[1, 1], [1.0001, 1.0001], [1.0002, 1]])).toBeNull();
  });
});

describe('polygons from loose rings', () => {
  it('keeps separate islands as separate polygons, each wound clockwise for d3', () => {
    const polygons = polygonsOfRings([square(0, 0, 1), square(5, 5, 1)]);
    expect(polygons).toHaveLength(2);
    for (const polygon of polygons) {
      expect(polygon).toHaveLength(1);
      expect(signedArea(polygon[0] ?? [])).toBeLessThan(0);
      expect(geoArea({ type: 'Polygon', coordinates: polygon })).toBeLessThan(0.01);
    }
  });

  it('makes a ring inside another a hole, wound the other way', () => {
    const [polygon, ...rest] = polygonsOfRings([square(2, 2, 1), square(0, 0, 10)]);
    expect(rest).toEqual([]);
    expect(polygon).toHaveLength(2);
    expect(signedArea(polygon?.[0] ?? [])).toBeLessThan(0);
    expect(signedArea(polygon?.[1] ?? [])).toBeGreaterThan(0);
    const area = geoArea({ type: 'Polygon', coordinates: polygon ?? [] });
    const outer = geoArea({ type: 'Polygon', coordinates: [polygon?.[0] ?? []] });
    expect(area).toBeLessThan(outer);
  });

  it('takes an island in a lake as an island again', () => {
    const polygons = polygonsOfRings([square(0, 0, 10), square(2, 2, 5), square(3, 3, 1)]);
    expect(polygons.map((polygon) => polygon.length)).toEqual([2, 1]);
  });

  it('tells inside from outside', () => {
    expect(pointInRing([0.5, 0.5], square(0, 0, 1))).toBe(true);
    expect(pointInRing([1.5, 0.5], square(0, 0, 1))).toBe(false);
  });

  it('compacts a world-atlas geometry without changing its winding', () => {
    const ring = [...square(0, 0, 1)].reverse();
    const compact = compactGeometry({ type: 'MultiPolygon', coordinates: [[ring], [[[9, 9], [9, 9.0001], [9.0001, 9]]]] });
    expect(compact).toEqual({ type: 'Polygon', coordinates: [[...ring, ring[0]]] });
  });
});
