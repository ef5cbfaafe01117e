import { MONITOR_TYPES, type MonitorType } from '../codes.js';

/**
 * The import template (§5): five sheet tabs in this order, each with its columns in this order.
 * Tab names are the same in every language; header cells are the `import:columns.<key>` texts of
 * the user's language, and an upload's header cell is accepted in any of the three languages (or
 * as the column key itself), so a team may mix languages. A changed tab or column order is refused
 * naming the tab and the column (2104). Exports of task lists 1-5 use the same columns, so an
 * export can be edited and imported again.
 */

export const IMPORT_COLUMN_KEYS = [
  'name',
  'domain',
  'port',
  'otherPath',
  'recordType',
  'dnsServers',
  'frequencyMinutes',
  'nodes',
  'matchingIps',
  'matchedIpGroup',
  'domainGroup',
  'tags',
  'enabled',
  'serialNumber',
  'region',
] as const;
export type ImportColumnKey = (typeof IMPORT_COLUMN_KEYS)[number];

/** The columns every tab ends with, after its type's own. */
const SHARED_TAIL: readonly ImportColumnKey[] = [
  'frequencyMinutes',
  'nodes',
  'matchingIps',
  'matchedIpGroup',
  'domainGroup',
  'tags',
  'enabled',
  'serialNumber',
  'region',
];

export const IMPORT_SHEET_NAMES = ['ICMP', 'TCP', 'HTTP', 'HTTPS', 'DNS'] as const;
export type ImportSheetName = (typeof IMPORT_SHEET_NAMES)[number];

export interface ImportSheet {
  name: ImportSheetName;
  type: MonitorType;
  columns: readonly ImportColumnKey[];
}

export const IMPORT_SHEETS: readonly ImportSheet[] = [
  { name: 'ICMP', type: MONITOR_TYPES.ICMP, columns: ['name', 'domain', ...SHARED_TAIL] },
  { name: 'TCP', type: MONITOR_TYPES.TCP, columns: ['name', 'domain', 'port', ...SHARED_TAIL] },
  { name: 'HTTP', type: MONITOR_TYPES.HTTP, columns: ['name', 'domain', 'port', 'otherPath', ...SHARED_TAIL] },
  { name: 'HTTPS', type: MONITOR_TYPES.HTTPS, columns: ['name', 'domain', 'port', 'otherPath', ...SHARED_TAIL] },
  { name: 'DNS', type: MONITOR_TYPES.DNS, columns: ['name', 'domain', 'recordType', 'dnsServers', ...SHARED_TAIL] },
];

export function importSheetOfType(type: MonitorType): ImportSheet | undefined {
  return IMPORT_SHEETS.find((sheet) => sheet.type === type);
}

/** The i18n key of a column's header cell. */
export const importColumnHeaderKey = (key: ImportColumnKey) => `import:columns.${key}` as const;

/**
 * List cells (nodes, DNS servers, matching IPs, tags) hold one entry per line; commas and
 * semicolons (also the full-width ones of Chinese input methods) separate entries too.
 */
export const IMPORT_LIST_SEPARATOR = /[\r\n,;，；、]+/;

export function importListOf(cell: string): string[] {
  return cell
    .split(IMPORT_LIST_SEPARATOR)
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

/**
 * The `enabled` cell: `import:values.yes` / `import:values.no` in the writer's language; a reader
 * takes those of every language, and 1/2 (the §3 enable status), true/false, y/n; empty is enabled.
 */
export const importEnabledTextKeys = { yes: 'import:values.yes', no: 'import:values.no' } as const;

/** How a list is written into a cell (export, template example, failed rows). */
export const importCellOfList = (entries: readonly string[]) => entries.join('\n');

/**
 * Limits of one upload (hostile files are refused before or while reading, with memory bounded).
 * Not given by the spec: our choices, documented in docs/architecture.md.
 */
export const IMPORT_LIMITS = {
  /** The uploaded file itself. */
  fileBytes: 5 * 1024 * 1024,
  /** Data rows over all tabs (the header rows not counted). */
  rowsMax: 10_000,
  /** Cells read over all tabs, empty ones inside the used range included. */
  cellsMax: 400_000,
  /** Uncompressed size over compressed size of an xlsx (zip) file: more is a zip bomb. */
  zipRatioMax: 100,
  /** Uncompressed bytes of all parts of an xlsx. */
  unzippedBytesMax: 100 * 1024 * 1024,
  /** Characters of one cell. */
  cellCharsMax: 4_096,
} as const;

export const IMPORT_FILE_EXTENSIONS = ['.xlsx', '.xls'] as const;

/** The file names of downloads, with the §9 date suffix added by the writer: `import-template-20261126.xlsx`. */
export const IMPORT_FILE_PREFIX = { template: 'import-template', failedRows: 'import-failed' } as const;
