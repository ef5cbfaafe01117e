import type { Position } from 'geojson';
import type { RegionGeometry, Ring } from './region-geometry.js';

/** 3 decimals is about 100 m: finer than any map the console draws, and files stay small. */
export const COORDINATE_DECIMALS = 3;
const FACTOR = 10 ** COORDINATE_DECIMALS;

const round = (value: number) => Math.round(value * FACTOR) / FACTOR;

/** Rounded, without repeated points, closed; null when too little is left to enclose an area. */
export function compactRing(ring: readonly Position[]): Ring | null {
  const compact: Ring = [];
  for (const position of ring) {
    const point = [round(position[0] ?? 0), round(position[1] ?? 0)];
    const last = compact[compact.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) compact.push(point);
  }
  const first = compact[0];
  const last = compact[compact.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) compact.push([first[0] ?? 0, first[1] ?? 0]);
  return compact.length >= 4 ? compact : null;
}

/** Planar signed area in square degrees: positive when the ring runs counterclockwise. */
export function signedArea(ring: Ring): number {
  let twice = 0;
  for (let index = 0; index + 1 < ring.length; index += 1) {
    const [x1 = 0, y1 = 0] = ring[index] ?? [];
    const [x2 = 0, y2 = 0] = ring[index + 1] ?? [];
    twice += x1 * y2 - x2 * y1;
  }
  return twice / 2;
}

/** Ray casting; good enough for telling an island from a hole within one province. */
export function pointInRing(point: Position, ring: Ring): boolean {
  const [x = 0, y = 0] = point;
  let inside = false;
  for (let index = 0, previous = ring.length - 1; index < ring.length; previous = index, index += 1) {
    const [xi = 0, yi = 0] = ring[index] ?? [];
    const [xj = 0, yj = 0] = ring[previous] ?? [];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * d3-geo (which draws the maps) reads polygons on the sphere: the exterior ring must run clockwise
 * and holes counterclockwise, or the polygon is taken as the whole globe minus the region.
 */
function oriented(ring: Ring, clockwise: boolean): Ring {
  return signedArea(ring) < 0 === clockwise ? ring : [...ring].reverse();
}

/** Inside the polygon's exterior and in none of its holes (a ring in a lake is an island again). */
function encloses([exterior, ...holes]: Ring[], point: Position): boolean {
  return exterior !== undefined && pointInRing(point, exterior) && !holes.some((hole) => pointInRing(point, hole));
}

/**
 * Polygons from loose rings: a ring inside another is a hole of the smallest ring around it, any
 * other ring is an island of its own. Rings are compacted first; degenerate ones are dropped.
 */
export function polygonsOfRings(rings: readonly Ring[]): Ring[][] {
  const compact = rings.map(compactRing).filter((ring): ring is Ring => ring !== null);
  const bySize = compact.map((ring) => ({ ring, area: Math.abs(signedArea(ring)) })).sort((a, b) => b.area - a.area);
  const polygons: Ring[][] = [];
  for (const { ring } of bySize) {
    const probe = ring[0] ?? [0, 0];
    const around = [...polygons].reverse().find((polygon) => encloses(polygon, probe));
    if (around) around.push(oriented(ring, false));
    else polygons.push([oriented(ring, true)]);
  }
  return polygons;
}

/** A geometry with compacted rings, keeping its own ring order and orientation (world-atlas is already d3-wound). */
export function compactGeometry(geometry: RegionGeometry): RegionGeometry | null {
  const compactPolygon = (polygon: Position[][]) => {
    const exterior = polygon[0] && compactRing(polygon[0]);
    if (!exterior) return null;
    return [exterior, ...polygon.slice(1).map(compactRing).filter((ring): ring is Ring => ring !== null)];
  };
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates)
    .map(compactPolygon)
    .filter((polygon): polygon is Ring[] => polygon !== null);
  return asGeometry(polygons);
}

/** Polygon for one part, MultiPolygon for several, null for none. */
export function asGeometry(polygons: Ring[][]): RegionGeometry | null {
  if (polygons.length === 0) return null;
  if (polygons.length === 1 && polygons[0]) return { type: 'Polygon', coordinates: polygons[0] };
  return { type: 'MultiPolygon', coordinates: polygons };
}
