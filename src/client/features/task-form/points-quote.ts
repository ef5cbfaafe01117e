import { POINTS_PER_NODE, taskPointsCost } from '../../../shared/points.js';
import type { FrequencyMinutes } from '../../../shared/index.js';

/**
 * The points a task will cost, worked out as the user edits with the formula the server charges
 * by (src/shared/points.ts). A task being edited already holds points: saving charges or gives
 * back only the difference, and only a charge needs the contract to cover it (else 2111).
 */
export interface PointsQuote {
  /** Distinct nodes chosen. */
  nodes: number;
  /** Points one node adds at the chosen frequency (checks per hour). */
  perNode: number;
  cost: number;
  /** What the task holds now (0 for a new task). */
  held: number;
  /** What saving charges (positive) or gives back (negative). */
  delta: number;
  /** The contract's remaining points; null while unknown. */
  remaining: number | null;
  /** Remaining points once saved; null while unknown. */
  remainingAfter: number | null;
  /** Whether the remaining points cover the charge; null while unknown. */
  sufficient: boolean | null;
}

export interface PointsQuoteInput {
  frequencyMinutes: number;
  nodeIds: readonly number[];
  held?: number;
  remaining?: number | null;
}

export function pointsQuoteOf({ frequencyMinutes, nodeIds, held = 0, remaining = null }: PointsQuoteInput): PointsQuote {
  const cost = taskPointsCost({ frequencyMinutes, nodeIds });
  const delta = cost - held;
  const known = remaining !== null;
  return {
    nodes: new Set(nodeIds).size,
    perNode: POINTS_PER_NODE[frequencyMinutes as FrequencyMinutes] ?? 0,
    cost,
    held,
    delta,
    remaining,
    remainingAfter: known ? remaining - delta : null,
    // Giving back or keeping the same points never needs the contract.
    sufficient: delta <= 0 ? true : known ? delta <= remaining : null,
  };
}
