import { z } from 'zod';
import { FailedImportRow, INBOX_STATUS, type InboxItem } from '../../../../shared/index.js';
import { alertLogPathOf } from '../../../lib/alert-paths.js';
import { inboxItemPath } from '../inbox-links.js';

/** The parts of an elapsed time worth saying, largest first; "0 ms" when there is nothing. */
export const ELAPSED_UNITS = ['day', 'hour', 'minute', 'second', 'ms'] as const;
export type ElapsedUnit = (typeof ELAPSED_UNITS)[number];

export function elapsedParts(elapsed: NonNullable<InboxItem['data']['elapsedTime']>): { unit: ElapsedUnit; count: number }[] {
  const parts = ELAPSED_UNITS.map((unit) => ({ unit, count: elapsed[unit] })).filter((part) => part.count > 0);
  return parts.length > 0 ? parts : [{ unit: 'ms', count: 0 }];
}

/** An import's failed rows as the contract shapes them; anything else in the data is passed over. */
export function failedImportRowsOf(data: InboxItem['data']): FailedImportRow[] {
  return (data.faildata ?? []).flatMap((row) => {
    const parsed = FailedImportRow.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}

const DeployFailure = z.object({ taskId: z.number().int(), nodeId: z.number().int(), errorCode: z.union([z.string(), z.number()]).nullish(), message: z.string().nullish() });
export type DeployFailure = z.infer<typeof DeployFailure>;

/** A deployment's error nodes (task, node, error code, message) as the deploy notices write them. */
export function deployFailuresOf(data: InboxItem['data']): DeployFailure[] {
  return (data.faildata ?? []).flatMap((row) => {
    const parsed = DeployFailure.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Local yyyy-mm-dd of a time (the alert log reads its days in the browser's time zone). */
function localDay(time: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
}

/** An alert's entry in the log: its task's log on the item's day (the log has no link to one entry). */
export function alertEntryPath(item: Pick<InboxItem, 'titleParams' | 'createdAt'>): string {
  const taskId = item.titleParams.taskId;
  const base = alertLogPathOf(typeof taskId === 'number' && Number.isSafeInteger(taskId) && taskId > 0 ? { taskId } : {});
  const created = new Date(item.createdAt);
  if (Number.isNaN(created.getTime())) return base;
  const day = localDay(created);
  const params = new URLSearchParams({ from: day, to: day });
  return `${base}${base.includes('?') ? '&' : '?'}${params.toString()}`;
}

/**
 * How a processing import's progress may be shown: `live` only when it was fetched during this
 * visit and the server is reachable; `kept` when it comes from the device (a cold start offline,
 * a failed refresh) — a number from the past must never read as how far the import is now.
 */
export type ProgressFreshness = 'live' | 'kept' | 'none';

export function progressFreshness(item: Pick<InboxItem, 'type' | 'status'>, fetchedThisVisit: boolean, connected: boolean): ProgressFreshness {
  if (item.type !== 'import' || item.status !== INBOX_STATUS.PROCESSING) return 'none';
  return fetchedThisVisit && connected ? 'live' : 'kept';
}

/** processed / total in percent (one decimal), from the data's own percent when it has one. */
export function percentOf(data: InboxItem['data']): number {
  if (typeof data.percent === 'number' && Number.isFinite(data.percent)) return Math.min(100, Math.max(0, data.percent));
  const total = data.total ?? 0;
  return total > 0 ? Math.min(100, Math.round(((data.processed ?? 0) / total) * 1000) / 10) : 0;
}

/** The bulk import screen, which shows the outcome of the import `?sno=` names. */
export const IMPORT_SCREEN_PATH = '/monitor/import';

export interface TargetLink {
  path: string;
  /** Key in the common namespace. */
  labelKey: string;
}

function deployLinkKey(item: Pick<InboxItem, 'titleParams' | 'data'>): string {
  if (typeof item.titleParams.taskId !== 'number') return 'inboxscreen:deploy.openTaskLists';
  return (item.data.fail ?? 0) > 0 ? 'inboxscreen:deploy.openDeployResult' : 'inboxscreen:deploy.openTask';
}

/** What an item is about, as a link with its words: a deployment's task, an alert's log entry, the import on the import screen. */
export function targetLinkOf(item: Pick<InboxItem, 'sno' | 'type' | 'titleParams' | 'data' | 'createdAt'>): TargetLink | null {
  if (item.type === 'alert') return { path: alertEntryPath(item), labelKey: 'inboxscreen:alert.openLog' };
  if (item.type === 'import') return { path: `${IMPORT_SCREEN_PATH}?${new URLSearchParams({ sno: item.sno }).toString()}`, labelKey: 'inboxscreen:import.openImport' };
  if (item.type === 'feedback') return { path: inboxItemPath(item) ?? '/overview', labelKey: 'inboxscreen:feedback.openFeedback' };
  const path = inboxItemPath(item);
  return path === null ? null : { path, labelKey: deployLinkKey(item) };
}

/** Which texts say why a node failed: the catalogue's error, and the reason word where the console knows it. */
export function deployFailureKeys(failure: DeployFailure): { errorKey: string | null; reasonKey: string | null; detail: string | null } {
  const errorKey = failure.errorCode === null || failure.errorCode === undefined ? null : `errors:${failure.errorCode}`;
  const message = failure.message ?? '';
  return { errorKey, reasonKey: message === '' ? null : `monitor:deploy.reason.${message}`, detail: message === '' ? null : message };
}
