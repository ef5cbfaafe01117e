import { MONITOR_TYPES, SSL_DEFAULT_PORT, validate, type FieldError, type TaskCreateBody, type TaskUpdateFields } from '../../../shared/index.js';
import type { TaskFormField, TaskFormValues } from './form-values.js';
import { ipLinesOf } from './ip-lines.js';
import { TASK_TYPE_SPECS, type FormTaskType } from './task-types.js';

/**
 * Form values ↔ call bodies. The body is checked with the type's shared schema (the one the server
 * checks with), so the form shows the same codes and texts the server would answer; server field
 * errors (1001 inner codes) come back onto the same fields through formErrorsOf.
 */

/** An error shown under one field: a catalogue code, its params, and which entry or line it is about. */
export interface FormError {
  code: number;
  params?: Record<string, string | number>;
}
export type FormErrors = Partial<Record<TaskFormField, FormError>>;

export type TaskUpdateRequest = TaskUpdateFields & { id: number };

export type Checked<T> = { ok: true; body: T } | { ok: false; errors: FormErrors };

const distinct = <T>(items: readonly T[]): T[] => [...new Set(items)];
const trimmedEntries = (items: readonly string[]) => distinct(items.map((item) => item.trim()).filter((item) => item !== ''));

/** The lists exactly as the body carries them, so an error's index finds its entry again. */
const listsOf = (values: TaskFormValues) => ({
  matchingIps: ipLinesOf(values.matchingIps),
  dnsServers: trimmedEntries(values.dnsServers),
  tags: trimmedEntries(values.tags),
  nodeIds: distinct(values.nodeIds),
});

