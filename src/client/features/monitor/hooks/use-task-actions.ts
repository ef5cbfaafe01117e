import { request } from '../../../lib/api-client.js';
import { UPDATE_CALL_OF, type ListableType } from '../monitor-types.js';
import { useListActions } from './use-list-actions.js';

/** The task list's changes, through the type's update call and /domain/delete. */
export function useTaskActions(type: ListableType) {
  const { setStatus, deleteTasks, rebuild } = useListActions({
    setStatus: (body) => request(UPDATE_CALL_OF[type], body),
    deleteTasks: (ids) => request('domainDelete', { ids }),
  });
  return { setStatus, deleteTasks, rebuild };
}
