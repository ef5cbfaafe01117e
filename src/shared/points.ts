import { FREQUENCIES_MINUTES, type FrequencyMinutes } from './constants.js';

/**
 * Contract points (§1, §3): what a monitor task costs. One formula, here once, so the console
 * quotes exactly what the server charges.
 *
 *   cost = distinct selected nodes × checks per hour per node
 *
 * where checks per hour = 60 / frequency in minutes: 1 min → 60, 2 → 30, 5 → 12, 10 → 6, 15 → 4,
 * 20 → 3, 30 → 2, 60 → 1. Every monitor type costs the same per check. A task holds its cost for
 * as long as it exists, enabled or disabled (disabling never frees points, so enabling again can
 * never fail for want of them); deleting it gives the points back. A node without an agent costs
 * the same as any node: choosing it reserves its checks, which run once an agent registers there
 * (docs/architecture.md, Decisions).
 */

/** Checks per hour per node at each allowed frequency: the points a node adds to a task. */
export const POINTS_PER_NODE: Readonly<Record<FrequencyMinutes, number>> = Object.fromEntries(
  FREQUENCIES_MINUTES.map((minutes) => [minutes, 60 / minutes]),
) as Record<FrequencyMinutes, number>;

export interface PointsCostInput {
  frequencyMinutes: number;
  nodeIds: readonly number[];
}

/** The points a task with these settings costs; 0 for a frequency outside §9's list. */
export function taskPointsCost(task: PointsCostInput): number {
  const perNode = POINTS_PER_NODE[task.frequencyMinutes as FrequencyMinutes] ?? 0;
  return new Set(task.nodeIds).size * perNode;
}

/**
 * Kinds of point transactions (the account's points log): a task created, changed or deleted, and
 * an operator's top-up of a contract. The one list the server writes and the console reads.
 */
export const POINT_TRANSACTION_KINDS = ['create', 'update', 'delete', 'topup'] as const;
export type PointTransactionKind = (typeof POINT_TRANSACTION_KINDS)[number];