/** Empty is "no port"; digits are a number; anything else goes as typed, so the schema calls it a wrong type. */
export function portValueOf(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** What the type's create call would receive, before the shared schema checks it. */
export function candidateOf(type: FormTaskType, values: TaskFormValues): Record<string, unknown> {
  const spec = TASK_TYPE_SPECS[type];
  const lists = listsOf(values);
  const body: Record<string, unknown> = {
    name: values.name.trim(),
    domain: values.domain.trim(),
    frequencyMinutes: values.frequencyMinutes,
    status: values.status,
    serialNumber: values.serialNumber.trim(),
    region: values.region.trim(),
    domainGroup: values.domainGroup.trim(),
    tags: lists.tags,
    nodeIds: lists.nodeIds,
  };
  if (spec.hasMatching) {
    body.matchingIps = lists.matchingIps.map((entry) => entry.ip);
    body.matchedIpGroupId = values.matchedIpGroupId;
  }
  if (spec.hasPort) body.port = portValueOf(values.port);
  // An SSL task without a port checks 443; saying so keeps an edit that clears the port from keeping the old one.
  if (type === MONITOR_TYPES.SSL && body.port === null) body.port = SSL_DEFAULT_PORT;
  if (spec.hasPath) body.otherPath = values.otherPath.trim();
  if (spec.isDns) {
    body.dnsServers = lists.dnsServers;
    body.protocol = values.recordType;
  }
  return body;
}

/** Wire field names that the form calls differently. */
const FORM_FIELD_OF_WIRE: Readonly<Record<string, TaskFormField>> = { protocol: 'recordType' };
const FORM_FIELDS: ReadonlySet<string> = new Set<TaskFormField>([
  'name', 'domain', 'port', 'otherPath', 'frequencyMinutes', 'status', 'serialNumber', 'region', 'matchingIps',
  'matchedIpGroupId', 'recordType', 'dnsServers', 'domainGroup', 'tags', 'nodeIds',
]);

function formFieldOf(wireField: string): TaskFormField | null {
  const field = FORM_FIELD_OF_WIRE[wireField] ?? wireField;
  return FORM_FIELDS.has(field) ? (field as TaskFormField) : null;
}

/** For an error about one entry of a list: the line of a matching IP, the text of a DNS server or tag. */
function entryParams(field: TaskFormField, index: number, values: TaskFormValues): Record<string, string | number> {
  const lists = listsOf(values);
  if (field === 'matchingIps') {
    const line = lists.matchingIps[index]?.line;
    return line === undefined ? {} : { line };
  }
  if (field === 'dnsServers' || field === 'tags') {
    const entry = lists[field][index];
    return entry === undefined ? {} : { entry };
  }
  return {};
}

export interface PlacedErrors {
  fields: FormErrors;
  /** Errors on no field of the form (should not happen; shown above the form). */
  unplaced: FieldError[];
}

/** Field errors (the shared schema's, or a 1001 answer's inner ones) on the form's fields, the first per field. */
export function formErrorsOf(errors: readonly FieldError[], values: TaskFormValues): PlacedErrors {
  const placed: PlacedErrors = { fields: {}, unplaced: [] };
  for (const error of errors) {
    const [head = '', index] = error.field.split('.');
    const field = formFieldOf(head);
    if (field === null) {
      placed.unplaced.push(error);
      continue;
    }
    const params = { ...error.params, ...(index === undefined ? {} : entryParams(field, Number(index), values)) };
    placed.fields[field] ??= Object.keys(params).length > 0 ? { code: error.code, params } : { code: error.code };
  }
  return placed;
}

/** Refusals the server answers with a code of their own that still belong to one field. */
export const FIELD_OF_CODE: Readonly<Partial<Record<number, TaskFormField>>> = {
  2130: 'port',
  2125: 'domain',
  2140: 'domain',
};

/** Checks the values as the type's create call would; a TCP task without a port is refused as the server does (2130). */
export function checkCreate(type: FormTaskType, values: TaskFormValues): Checked<TaskCreateBody> {
  const spec = TASK_TYPE_SPECS[type];
  const candidate = candidateOf(type, values);
  const result = validate(spec.schema, candidate);
  const errors = result.ok ? {} : formErrorsOf(result.errors, values).fields;
  if (spec.portRequired && candidate.port === null) errors.port ??= { code: 2130 };
  if (!result.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: result.data };
}

function sameFieldValue(key: string, a: unknown, b: unknown): boolean {
  if (key === 'nodeIds' && Array.isArray(a) && Array.isArray(b)) {
    const sort = (ids: unknown[]) => JSON.stringify([...(ids as number[])].sort((x, y) => x - y));
    return sort(a) === sort(b);
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Checks the values like a create, then keeps only the fields that differ from the task as loaded:
 * an update replaces just what it names, so a change made elsewhere to another field survives.
 */
export function checkUpdate(type: FormTaskType, id: number, values: TaskFormValues, loaded: TaskFormValues): Checked<TaskUpdateRequest> {
  const checked = checkCreate(type, values);
  if (!checked.ok) return checked;
  const before = candidateOf(type, loaded);
  const changes = Object.entries(checked.body).filter(([key, value]) => !sameFieldValue(key, value, before[key]));
  return { ok: true, body: { id, ...Object.fromEntries(changes) } };
}

/**
 * Errors about text still waiting in a DNS server or tag input (not added, because it did not
 * pass): saving now would silently leave that text out, so they hold the save like field errors.
 */
export function pendingEntryErrors(errors: FormErrors, values: TaskFormValues): FormErrors {
  const pending: FormErrors = {};
  for (const field of ['dnsServers', 'tags'] as const) {
    const entry = errors[field]?.params?.entry;
    if (typeof entry === 'string' && !values[field].includes(entry)) pending[field] = errors[field];
  }
  return pending;
}

/** The errors with one field's error set, or gone when `error` is undefined (a field left without an error counts as none). */
export function withFieldError(errors: FormErrors, field: TaskFormField, error: FormError | undefined): FormErrors {
  if (error !== undefined) return { ...errors, [field]: error };
  if (!(field in errors)) return errors;
  const { [field]: _cleared, ...rest } = errors;
  return rest;
}

/** Fields in error now: what the form's summary counts, so it never speaks of a field that shows nothing. */
export function errorCount(errors: FormErrors): number {
  return Object.values(errors).filter((error) => error !== undefined).length;
}

/** Whether an update body changes anything beyond naming its task. */
export function changesAnything(body: TaskUpdateRequest): boolean {
  return Object.keys(body).some((key) => key !== 'id');
}
