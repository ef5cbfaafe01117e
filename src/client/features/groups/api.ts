import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { GroupListBody, IpGroupCreateBody } from '../../../shared/index.js';
import { request } from '../../lib/api-client.js';
import { IN_USE_CODE, NAME_TAKEN_CODE } from './failures.js';
import { LABEL_KIND_INFO, type LabelKind } from './label-kinds.js';

/**
 * Query keys. The task form reads the same lists under 'domain_group', 'tags' and
 * 'domain_group/addr', the task list filters under 'labels', and every task read starts with
 * 'tasks'; a change here refreshes all of those by prefix (features share keys, never code).
 */
const ipGroupsRoot = ['domain_group', 'addr'] as const;
const LABEL_FILTERS_ROOT = ['labels'] as const;
const TASKS_ROOT = ['tasks'] as const;
const TASK_INFO_ROOT = ['domain', 'info'] as const;

/** One page of domain groups or tags; the previous page stays on screen while the next one loads. */
export function labelPageQuery(kind: LabelKind, body: GroupListBody) {
  const info = LABEL_KIND_INFO[kind];
  return queryOptions({
    queryKey: [info.queryRoot, 'page', body] as const,
    queryFn: ({ signal }) => request(info.calls.list, body, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function createLabel(kind: LabelKind, name: string) {
  return request(LABEL_KIND_INFO[kind].calls.create, { name }, { explains: [NAME_TAKEN_CODE] });
}

export function renameLabel(kind: LabelKind, id: number, name: string) {
  return request(LABEL_KIND_INFO[kind].calls.update, { id, name }, { explains: [NAME_TAKEN_CODE] });
}

export function deleteLabels(kind: LabelKind, ids: readonly number[]) {
  return request(LABEL_KIND_INFO[kind].calls.remove, { ids: [...ids] });
}

/** Names live on tasks too: a rename or delete changes the task lists, their filters and open task forms. */
export function refreshAfterLabelChange(queryClient: QueryClient, kind: LabelKind): Promise<unknown> {
  return Promise.all(
    [[LABEL_KIND_INFO[kind].queryRoot], LABEL_FILTERS_ROOT, TASKS_ROOT, TASK_INFO_ROOT].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

export function ipGroupPageQuery(body: GroupListBody) {
  return queryOptions({
    queryKey: [...ipGroupsRoot, 'page', body] as const,
    queryFn: ({ signal }) => request('ipGroupSearch', body, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One group with its addresses; always asked afresh when a dialog opens (its task count decides delete). */
export function ipGroupQuery(id: number) {
  return queryOptions({
    queryKey: [...ipGroupsRoot, 'one', id] as const,
    queryFn: ({ signal }) => request('ipGroupGet', { id }, { signal }),
    staleTime: 0,
  });
}

export function createIpGroup(body: IpGroupCreateBody) {
  return request('ipGroupCreate', body, { explains: [NAME_TAKEN_CODE] });
}

export function replaceIpGroup(id: number, body: IpGroupCreateBody) {
  return request('ipGroupReplace', { id, ...body }, { explains: [NAME_TAKEN_CODE] });
}

export function deleteIpGroup(id: number) {
  return request('ipGroupDelete', { id }, { explains: [IN_USE_CODE] });
}

/**
 * New addresses redeploy the tasks using the group, so their deploy status changes too. A deleted
 * group's own query is left alone: asking for it again would only answer "not found".
 */
export function refreshAfterIpGroupChange(queryClient: QueryClient, deletedId?: number): Promise<unknown> {
  const deletedKey = deletedId === undefined ? null : ipGroupQuery(deletedId).queryKey;
  const isDeleted = (queryKey: readonly unknown[]) => deletedKey !== null && deletedKey.every((part, index) => queryKey[index] === part);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ipGroupsRoot, predicate: (query) => !isDeleted(query.queryKey) }),
    queryClient.invalidateQueries({ queryKey: TASKS_ROOT }),
    queryClient.invalidateQueries({ queryKey: TASK_INFO_ROOT }),
  ]);
}
