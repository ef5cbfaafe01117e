import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showSnackbar } from '../../components/notification-store.js';
import { onApiEvent } from '../../lib/api-events.js';
import { ApiError } from '../../lib/api-failure.js';
import type { ImportActivity } from '../../lib/import-activity.js';
import { checkTaskQuery, checkTaskQueryKey, IMPORT_NOT_FOUND, noteFinished, taskProgressQuery } from './api.js';

/** 2105: the server refused a change because an import is processing, maybe one this tab never heard of. */
const IMPORT_PROCESSING = 2105;

const isEnvelopeCode = (error: unknown, code: number) =>
  error instanceof ApiError && error.failure.kind === 'envelope' && Number(error.failure.code) === code;

/** A refusal with 2105 anywhere in the console: ask which import it is, so the lock shows and its progress is followed. */
function useLearnOfImports(queryClient: QueryClient): void {
  useEffect(
    () =>
      onApiEvent((event) => {
        if (event.type === 'failure' && event.failure.kind === 'envelope' && Number(event.failure.code) === IMPORT_PROCESSING) {
          void queryClient.invalidateQueries({ queryKey: checkTaskQueryKey });
        }
      }),
    [queryClient],
  );
}

/**
 * Follows the customer's processing import wherever the user is in the console (the session layout
 * runs it): the processing one comes from /domain/checkTask at start (a reload or another tab picks
 * it up), when the console is focused again, after an upload and after a 2105; its progress is
 * polled every 5 s. On 'done' (§4): the snackbar says scheduling finished, polling stops, and every
 * query is asked again (the inbox, the task lists with the new tasks, points and counts).
 */
export function useImportWatch(): ImportActivity | null {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useLearnOfImports(queryClient);
  const sno = useQuery(checkTaskQuery()).data?.processing ?? null;
  const progress = useQuery({ ...taskProgressQuery(sno ?? ''), enabled: sno !== null });
  const done = progress.data === 'done';
  const gone = isEnvelopeCode(progress.error, IMPORT_NOT_FOUND);
  useEffect(() => {
    if (sno === null) return;
    if (done) {
      noteFinished(queryClient, sno);
      showSnackbar(t('common:importWatch.finished'));
      void queryClient.invalidateQueries();
    } else if (gone) {
      void queryClient.invalidateQueries({ queryKey: checkTaskQueryKey });
    }
  }, [sno, done, gone, queryClient, t]);
  if (sno === null || done) return null;
  const data = progress.data;
  return { sno, progress: data === undefined || data === 'done' ? null : data };
}
