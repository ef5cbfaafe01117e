import type { FieldError } from '../../../shared/envelope.js';
import type { ImportColumnKey } from '../../../shared/import/template.js';
import { AppError } from '../../http/app-error.js';

/** Why a row was not imported: a catalogue code (an inner 1001 code with its column), and params for its text. */
export interface RowFailure {
  errcode: number;
  field?: ImportColumnKey;
  params?: Record<string, string | number>;
}

/** Task fields (create bodies, TaskInput) → the template column holding them. */
const COLUMN_OF_FIELD: Readonly<Record<string, ImportColumnKey>> = {
  name: 'name',
  domain: 'domain',
  port: 'port',
  otherPath: 'otherPath',
  protocol: 'recordType',
  dnsServers: 'dnsServers',
  frequencyMinutes: 'frequencyMinutes',
  nodeIds: 'nodes',
  matchingIps: 'matchingIps',
  matchedIpGroupId: 'matchedIpGroup',
  domainGroup: 'domainGroup',
  tags: 'tags',
  status: 'enabled',
  serialNumber: 'serialNumber',
  region: 'region',
};

/** `tags.2` → the column `tags` (and entry index 2). */
function columnOf(field: string): { column: ImportColumnKey | undefined; index: number | undefined } {
  const [name = '', index] = field.split('.');
  return { column: COLUMN_OF_FIELD[name], index: index === undefined ? undefined : Number(index) };
}

/** A field error of a task's fields as a row failure; `lists` gives the entry an index points at. */
export function fieldFailure(error: FieldError, lists: Partial<Record<ImportColumnKey, readonly string[]>> = {}): RowFailure {
  const { column, index } = columnOf(error.field);
  const params: Record<string, string | number> = { ...error.params };
  const entry = column && index !== undefined ? lists[column]?.[index] : undefined;
  if (entry !== undefined) params.entry = entry;
  return {
    errcode: error.code,
    ...(column ? { field: column } : {}),
    ...(Object.keys(params).length > 0 ? { params } : {}),
  };
}

/** Columns a task-level code is about (2130: the port). */
const COLUMN_OF_CODE: Readonly<Partial<Record<number, ImportColumnKey>>> = { 2130: 'port', 2125: 'domain' };

/**
 * Anything creating a row's task threw, as the row's failure: 1001 → its first field error (with
 * the column); another catalogue error → its code, its safe message kept as `message`. Undefined
 * for an unexpected error (not the row's fault: the caller decides).
 */
export function rowFailureOf(error: unknown, lists: Partial<Record<ImportColumnKey, readonly string[]>> = {}): RowFailure | undefined {
  if (!(error instanceof AppError)) return undefined;
  const first = error.data?.errors[0];
  if (error.code === 1001 && first) return fieldFailure(first, lists);
  const field = COLUMN_OF_CODE[error.code];
  return {
    errcode: error.code,
    ...(field ? { field } : {}),
    ...(error.publicMessage ? { params: { message: error.publicMessage } } : {}),
  };
}
