import { listPathOf } from '../../lib/task-paths.js';

/**
 * Where the form goes after saving or cancelling: back where the user came from when the screen
 * that linked here said so (`navigate(to, { state: { from } })`), else the task list of the type.
 * Only a path of this console counts (no other origin, not another task form).
 */
export function returnPathOf(state: unknown, type: number): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  if (typeof from === 'string' && isOwnPath(from) && !isTaskFormPath(from)) return from;
  return listPathOf(type);
}

function isOwnPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}

function isTaskFormPath(path: string): boolean {
  return /^\/monitor\/(create\/|edit\/|createtrace(?=$|[?#])|edittrace\/)/.test(path);
}
