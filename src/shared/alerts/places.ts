import { ISP_CODES } from '../codes.js';
import type { NodeRoundOutcome } from './verdict.js';

type PlacedNode = Pick<NodeRoundOutcome, 'province' | 'region' | 'country' | 'isp'>;

/** The region value of the Southeast Asia nodes (ISP code 9), which have no China region. */
export const SOUTHEAST_ASIA_REGION = 'SEA';

/**
 * A node's region: its China region (NE…NW), or `SEA` for a Southeast Asia node; null for other
 * nodes abroad, whose only place is their country.
 */
export function regionOf(node: PlacedNode): string | null {
  if (node.region !== null) return node.region;
  return node.isp === ISP_CODES.SOUTHEAST_ASIA ? SOUTHEAST_ASIA_REGION : null;
}

export type PlaceScope = 'province' | 'region' | 'country';

/** The places a verdict may name, narrowest first, and how each is read off a node. */
export const PLACE_LEVELS: readonly { scope: PlaceScope; placeOf: (node: PlacedNode) => string | null }[] = [
  { scope: 'province', placeOf: (node) => node.province },
  { scope: 'region', placeOf: regionOf },
  { scope: 'country', placeOf: (node) => node.country },
];

/** The distinct non-null values, sorted, for stable messages and tests. */
export function distinctSorted<T extends string | number>(values: readonly (T | null)[]): T[] {
  const present = values.filter((value): value is T => value !== null);
  return [...new Set(present)].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
}
