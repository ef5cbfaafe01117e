import en from '../../../../locales/en/import.json' with { type: 'json' };
import zhCn from '../../../../locales/zh-cn/import.json' with { type: 'json' };
import zhTw from '../../../../locales/zh-tw/import.json' with { type: 'json' };
import { ENABLE_STATUS } from '../../../shared/codes.js';
import type { Language } from '../../../shared/constants.js';
import { importCellOfList, type ImportColumnKey, type ImportSheet } from '../../../shared/import/template.js';
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

const sameName = (name: string) => name.trim().toLowerCase();

/** A node's cell entry: its name, or its slug where another node has the same name (and it has one). */
export function nodeCellsOf(nodes: readonly NodeLabel[]): (nodeId: number) => string {
  const counts = new Map<string, number>();
  for (const node of nodes) counts.set(sameName(node.name), (counts.get(sameName(node.name)) ?? 0) + 1);
  const cells = new Map(nodes.map((node) => [node.id, (counts.get(sameName(node.name)) ?? 0) > 1 && node.slug ? node.slug : node.name]));
  return (nodeId) => cells.get(nodeId) ?? String(nodeId);
}

const ENABLED_TEXTS: Record<Language, { yes: string; no: string }> = { 'zh-tw': zhTw.values, 'zh-cn': zhCn.values, en: en.values };

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
  enabled: (task, _names, language) => (task.status === ENABLE_STATUS.DISABLED ? ENABLED_TEXTS[language].no : ENABLED_TEXTS[language].yes),
  serialNumber: (task) => task.serialNumber,
  region: (task) => task.region,
};

/** The task's cells in the tab's column order. */
export function exportRowOf(task: Task, sheet: ImportSheet, names: ExportNames, language: Language): string[] {
  return sheet.columns.map((column) => CELLS[column](task, names, language));
}
