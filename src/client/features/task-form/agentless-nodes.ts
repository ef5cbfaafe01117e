import type { NodeCatalogueEntry } from '../../../shared/index.js';

/**
 * Nodes no agent has ever registered for (status "none"; 133 of 134 right after a fresh start). A
 * task on such a node gets no data there, and its deployment to it waits and then counts as an
 * error node until an agent registers. The picker hides them unless the user asks to see them,
 * but never hides a node the task has or the user chose, so a selection can always be taken off.
 * They cost points like every other node (docs/architecture.md, Decisions).
 */

type StatusOf = Pick<NodeCatalogueEntry, 'id' | 'status'>;

export function neverHadAgent(node: Pick<NodeCatalogueEntry, 'status'>): boolean {
  return node.status === 'none';
}

/** The nodes the picker lists: all of them with the switch on, else those with an agent plus the kept ones. */
export function pickerNodes<T extends StatusOf>(nodes: readonly T[], showAgentless: boolean, kept: ReadonlySet<number>): T[] {
  if (showAgentless) return [...nodes];
  return nodes.filter((node) => !neverHadAgent(node) || kept.has(node.id));
}

/** How many nodes without an agent there are: the switch says how many it would show. */
export function agentlessCount(nodes: readonly StatusOf[]): number {
  return nodes.filter(neverHadAgent).length;
}

/** Chosen nodes that have never had an agent: the form says what choosing them means. */
export function chosenAgentless(nodes: readonly StatusOf[], selected: readonly number[]): number[] {
  const chosen = new Set(selected);
  return nodes.filter((node) => chosen.has(node.id) && neverHadAgent(node)).map((node) => node.id);
}

/** The ids kept in sight once the switch goes off: those kept before and whatever is chosen now. */
export function keptWith(kept: ReadonlySet<number>, selected: readonly number[]): Set<number> {
  return new Set([...kept, ...selected]);
}
