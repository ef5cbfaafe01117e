import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '../../../lib/api-files.js';
import { ApiError, type ApiFailure } from '../../../lib/api-failure.js';
import { noteProcessing } from '../screen-api.js';

/**
 * Refusals about the file itself, said beside the chooser where they stay readable: 1001 (not an
 * xlsx or xls, no rows to import), 2104 (naming the tab and column, or the limit), 2111 (points
 * missing for the file). Anything else (2105 among them) is the api client's notice.
 */
export const FILE_REFUSALS = [1001, 2104, 2111];

/** The refusal to show beside the chooser, or null when the api client's notice told it. */
export function fileRefusalOf(error: unknown): ApiFailure | null {
  if (!(error instanceof ApiError) || error.failure.kind !== 'envelope') return null;
  return FILE_REFUSALS.includes(Number(error.failure.code)) ? error.failure : null;
}

/** Sends the file (POST /domain/import, multipart); once the server took it, the watch follows the new import. */
export function useImportUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => upload('domainImport', file, undefined, { explains: FILE_REFUSALS }),
    onSuccess: (answer) => noteProcessing(queryClient, answer.sno),
  });
}
