import { MONITOR_TYPES, type DomainInfo } from '../../../shared/index.js';

/** Where the detail screens and their neighbours are. */
export const detailPathOf = (type: number, id: number) => `/monitor/${type}/detail/${id}`;
export const traceDetailPathOf = (type: number, id: number) => `/monitor/${type}/tracedetail/${id}`;
export const listPathOf = (type: number) => `/monitor/${type}`;

/** Traceroute tasks are edited on their own screen (edittrace); the others on /monitor/edit. */
export function editPathOf(task: Pick<DomainInfo, 'id' | 'type'>): string {
  return task.type === MONITOR_TYPES.TRACEROUTE ? `/monitor/edittrace/${task.id}` : `/monitor/edit/${task.id}`;
}

/** Where a task's history is read: traceroute tasks on tracedetail, every other type on detail. */
export function screenPathOf(task: Pick<DomainInfo, 'id' | 'type'>): string {
  return task.type === MONITOR_TYPES.TRACEROUTE ? traceDetailPathOf(task.type, task.id) : detailPathOf(task.type, task.id);
}

/** The task's target as one line: the domain with its port and path where it has them. */
export function targetTextOf(task: Pick<DomainInfo, 'domain' | 'port' | 'otherPath'>): string {
  const host = task.domain.includes(':') && !task.domain.startsWith('[') ? `[${task.domain}]` : task.domain;
  const withPort = task.port ? `${host}:${task.port}` : task.domain;
  const path = task.otherPath;
  return path === '' || path.startsWith('/') ? `${withPort}${path}` : `${withPort}/${path}`;
}

/** The task id of a URL segment; null when it cannot name a task (the screen shows "not found" without asking). */
export function taskIdOf(segment: string): number | null {
  const id = Number(segment);
  return /^\d+$/.test(segment) && Number.isSafeInteger(id) && id > 0 ? id : null;
}
