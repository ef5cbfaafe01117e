import { ENABLE_STATUS, FREQUENCIES_MINUTES, MONITOR_TYPES, type DomainInfo, type EnableStatus } from '../../../shared/index.js';
import { DNS_RECORD_TYPES } from '../../../shared/probe/options.js';
import { ipTextOf } from './ip-lines.js';

export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

/**
 * What the form holds while the user edits: text exactly as typed (port, matching IPs), choices as
 * values. form-body.ts turns it into a call body; valuesFromInfo turns a saved task back into it.
 */
export interface TaskFormValues {
  name: string;
  domain: string;
  /** As typed; empty is "no port" (the protocol's default for HTTP/HTTPS, refused for TCP). */
  port: string;
  otherPath: string;
  frequencyMinutes: number;
  status: EnableStatus;
  serialNumber: string;
  region: string;
  /** One address per line, as typed. */
  matchingIps: string;
  matchedIpGroupId: number | null;
  recordType: DnsRecordType;
  dnsServers: string[];
  domainGroup: string;
  tags: string[];
  nodeIds: number[];
}

export type TaskFormField = keyof TaskFormValues;

/** A new task checks every 5 minutes: frequent enough to notice, cheap in points. */
export const DEFAULT_FREQUENCY_MINUTES = 5;

export function emptyTaskValues(): TaskFormValues {
  return {
    name: '',
    domain: '',
    port: '',
    otherPath: '',
    frequencyMinutes: DEFAULT_FREQUENCY_MINUTES,
    status: ENABLE_STATUS.ENABLED,
    serialNumber: '',
    region: '',
    matchingIps: '',
    matchedIpGroupId: null,
    recordType: 'A',
    dnsServers: [],
    domainGroup: '',
    tags: [],
    nodeIds: [],
  };
}

/** A new task's values: the type's default port (SSL 443) and, when known, its default frequency. */
export function newTaskValues(type: number, defaultPort: number | null, frequencyMinutes?: number): TaskFormValues {
  const values = emptyTaskValues();
  if (type === MONITOR_TYPES.SSL && defaultPort !== null) values.port = String(defaultPort);
  if (frequencyMinutes !== undefined && isFrequency(frequencyMinutes)) values.frequencyMinutes = frequencyMinutes;
  return values;
}

function recordTypeOf(protocol: string): DnsRecordType {
  return DNS_RECORD_TYPES.find((type) => type === protocol.toUpperCase()) ?? 'A';
}

/** The form of a saved task (POST /domain/info). */
export function valuesFromInfo(info: DomainInfo): TaskFormValues {
  return {
    name: info.name,
    domain: info.domain,
    port: info.port === null ? '' : String(info.port),
    otherPath: info.otherPath,
    frequencyMinutes: info.frequencyMinutes,
    status: info.status,
    serialNumber: info.serialNumber,
    region: info.region,
    matchingIps: ipTextOf(info.matchingIps),
    matchedIpGroupId: info.matchedIpGroupId,
    recordType: recordTypeOf(info.protocol),
    dnsServers: [...info.dnsServers],
    domainGroup: info.domainGroup,
    tags: [...info.tags],
    nodeIds: [...info.nodeIds],
  };
}

export function isFrequency(value: number): boolean {
  return (FREQUENCIES_MINUTES as readonly number[]).includes(value);
}

const sortedIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** Whether the user changed anything: node order does not count, every other difference does. */
export function valuesDiffer(a: TaskFormValues, b: TaskFormValues): boolean {
  const comparable = (values: TaskFormValues) => JSON.stringify({ ...values, nodeIds: sortedIds(values.nodeIds) });
  return comparable(a) !== comparable(b);
}
