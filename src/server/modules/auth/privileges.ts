import { PRIVILEGE_LEVELS, TASK_AREAS, type PrivilegeLevel, type TasksPrivilege } from '../../../shared/roles.js';

/** Reads the stored privilege JSON; a missing or unknown level means no access. */
export function parseTasksPrivilege(json: string): TasksPrivilege {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed === 'object' && parsed !== null) stored = parsed as Record<string, unknown>;
  } catch {
    // A corrupt row grants nothing rather than failing every call of the user.
  }
  const level = (value: unknown): PrivilegeLevel =>
    (PRIVILEGE_LEVELS as readonly unknown[]).includes(value) ? (value as PrivilegeLevel) : 'none';
  return Object.fromEntries(TASK_AREAS.map((area) => [area, level(stored[area])])) as TasksPrivilege;
}

export function parseRoles(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((role): role is string => typeof role === 'string') : [];
  } catch {
    return [];
  }
}
