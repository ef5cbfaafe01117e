import type { NodeCatalogueEntry } from '../../../shared/index.js';

/**
 * Which nodes a task may be given. A traceroute task runs the traceroute tool on the node, so only
 * nodes whose agent reported it (/domain/traceresource) are offered; the others stay in sight,
 * disabled, with the reason. A node already chosen stays choosable, so it can be taken off.
 */
export type NodeBlock = 'noTraceroute' | 'noAgent';

export interface TraceCapable {
  /** true/false from the agent's capabilities; null before an agent registered for the node. */
  traceroute?: boolean | null;
}

export type BlockOf = (node: Pick<NodeCatalogueEntry, 'id'> & TraceCapable) => NodeBlock | null;

/** Every node is open (types other than traceroute). */
export const noBlock: BlockOf = () => null;

/** Traceroute: open only when the node's agent has the tool. */
export const traceBlockOf: BlockOf = (node) => {
  if (node.traceroute === true) return null;
  return node.traceroute === false ? 'noTraceroute' : 'noAgent';
};

/** The ids among `nodes` that select-all may add: open ones, and those chosen already (select-all off takes them off). */
export function selectableIds(nodes: readonly (Pick<NodeCatalogueEntry, 'id'> & TraceCapable)[], blockOf: BlockOf, selected: readonly number[] = []): number[] {
  const chosen = new Set(selected);
  return nodes.filter((node) => blockOf(node) === null || chosen.has(node.id)).map((node) => node.id);
}

/** Chosen nodes that cannot run the task (their agent lacks traceroute now): the form points them out. */
export function blockedSelection(nodes: readonly (Pick<NodeCatalogueEntry, 'id'> & TraceCapable)[], blockOf: BlockOf, selected: readonly number[]): number[] {
  const chosen = new Set(selected);
  return nodes.filter((node) => chosen.has(node.id) && blockOf(node) !== null).map((node) => node.id);
}
