import { describe, expect, it } from 'vitest';
import { cachedGeometry, forgetFailedGeometry } from '../../../src/client/charts/geometry-cache.js';
import type { GeometryName, RegionCollection } from '../../../src/client/geo/region-geometry.js';

const empty: RegionCollection = { type: 'FeatureCollection', features: [] };

describe('geometry fetched once per page', () => {
  it('fetches each map once, however often it is asked for', async () => {
    const fetched: GeometryName[] = [];
    const fetcher = async (name: GeometryName) => {
      fetched.push(name);
      return empty;
    };
    const first = cachedGeometry('world', fetcher);
    expect(cachedGeometry('world', fetcher)).toBe(first);
    await first;
    expect(cachedGeometry('world', fetcher)).toBe(first);
    expect(fetched).toEqual(['world']);
  });

  it('keeps a failure until the user retries, then fetches again', async () => {
    let attempts = 0;
    const fetcher = async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return empty;
    };
    const failing = cachedGeometry('sea', fetcher);
    await expect(failing).rejects.toThrow('offline');
    expect(cachedGeometry('sea', fetcher)).toBe(failing);
    expect(attempts).toBe(1);
    forgetFailedGeometry();
    await expect(cachedGeometry('sea', fetcher)).resolves.toBe(empty);
    expect(attempts).toBe(2);
  });
});
