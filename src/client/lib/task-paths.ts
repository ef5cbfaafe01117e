import { MONITOR_TYPES } from '../../shared/index.js';

/** A task type's list. */
export function listPathOf(type: number): string {
  return `/monitor/${type}`;
}

/** Where a task's history is read: a traceroute task's is its route history (tracedetail), every other type's its detail. */
export function detailPathOf(type: number, id: number): string {
  return type === MONITOR_TYPES.TRACEROUTE ? `/monitor/${type}/tracedetail/${id}` : `/monitor/${type}/detail/${id}`;
}

/** Where a new task of the type is made: traceroute has its own form (createtrace). */
export function createPathOf(type: number): string {
  return type === MONITOR_TYPES.TRACEROUTE ? '/monitor/createtrace' : `/monitor/create/${type}`;
}

/** Where a task is edited: traceroute has its own form (edittrace). */
export function editPathOf(type: number, id: number): string {
  return type === MONITOR_TYPES.TRACEROUTE ? `/monitor/edittrace/${id}` : `/monitor/edit/${id}`;
}

/** A task's target as one line: the domain with its port and path where it has them. */
export function targetTextOf(task: { domain: string; port: number | null; otherPath?: string }): string {
  const host = task.domain.includes(':') && !task.domain.startsWith('[') ? `[${task.domain}]` : task.domain;
  const withPort = task.port ? `${host}:${task.port}` : task.domain;
  const path = task.otherPath ?? '';
  return path === '' || path.startsWith('/') ? `${withPort}${path}` : `${withPort}/${path}`;
}
