import { ALERT_LOG_EVENTS, DEFAULT_PAGE_SIZE, LIMITS, PAGE_SIZES, type AlertLogEvent, type AlertLogListBody, type AlertRuleListBody, type MonitorType } from '../../../shared/index.js';
import { oneOf, positiveInteger } from '../../lib/url-params.js';

/** The rule list's search and page, kept in the URL (`q`, `page`, `size`; defaults left out). */
export interface RuleListView {
  keyword: string;
  page: number;
  pageSize: number;
}

const cleanKeyword = (raw: string) => raw.trim().slice(0, LIMITS.nameMax);

export function ruleViewOf(params: URLSearchParams): RuleListView {
  return {
    keyword: cleanKeyword(params.get('q') ?? ''),
    page: positiveInteger(params.get('page')) ?? 1,
    pageSize: oneOf(PAGE_SIZES, params.get('size')) ?? DEFAULT_PAGE_SIZE,
  };
}

export function ruleViewParams(view: RuleListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.keyword !== '') params.set('q', view.keyword);
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(view.pageSize));
  return params;
}

export function ruleListBodyOf(type: MonitorType, view: RuleListView): AlertRuleListBody {
  return { monitorType: type, page: view.page, pageSize: view.pageSize, ...(view.keyword === '' ? {} : { keyword: view.keyword }) };
}

/** The log's filters and page, kept in the URL: links from a rule or a task open it narrowed. */
export interface LogView {
  ruleId: number | null;
  taskId: number | null;
  event: AlertLogEvent | null;
  /** Calendar days (yyyy-mm-dd) in the browser's time zone, both included. */
  fromDay: string;
  toDay: string;
  page: number;
  pageSize: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (raw: string | null) => (raw !== null && DAY.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : '');

export function logViewOf(params: URLSearchParams): LogView {
  return {
    ruleId: positiveInteger(params.get('ruleId')) ?? null,
    taskId: positiveInteger(params.get('taskId')) ?? null,
    event: oneOf(ALERT_LOG_EVENTS, params.get('event')) ?? null,
    fromDay: dayOf(params.get('from')),
    toDay: dayOf(params.get('to')),
    page: positiveInteger(params.get('page')) ?? 1,
    pageSize: oneOf(PAGE_SIZES, params.get('size')) ?? DEFAULT_PAGE_SIZE,
  };
}

export function logViewParams(view: LogView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.ruleId !== null) params.set('ruleId', String(view.ruleId));
  if (view.taskId !== null) params.set('taskId', String(view.taskId));
  if (view.event !== null) params.set('event', view.event);
  if (view.fromDay !== '') params.set('from', view.fromDay);
  if (view.toDay !== '') params.set('to', view.toDay);
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(view.pageSize));
  return params;
}

/** Local midnight of a yyyy-mm-dd day, `plusDays` later, in epoch ms. */
function localMidnight(day: string, plusDays = 0): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + plusDays).getTime();
}

/** The list call's body: days become [from's midnight, the midnight after `to`). */
export function logListBodyOf(view: LogView): AlertLogListBody {
  const body: AlertLogListBody = { page: view.page, pageSize: view.pageSize };
  if (view.ruleId !== null) body.ruleId = view.ruleId;
  if (view.taskId !== null) body.taskId = view.taskId;
  if (view.event !== null) body.event = view.event;
  if (view.fromDay !== '') body.from = localMidnight(view.fromDay);
  if (view.toDay !== '') body.to = localMidnight(view.toDay, 1);
  return body;
}

/** A days range that ends before it starts. */
export const daysReversed = (view: LogView) => view.fromDay !== '' && view.toDay !== '' && view.toDay < view.fromDay;
