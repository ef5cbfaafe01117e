import { ALERT_LOG_EVENTS, DEFAULT_PAGE_SIZE, LIMITS, PAGE_SIZES, type AlertLogEvent, type AlertLogListBody, type AlertRuleListBody, type MonitorType } from '../../../shared/index.js';
import { dayRangeBounds, dayRangeOf, setDayRangeParams, type DayRange } from '../../lib/day-range.js';
import { oneOf, positiveInteger } from '../../lib/url-params.js';

export { daysReversed } from '../../lib/day-range.js';

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
export interface LogView extends DayRange {
  ruleId: number | null;
  taskId: number | null;
  event: AlertLogEvent | null;
  page: number;
  pageSize: number;
}

export function logViewOf(params: URLSearchParams): LogView {
  return {
    ruleId: positiveInteger(params.get('ruleId')) ?? null,
    taskId: positiveInteger(params.get('taskId')) ?? null,
    event: oneOf(ALERT_LOG_EVENTS, params.get('event')) ?? null,
    ...dayRangeOf(params),
    page: positiveInteger(params.get('page')) ?? 1,
    pageSize: oneOf(PAGE_SIZES, params.get('size')) ?? DEFAULT_PAGE_SIZE,
  };
}

export function logViewParams(view: LogView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.ruleId !== null) params.set('ruleId', String(view.ruleId));
  if (view.taskId !== null) params.set('taskId', String(view.taskId));
  if (view.event !== null) params.set('event', view.event);
  setDayRangeParams(params, view);
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(view.pageSize));
  return params;
}

/** The list call's body: days become [from's midnight, the midnight after `to`). */
export function logListBodyOf(view: LogView): AlertLogListBody {
  const body: AlertLogListBody = { page: view.page, pageSize: view.pageSize };
  if (view.ruleId !== null) body.ruleId = view.ruleId;
  if (view.taskId !== null) body.taskId = view.taskId;
  if (view.event !== null) body.event = view.event;
  return { ...body, ...dayRangeBounds(view) };
}

