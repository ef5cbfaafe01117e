import { DnsCreateBody, HttpCreateBody, HttpsCreateBody, IcmpCreateBody, TcpCreateBody } from '../../../shared/calls/domain-fields.js';
import { MONITOR_TYPES } from '../../../shared/codes.js';
import { IMPORT_LIMITS, type ImportColumnKey } from '../../../shared/import/template.js';
import { validate } from '../../../shared/validation/validate.js';
import { assertRunnable } from '../tasks/service.js';
import { taskDefaults, type TaskFields, type TaskInput } from '../tasks/task-input.js';
import { distinctListOf, dnsServersOf, enableStatusOf, numberOf, portOf, recordTypeOf } from './cell-values.js';
import type { ImportLookups, NameResolution } from './lookups.js';
import type { ImportRow } from './read-file.js';
import { fieldFailure, rowFailureOf, type RowFailure } from './row-failure.js';

export type RowOutcome = { ok: true; input: TaskInput } | { ok: false; failure: RowFailure };

/** The create form's schema of each tab's type: a row is checked exactly as the form's body. */
const SCHEMAS = {
  [MONITOR_TYPES.ICMP]: IcmpCreateBody,
  [MONITOR_TYPES.TCP]: TcpCreateBody,
  [MONITOR_TYPES.HTTP]: HttpCreateBody,
  [MONITOR_TYPES.HTTPS]: HttpsCreateBody,
  [MONITOR_TYPES.DNS]: DnsCreateBody,
} as const;

type ImportType = keyof typeof SCHEMAS;
type Lists = Partial<Record<ImportColumnKey, readonly string[]>>;

class RowRefusal extends Error {
  constructor(readonly failure: RowFailure) {
    super('row refused');
  }
}

function refuse(failure: RowFailure): never {
  throw new RowRefusal(failure);
}

function resolvedId(resolution: NameResolution, field: ImportColumnKey, entry: string, what: 'Node' | 'IpGroup'): number {
  if ('found' in resolution) return resolution.found;
  return refuse({ errcode: 10010003, field, params: { kind: `${resolution.missing}${what}`, entry } });
}

function assertCellsFit(row: ImportRow): void {
  for (const [field, text] of Object.entries(row.cells) as [ImportColumnKey, string][]) {
    if (text.length > IMPORT_LIMITS.cellCharsMax) refuse({ errcode: 10010005, field, params: { max: IMPORT_LIMITS.cellCharsMax } });
  }
}

function commonBody(row: ImportRow, lookups: ImportLookups, lists: Lists): Record<string, unknown> {
  const { cells } = row;
  const status = enableStatusOf(cells.enabled);
  if (status === undefined) refuse({ errcode: 10010003, field: 'enabled', params: { kind: 'enabled', entry: cells.enabled } });
  const group = cells.matchedIpGroup;
  return {
    name: cells.name,
    domain: cells.domain,
    frequencyMinutes: numberOf(cells.frequencyMinutes),
    nodeIds: [...new Set((lists.nodes ?? []).map((entry) => resolvedId(lookups.resolveNode(entry), 'nodes', entry, 'Node')))],
    serialNumber: cells.serialNumber,
    region: cells.region,
    status,
    matchingIps: lists.matchingIps,
    matchedIpGroupId: group === '' ? null : resolvedId(lookups.resolveIpGroup(group), 'matchedIpGroup', group, 'IpGroup'),
    domainGroup: cells.domainGroup,
    tags: lists.tags,
  };
}

/** The create body of the row's type, before the schema checks it. */
function candidateOf(row: ImportRow, lookups: ImportLookups, lists: Lists): Record<string, unknown> {
  const body = commonBody(row, lookups, lists);
  const { cells } = row;
  if (row.type === MONITOR_TYPES.TCP || row.type === MONITOR_TYPES.HTTP || row.type === MONITOR_TYPES.HTTPS) body.port = portOf(cells.port);
  if (row.type === MONITOR_TYPES.HTTP || row.type === MONITOR_TYPES.HTTPS) body.otherPath = cells.otherPath;
  if (row.type === MONITOR_TYPES.DNS) {
    body.dnsServers = lists.dnsServers;
    const recordType = recordTypeOf(cells.recordType);
    if (recordType !== undefined) body.protocol = recordType;
  }
  return body;
}

function listsOf(row: ImportRow): Lists {
  const { cells } = row;
  return {
    nodes: distinctListOf(cells.nodes),
    matchingIps: distinctListOf(cells.matchingIps),
    tags: distinctListOf(cells.tags),
    dnsServers: dnsServersOf(cells.dnsServers),
  };
}

/** The entries a body's list index points at: the cell's lists, except nodes (the body has their ids). */
const entriesByColumn = (lists: Lists): Lists => ({ ...lists, nodes: [] });

/** A frequency outside the allowed ones says which are. */
function withKind(failure: RowFailure): RowFailure {
  if (failure.field === 'frequencyMinutes' && failure.errcode === 10010003) return { ...failure, params: { ...failure.params, kind: 'frequency' } };
  return failure;
}

function checkedInput(row: ImportRow, lookups: ImportLookups): TaskInput {
  assertCellsFit(row);
  const lists = listsOf(row);
  const checked = validate(SCHEMAS[row.type as ImportType], candidateOf(row, lookups, lists));
  if (!checked.ok) return refuse(withKind(fieldFailure(checked.errors[0] as (typeof checked.errors)[number], entriesByColumn(lists))));
  const input = { ...checked.data, type: row.type } as TaskInput;
  try {
    // The tasks service's rules across fields (TCP port 2130, DNS servers, request path length).
    assertRunnable({ ...taskDefaults(), ...input } as TaskFields);
  } catch (error) {
    const failure = rowFailureOf(error, lists);
    if (failure) refuse(failure);
    throw error;
  }
  return input;
}

/**
 * A row as the create input of its tab's type, checked with the create forms' shared schemas and
 * the tasks service's pure rules; the first problem is the row's failure (with its column).
 * Rules needing the database at write time (duplicates 2125, points 2111, private targets 2140)
 * are the import job's.
 */
export function rowToTaskInput(row: ImportRow, lookups: ImportLookups): RowOutcome {
  if (!(row.type in SCHEMAS)) return { ok: false, failure: { errcode: 10010003 } };
  try {
    return { ok: true, input: checkedInput(row, lookups) };
  } catch (error) {
    if (error instanceof RowRefusal) return { ok: false, failure: error.failure };
    throw error;
  }
}
