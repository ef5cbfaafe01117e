import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENABLE_STATUS, type EnableStatus } from '../../../../shared/index.js';
import { showSnackbar } from '../../../components/notification-store.js';
import { request } from '../../../lib/api-client.js';
import { deployResultQuery, tasksQueryKey } from '../api.js';

/** The calls a list changes its tasks through: the type's update call and its delete call. */
export interface ListCalls {
  setStatus: (body: { id: number; status: EnableStatus }) => Promise<{ name: string; status: EnableStatus }>;
  deleteTasks: (ids: number[]) => Promise<{ deleted: number }>;
}

/**
 * A list's changes to its tasks: enable/disable, bulk delete and rebuild of error nodes. A refusal
 * (2131 deploying, 2127 gone, 2007 administrator view…) is notified by the api client with the
 * catalogue text; either way the lists are read again, so the screen shows what the server holds.
 */
export function useListActions(calls: ListCalls) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: tasksQueryKey });

  const setStatus = useMutation({
    mutationFn: calls.setStatus,
    onSuccess: (task) =>
      showSnackbar(t(task.status === ENABLE_STATUS.ENABLED ? 'monitor:list.enabledDone' : 'monitor:list.disabledDone', { name: task.name })),
    onSettled: refresh,
  });

  const deleteTasks = useMutation({
    mutationFn: calls.deleteTasks,
    onSuccess: (answer) => showSnackbar(t('monitor:delete.done', { count: answer.deleted })),
    onSettled: refresh,
  });

  const rebuild = useMutation({
    mutationFn: (id: number) => request('domainRebuild', { id }),
    onSuccess: (answer) => {
      queryClient.setQueryData(deployResultQuery(answer.taskId).queryKey, answer);
      showSnackbar(t('monitor:deploy.rebuildDone'));
    },
    onSettled: refresh,
  });

  return { setStatus, deleteTasks, rebuild, refresh };
}
