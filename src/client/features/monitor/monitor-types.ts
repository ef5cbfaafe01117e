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

/** Where a task's detail screen is: a traceroute task's is its route history. */
export function detailPathOf(type: number, id: number): string {
  return type === MONITOR_TYPES.TRACEROUTE ? `/monitor/${type}/tracedetail/${id}` : `/monitor/${type}/detail/${id}`;
}

/** Where a new task of the type is made: traceroute has its own form. */
export function createPathOf(type: number): string {
  return type === MONITOR_TYPES.TRACEROUTE ? '/monitor/createtrace' : `/monitor/create/${type}`;
}

/** Where a task is edited: traceroute has its own form. */
export function editPathOf(type: number, id: number): string {
  return type === MONITOR_TYPES.TRACEROUTE ? `/monitor/edittrace/${id}` : `/monitor/edit/${id}`;
}

/** What a row shows as its target: the domain with its port and path when the task has them. */
export function targetTextOf(task: { domain: string; port: number | null; otherPath?: string }): string {
  const host = task.domain.includes(':') && !task.domain.startsWith('[') ? `[${task.domain}]` : task.domain;
  const withPort = task.port ? `${host}:${task.port}` : task.domain;
  const path = task.otherPath ?? '';
  return path === '' || path.startsWith('/') ? `${withPort}${path}` : `${withPort}/${path}`;
}
