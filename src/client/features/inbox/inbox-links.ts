import { MONITOR_TYPE_CODES, type InboxItem } from '../../../shared/index.js';
import { alertLogPathOf } from '../../lib/alert-paths.js';
import { detailPathOf, listPathOf } from '../../lib/task-paths.js';
import { DEPLOY_RESULT_PARAM } from '../../lib/url-params.js';

/** The task lists' search parameter (their keyword). */
const KEYWORD_PARAM = 'q';

type LinkedItem = Pick<InboxItem, 'type' | 'titleParams' | 'data'>;

function monitorTypeOf(value: unknown): number | null {
  return typeof value === 'number' && (MONITOR_TYPE_CODES as readonly number[]).includes(value) ? value : null;
}

function taskIdOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The task's list narrowed to its name, with its deploy result open (where error nodes are rebuilt). */
function deployResultPath(type: number, id: number, name: unknown): string {
  const params = new URLSearchParams();
  if (typeof name === 'string' && name !== '') params.set(KEYWORD_PARAM, name);
  params.set(DEPLOY_RESULT_PARAM, String(id));
  return `${listPathOf(type)}?${params.toString()}`;
}

/** An alert (fire, repeat, recovery, SSL) to the alert log narrowed to its task, where its entries are. */
function alertPath(item: LinkedItem): string {
  const id = taskIdOf(item.titleParams.taskId);
  return alertLogPathOf(id === null ? {} : { taskId: id });
}

/** A reply to the user's feedback: the overview with that feedback open. */
function feedbackPath(item: LinkedItem): string {
  const id = taskIdOf(item.titleParams.feedbackId);
  return id === null ? '/overview' : `/overview?${new URLSearchParams({ feedback: String(id) }).toString()}`;
}

/**
 * Where an inbox item leads: a deployment of one task to its deploy result when nodes failed
 * (rebuild is there), else to the task's detail; a summary of many rounds to the task lists; an
 * alert to the alert log of its task; a reply to feedback to that feedback on the overview. Null for an item about nothing the console can show.
 */
export function inboxItemPath(item: LinkedItem): string | null {
  if (item.type === 'alert') return alertPath(item);
  if (item.type === 'feedback') return feedbackPath(item);
  if (item.type !== 'deploy') return null;
  const type = monitorTypeOf(item.titleParams.taskType);
  const id = taskIdOf(item.titleParams.taskId);
  if (type === null || id === null) return '/monitor';
  const failed = (item.data.fail ?? 0) > 0;
  return failed ? deployResultPath(type, id, item.titleParams.name) : detailPathOf(type, id);
}
