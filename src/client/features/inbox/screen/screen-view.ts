import { DEFAULT_PAGE_SIZE, INBOX_STATUS, INBOX_TYPES, PAGE_SIZES, type InboxStatus, type InboxType } from '../../../../shared/index.js';
import { INBOX_ITEM_PARAM } from '../../../lib/inbox-paths.js';
import { oneOf, positiveInteger } from '../../../lib/url-params.js';

export const INBOX_STATUSES: readonly InboxStatus[] = [INBOX_STATUS.NOTIFY, INBOX_STATUS.PROCESSING, INBOX_STATUS.FINISHED];

/** The inbox screen's filters, page and open item, kept in the URL (`type`, `status`, `page`, `size`, `sno`; defaults left out). */
export interface InboxScreenView {
  type: InboxType | null;
  status: InboxStatus | null;
  page: number;
  pageSize: number;
  sno: string | null;
}

const SNO_MAX = 64;

function snoOf(raw: string | null): string | null {
  const value = raw?.trim() ?? '';
  return value === '' || value.length > SNO_MAX || /[\p{Cc}]/u.test(value) ? null : value;
}

export function inboxViewOf(params: URLSearchParams): InboxScreenView {
  return {
    type: oneOf(INBOX_TYPES, params.get('type')) ?? null,
    status: oneOf(INBOX_STATUSES, params.get('status')) ?? null,
    page: positiveInteger(params.get('page')) ?? 1,
    pageSize: oneOf(PAGE_SIZES, params.get('size')) ?? DEFAULT_PAGE_SIZE,
    sno: snoOf(params.get(INBOX_ITEM_PARAM)),
  };
}

export function inboxViewParams(view: InboxScreenView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.type !== null) params.set('type', view.type);
  if (view.status !== null) params.set('status', String(view.status));
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(view.pageSize));
  if (view.sno !== null) params.set(INBOX_ITEM_PARAM, view.sno);
  return params;
}

export interface InboxPageBody {
  page: number;
  pageSize: number;
  type?: InboxType;
  status?: InboxStatus;
}

/** The list call's body: only the filters that narrow. */
export function inboxPageBodyOf(view: InboxScreenView): InboxPageBody {
  const body: InboxPageBody = { page: view.page, pageSize: view.pageSize };
  if (view.type !== null) body.type = view.type;
  if (view.status !== null) body.status = view.status;
  return body;
}

export const isFiltered = (view: InboxScreenView) => view.type !== null || view.status !== null;
