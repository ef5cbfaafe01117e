import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEPLOY_RESULT_PARAM, positiveInteger } from '../../../lib/url-params.js';

interface NamedTask {
  id: number;
  name: string;
}

/** What the hook reads of a list's query: its rows, unless they are still the previous view's. */
interface ListQuery {
  data?: { list: readonly NamedTask[] } | undefined;
  isPlaceholderData: boolean;
}

/**
 * Opens the deploy result of the task the URL names, once the list's rows have arrived (named as
 * its row is, or by its id when it is not on this page). Answers what closing the dialog must also
 * do: take the parameter away, so a reload does not open it again.
 */
export function useDeployLink(list: ListQuery, open: (task: NamedTask) => void): () => void {
  const [searchParams, setSearchParams] = useSearchParams();
  const rows = list.isPlaceholderData ? undefined : list.data?.list;
  const id = positiveInteger(searchParams.get(DEPLOY_RESULT_PARAM));
  const openedFor = useRef<number | null>(null);
  useEffect(() => {
    if (id === undefined || rows === undefined || openedFor.current === id) return;
    openedFor.current = id;
    open(rows.find((row) => row.id === id) ?? { id, name: `#${id}` });
  }, [id, rows, open]);
  return useCallback(() => {
    if (id === undefined) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete(DEPLOY_RESULT_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [id, setSearchParams]);
}
