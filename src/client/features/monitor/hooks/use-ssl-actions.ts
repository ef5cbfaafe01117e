import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENABLE_STATUS, type CertCheckBody, type EnableStatus } from '../../../../shared/index.js';
import { showSnackbar } from '../../../components/notification-store.js';
import { request } from '../../../lib/api-client.js';
import { deployResultQuery, tasksQueryKey } from '../api.js';

/**
 * The SSL list's changes (through the SSL calls) and its on-demand check. A refusal is notified by
 * the api client with the catalogue text; the lists are read again either way.
 */
export function useSslActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: tasksQueryKey });

  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: number; status: EnableStatus }) => request('domainSslUpdate', { id, status }),
    onSuccess: (task) =>
      showSnackbar(t(task.status === ENABLE_STATUS.ENABLED ? 'monitor:list.enabledDone' : 'monitor:list.disabledDone', { name: task.name })),
    onSettled: refresh,
  });

  const deleteTasks = useMutation({
    mutationFn: (ids: number[]) => request('domainSslDelete', { ids }),
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

  // A check changes no data, but its answer is the newest one: the list's expiry may move with it.
  const certcheck = useMutation({
    mutationFn: (body: CertCheckBody) => request('domainSslCertcheck', body),
    onSuccess: refresh,
  });

  return { setStatus, deleteTasks, rebuild, certcheck };
}
