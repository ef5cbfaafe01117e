import type { GeometryName, RegionCollection } from '../geo/region-geometry.js';

const loaded = new Map<GeometryName, Promise<RegionCollection>>();
const failed = new Set<GeometryName>();

/**
 * A map's regions, fetched once per page. The same promise is returned on every call, as React's
 * `use` needs, failures included: React renders again after an error, and a fresh fetch each time
 * would never end while offline. Kept apart from the fetch (which needs the geometry URLs) so the
 * map's retry button can clear it without loading the map code.
 */
export function cachedGeometry(name: GeometryName, fetchGeometry: (name: GeometryName) => Promise<RegionCollection>): Promise<RegionCollection> {
  let pending = loaded.get(name);
  if (!pending) {
    pending = fetchGeometry(name);
    pending.catch(() => failed.add(name));
    loaded.set(name, pending);
  }
  return pending;
}

/** Called by the user's retry: geometry that failed is fetched again on its next use. */
export function forgetFailedGeometry(): void {
  for (const name of failed) loaded.delete(name);
  failed.clear();
}
