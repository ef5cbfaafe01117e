import { useMutation } from '@tanstack/react-query';
import type { CertCheckBody } from '../../../../shared/index.js';
import { request } from '../../../lib/api-client.js';
import { useListActions } from './use-list-actions.js';

/** The SSL list's changes (through the SSL calls) and its on-demand check. */
export function useSslActions() {
  const { setStatus, deleteTasks, rebuild, refresh } = useListActions({
    setStatus: (body) => request('domainSslUpdate', body),
    deleteTasks: (ids) => request('domainSslDelete', { ids }),
  });

  // A check changes no data, but its answer is the newest one: the list's expiry may move with it.
  const certcheck = useMutation({
    mutationFn: (body: CertCheckBody) => request('domainSslCertcheck', body),
    onSuccess: refresh,
  });

  return { setStatus, deleteTasks, rebuild, certcheck };
}
