// The order of the overview's tasks in trouble, apart from the overview's schemas (no zod), for
// the server's answer and the console's overview alike.
import { SERVICE_STATUS, SERVICE_STATUS_BANDS } from '../codes.js';
import type { AttentionTask } from './domain-overview.js';

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const ascending = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Where a task ranks within its band: its availability. An SSL task ranks as 0 % in error (an
 * expired or unreadable certificate fails every visit) and at the top of the warning band when
 * expiring (it still works).
 */
function rankPercentOf(task: AttentionTask): number {
  if (task.availabilityPercent !== null) return task.availabilityPercent;
  return task.serviceStatus === SERVICE_STATUS.ERROR ? 0 : SERVICE_STATUS_BANDS.normal;
}

/** Fewer days left rank worse, a check that read no certificate worst; tasks without a certificate tie. */
function daysLeftRankOf(task: AttentionTask): number {
  if (!task.certificate) return 0;
  return task.certificate.daysLeft ?? Number.NEGATIVE_INFINITY;
}

/**
 * Worst first: every error before every warning, then the lowest availability (see rankPercentOf),
 * the slower task (no successful check counting as slowest), the fewer days left, then by name and
 * id so the order never flickers between refreshes.
 */
export function compareAttention(a: AttentionTask, b: AttentionTask): number {
  return (
    b.serviceStatus - a.serviceStatus ||
    ascending(rankPercentOf(a), rankPercentOf(b)) ||
    ascending(b.avgResponseMs ?? Number.POSITIVE_INFINITY, a.avgResponseMs ?? Number.POSITIVE_INFINITY) ||
    ascending(daysLeftRankOf(a), daysLeftRankOf(b)) ||
    byName.compare(a.name, b.name) ||
    a.id - b.id
  );
}

/** The tasks in trouble, worst first; a new array. */
export function worstFirst(tasks: readonly AttentionTask[]): AttentionTask[] {
  return [...tasks].sort(compareAttention);
}
