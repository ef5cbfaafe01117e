import { ENABLE_STATUS } from '../../../shared/codes.js';
import type { Language } from '../../../shared/constants.js';
import { importCellOfList, importEnabledTextKeys, type ImportColumnKey, type ImportSheet } from '../../../shared/import/template.js';
import { importText } from '../import-file/texts.js';
import type { Task } from '../tasks/task-model.js';

/**
 * A task as a row of the import template's tab for its type (§5), each cell written exactly as the
 * import reads it (src/server/modules/import-file/), so an export can be edited and imported again:
 * nodes by name (by catalogue slug where another node has the same name), DNS servers, matching IPs
 * and tags as list cells (one entry a line), the matched-IP group by name, enabled as the
 * `import:values.yes/no` text of the caller's language, port empty when none, frequency in minutes.
 */

/** What turns a task's ids into the names its cells hold. */
export interface ExportNames {
  nodeCellOf(nodeId: number): string;
  ipGroupNameOf(groupId: number): string | undefined;
}

export interface NodeLabel {
  id: number;
  name: string;
  slug: string | null;
}

const folded = (text: string) => text.trim().toLowerCase();

/**
 * A node's cell entry: its name, or its slug (when it has one) where the name does not tell it
 * apart: another node has the same name, or the name is another node's slug (the import resolves
 * slugs first, then names, case ignored).
 */
export function nodeCellsOf(nodes: readonly NodeLabel[]): (nodeId: number) => string {
  const owners = new Map<string, Set<number>>();
  const own = (text: string, id: number) => owners.set(folded(text), (owners.get(folded(text)) ?? new Set()).add(id));
  for (const node of nodes) {
    own(node.name, node.id);
    if (node.slug) own(node.slug, node.id);
  }
  const cellOf = (node: NodeLabel) => ((owners.get(folded(node.name))?.size ?? 0) > 1 && node.slug ? node.slug : node.name);
  const cells = new Map(nodes.map((node) => [node.id, cellOf(node)]));
  return (nodeId) => cells.get(nodeId) ?? String(nodeId);
}

type CellOf = (task: Task, names: ExportNames, language: Language) => string;

const CELLS: Record<ImportColumnKey, CellOf> = {
  name: (task) => task.name,
  domain: (task) => task.domain,
  port: (task) => (task.port === null ? '' : String(task.port)),
  otherPath: (task) => task.otherPath,
  recordType: (task) => task.protocol,
  dnsServers: (task) => importCellOfList(task.dnsServers),
  frequencyMinutes: (task) => String(task.frequencyMinutes),
  nodes: (task, names) => importCellOfList(task.nodeIds.map((id) => names.nodeCellOf(id))),
  matchingIps: (task) => importCellOfList(task.matchingIps),
  matchedIpGroup: (task, names) => (task.matchedIpGroupId === null ? '' : (names.ipGroupNameOf(task.matchedIpGroupId) ?? '')),
  domainGroup: (task) => task.domainGroup,
  tags: (task) => importCellOfList(task.tags),
  enabled: (task, _names, language) => importText(language, task.status === ENABLE_STATUS.DISABLED ? importEnabledTextKeys.no : importEnabledTextKeys.yes),
  serialNumber: (task) => task.serialNumber,
  region: (task) => task.region,
};

/** The task's cells in the tab's column order. */
export function exportRowOf(task: Task, sheet: ImportSheet, names: ExportNames, language: Language): string[] {
  return sheet.columns.map((column) => CELLS[column](task, names, language));
}
