import { MONITOR_TYPES, TASK_TYPE_SLUGS, type MonitorType, type TaskTypeSlug } from '../../../shared/index.js';

/** The types whose task lists exist now (traceroute and SSL get theirs with their own calls). */
export type ListableType = (typeof TASK_TYPE_SLUGS)[TaskTypeSlug];

export const LISTABLE_TYPES: readonly ListableType[] = Object.values(TASK_TYPE_SLUGS);

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
} as const satisfies Record<ListableType, string>;

/** Where a task's detail screen is. */
export function detailPathOf(type: number, id: number): string {
  return `/monitor/${type}/detail/${id}`;
}

/** What a row shows as its target: the domain with its port and path when the task has them. */
export function targetTextOf(task: { domain: string; port: number | null; otherPath?: string }): string {
  const host = task.domain.includes(':') && !task.domain.startsWith('[') ? `[${task.domain}]` : task.domain;
  const withPort = task.port ? `${host}:${task.port}` : task.domain;
  const path = task.otherPath ?? '';
  return path === '' || path.startsWith('/') ? `${withPort}${path}` : `${withPort}/${path}`;
}
