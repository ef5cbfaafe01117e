import { MONITOR_TYPES, TASK_TYPE_SLUGS, type MonitorType, type TaskTypeSlug } from '../../../shared/index.js';

/** The types whose lists come from /domain/list: 1-5 and traceroute (SSL has /domain/ssl/search). */
export type ListableType = (typeof TASK_TYPE_SLUGS)[TaskTypeSlug] | typeof MONITOR_TYPES.TRACEROUTE;

export const LISTABLE_TYPES: readonly ListableType[] = [...Object.values(TASK_TYPE_SLUGS), MONITOR_TYPES.TRACEROUTE];

export function isListableType(type: number): type is ListableType {
  return (LISTABLE_TYPES as readonly number[]).includes(type);
}

const SLUGS: Readonly<Record<MonitorType, string>> = {
  [MONITOR_TYPES.ICMP]: 'icmp',
  [MONITOR_TYPES.TCP]: 'tcp',
  [MONITOR_TYPES.HTTP]: 'http',
  [MONITOR_TYPES.HTTPS]: 'https',
  [MONITOR_TYPES.DNS]: 'dns',
  [MONITOR_TYPES.TRACEROUTE]: 'traceroute',
  [MONITOR_TYPES.SSL]: 'ssl',
};

/** The type's word in file names and call paths: icmp, tcp, http, https, dns, traceroute, ssl. */
export function typeSlugOf(type: MonitorType): string {
  return SLUGS[type];
}

/** The call that changes a task of the type (enable/disable goes through it). */
export const UPDATE_CALL_OF = {
  [MONITOR_TYPES.ICMP]: 'domainIcmpUpdate',
  [MONITOR_TYPES.TCP]: 'domainTcpUpdate',
  [MONITOR_TYPES.HTTP]: 'domainHttpUpdate',
  [MONITOR_TYPES.HTTPS]: 'domainHttpsUpdate',
  [MONITOR_TYPES.DNS]: 'domainDnsUpdate',
  [MONITOR_TYPES.TRACEROUTE]: 'domainTracerouteUpdate',
} as const satisfies Record<ListableType, string>;
