/** Roles and task-area privileges of spec §6. */

export const ROLES = { CUSTOMER: 'customer', MANAGER: 'manager', ADMIN: 'admin' } as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];

export const TASK_AREAS = ['overview', 'monitor', 'alert', 'nodes'] as const;
export type TaskArea = (typeof TASK_AREAS)[number];

/** 'none' means no access; 'view' reads; 'edit' reads and changes. */
export const PRIVILEGE_LEVELS = ['none', 'view', 'edit'] as const;
export type PrivilegeLevel = (typeof PRIVILEGE_LEVELS)[number];
export type TasksPrivilege = Record<TaskArea, PrivilegeLevel>;

export const FULL_TASKS_PRIVILEGE: TasksPrivilege = { overview: 'edit', monitor: 'edit', alert: 'edit', nodes: 'edit' };

export interface AccessSubject {
  roles: readonly string[];
  tasksPrivilege: TasksPrivilege;
  /** Present while an administrator views a customer. */
  adminToken?: string | undefined;
}

export interface AccessNeed {
  area?: TaskArea | undefined;
  /** Routes may declare roles; an empty or missing list admits every role. */
  roles?: readonly string[] | undefined;
  mutation?: boolean | undefined;
}

function seesEverything(subject: AccessSubject): boolean {
  return subject.roles.includes(ROLES.MANAGER) || subject.adminToken !== undefined;
}

/** Whether a subject may see a route or read through a call (§6). */
export function canAccess(subject: AccessSubject, need: AccessNeed): boolean {
  if (seesEverything(subject)) return true;
  if (need.roles && need.roles.length > 0 && !need.roles.some((role) => subject.roles.includes(role))) return false;
  if (!need.area) return true;
  const level = subject.tasksPrivilege[need.area];
  if (level === 'none') return false;
  return !need.mutation || level === 'edit';
}
