import type { NodeCatalogueEntry } from '../../../shared/index.js';

/**
 * Which nodes a task or an on-demand run may be given. A traceroute task runs the traceroute tool
 * on the node and an MTR run the mtr tool, so only nodes whose agent reported the tool
 * (/domain/traceresource) are offered; the others stay in sight, disabled, with the reason. A node
 * already chosen stays choosable, so it can be taken off.
 */
export type RouteTool = 'traceroute' | 'mtr';

export type NodeBlock = 'noTraceroute' | 'noMtr' | 'noAgent';

/** true/false from the agent's capabilities; null before an agent registered for the node. */
export type ToolsReported = Partial<Record<RouteTool, boolean | null>>;

type PickedNode = Pick<NodeCatalogueEntry, 'id'> & ToolsReported;

export type BlockOf = (node: PickedNode) => NodeBlock | null;

/** Every node is open (task types that need no tool). */
export const noBlock: BlockOf = () => null;

const TOOL_MISSING: Readonly<Record<RouteTool, NodeBlock>> = { traceroute: 'noTraceroute', mtr: 'noMtr' };

/** Open only when the node's agent has the tool. */
export function toolBlockOf(tool: RouteTool): BlockOf {
  return (node) => {
    const reported = node[tool];
    if (reported === true) return null;
    return reported === false ? TOOL_MISSING[tool] : 'noAgent';
  };
}

export const traceBlockOf = toolBlockOf('traceroute');

/** The ids among `nodes` that select-all may add: open ones, and those chosen already (select-all off takes them off). */
export function selectableIds(nodes: readonly PickedNode[], blockOf: BlockOf, selected: readonly number[] = []): number[] {
  const chosen = new Set(selected);
  return nodes.filter((node) => blockOf(node) === null || chosen.has(node.id)).map((node) => node.id);
}

/** Chosen nodes that cannot run it (their agent lacks the tool now): the picker points them out. */
export function blockedSelection(nodes: readonly PickedNode[], blockOf: BlockOf, selected: readonly number[]): number[] {
  const chosen = new Set(selected);
  return nodes.filter((node) => chosen.has(node.id) && blockOf(node) !== null).map((node) => node.id);
}
