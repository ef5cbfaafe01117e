import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { codePointLength, LIMITS, type PointsQuoteBody, type TaskCreateBody } from '../../../shared/index.js';
import { request } from '../../lib/api-client.js';
import type { TaskUpdateRequest } from './form-body.js';
import type { FormTaskType } from './task-types.js';

/** The group and tag pickers suggest this many names matching what is typed. */
const SUGGESTIONS = 100;

export function nodeCatalogueQuery() {
  return queryOptions({
    queryKey: ['nodes', 'catalogue'] as const,
    queryFn: ({ signal }) => request('nodesCatalogue', undefined, { signal }),
  });
}

/** The task being edited, always read afresh: its deploy status decides whether saving can work. */
export function domainInfoQuery(id: number) {
  return queryOptions({
    queryKey: ['domain', 'info', id] as const,
    // A task that is not the customer's (2127) shows the screen's not-found state instead.
    queryFn: ({ signal }) => request('domainInfo', { id }, { signal, explains: [2127] }),
    staleTime: 0,
  });
}

/** Same key as the account screen's, so both read one cache entry. */
export function accountInfoQuery() {
  return queryOptions({
    queryKey: ['account', 'info'] as const,
    queryFn: ({ signal }) => request('accountInfo', undefined, { signal }),
    staleTime: 0,
  });
}

export function ipGroupOptionsQuery() {
  return queryOptions({
    queryKey: ['domain_group', 'addr', 'options'] as const,
    queryFn: ({ signal }) => request('ipGroupOptions', undefined, { signal }),
  });
}

/** Longer text can name no group or tag; the list call would refuse it. */
const searchable = (keyword: string) => codePointLength(keyword.trim()) <= LIMITS.groupNameMax;

export function domainGroupNamesQuery(keyword: string) {
  return queryOptions({
    queryKey: ['domain_group', 'names', keyword.trim()] as const,
    queryFn: ({ signal }) => request('domainGroupList', { keyword: keyword.trim(), pageSize: SUGGESTIONS }, { signal }),
    select: (answer) => answer.list.map((row) => row.name),
    placeholderData: keepPreviousData,
    enabled: searchable(keyword),
  });
}

export function tagNamesQuery(keyword: string) {
  return queryOptions({
    queryKey: ['tags', 'names', keyword.trim()] as const,
    queryFn: ({ signal }) => request('tagList', { keyword: keyword.trim(), pageSize: SUGGESTIONS }, { signal }),
    select: (answer) => answer.list.map((row) => row.name),
    placeholderData: keepPreviousData,
    enabled: searchable(keyword),
  });
}

/** Every node with whether its agent can run traceroute, the frequencies and the default one (traceroute form). */
export function traceResourceQuery() {
  return queryOptions({
    queryKey: ['domain', 'traceresource'] as const,
    queryFn: ({ signal }) => request('domainTraceResource', {}, { signal }),
  });
}

/** The server's quote; used for the remaining points when the account call is not open to the user. */
export function pointsQuoteQuery(body: PointsQuoteBody, enabled: boolean) {
  return queryOptions({
    queryKey: ['domain', 'points', 'quote', body] as const,
    queryFn: ({ signal }) => request('domainPointsQuote', body, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

const CREATE_CALLS = {
  1: 'domainIcmpCreate',
  2: 'domainTcpCreate',
  3: 'domainHttpCreate',
  4: 'domainHttpsCreate',
  5: 'domainDnsCreate',
  6: 'domainTracerouteCreate',
  7: 'domainSslCreate',
} as const satisfies Record<FormTaskType, string>;

const UPDATE_CALLS = {
  1: 'domainIcmpUpdate',
  2: 'domainTcpUpdate',
  3: 'domainHttpUpdate',
  4: 'domainHttpsUpdate',
  5: 'domainDnsUpdate',
  6: 'domainTracerouteUpdate',
  7: 'domainSslUpdate',
} as const satisfies Record<FormTaskType, string>;

/** POST /domain/{type}/create (traceroute: /domain/traceroute/create, SSL: /domain/ssl/create) with a body checked by that type's schema (form-body.ts). */
export function createTask(type: FormTaskType, body: TaskCreateBody) {
  return request(CREATE_CALLS[type], body);
}

/** POST /domain/{type}/update with the task's id and the fields that changed. */
export function updateTask(type: FormTaskType, body: TaskUpdateRequest) {
  return request(UPDATE_CALLS[type], body);
}
