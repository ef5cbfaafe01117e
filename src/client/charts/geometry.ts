import { GEOMETRY_URLS } from 'virtual:vigil-geometry';
import type { GeometryName, RegionCollection } from '../geo/region-geometry.js';
import { cachedGeometry } from './geometry-cache.js';

async function fetchGeometry(name: GeometryName): Promise<RegionCollection> {
  const response = await fetch(GEOMETRY_URLS[name]);
  if (!response.ok) throw new Error(`Map geometry ${name}: HTTP ${response.status}`);
  return (await response.json()) as RegionCollection;
}

/** A map's regions from the content-hashed geometry file (cached by the browser for good). */
export function loadGeometry(name: GeometryName): Promise<RegionCollection> {
  return cachedGeometry(name, fetchGeometry);
}
