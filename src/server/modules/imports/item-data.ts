import type { FailedImportRow, ImportProgress, ImportResult } from '../../../shared/calls/domain-import.js';
import type { InboxItem } from '../../../shared/calls/inbox.js';
import { isoTime } from '../../db/columns.js';
import { elapsedOf } from '../inbox/elapsed.js';
import type { ImportCounts, ImportJobRow } from './repo.js';

/** What the import's inbox item says (§3): counts, percent, elapsed time, end time and, once finished, the failed rows. */

export const IMPORT_ACTION = 'import';

export const IMPORT_TITLES = {
  processing: 'push:events.import.processing.title',
  finished: 'push:events.import.finished.title',
} as const;
export const IMPORT_BODIES = { finished: 'push:events.import.finished.body' } as const;

/** processed / total × 100 with one decimal; an import of nothing is done. */
export function percentOf(processed: number, total: number): number {
  return total === 0 ? 100 : Math.floor((processed / total) * 1000) / 10;
}

export function importItemData(job: ImportJobRow, counts: ImportCounts, now: number, faildata: readonly FailedImportRow[] = []): InboxItem['data'] {
  const end = job.ended_at ?? now;
  return {
    total: job.total,
    ...counts,
    elapsedTime: elapsedOf(end - job.started_at),
    endtime: job.ended_at === null ? null : isoTime(job.ended_at),
    percent: percentOf(counts.processed, job.total),
    action: IMPORT_ACTION,
    faildata: [...faildata],
  };
}

export function progressOf(job: ImportJobRow): ImportProgress {
  const { sno, total, processed, success, fail } = job;
  return { sno, total, processed, success, fail, percent: percentOf(processed, total) };
}

export function resultOf(job: ImportJobRow): ImportResult {
  const end = job.ended_at ?? job.started_at;
  return { sno: job.sno, total: job.total, success: job.success, fail: job.fail, elapsedTime: elapsedOf(end - job.started_at), endtime: isoTime(end) };
}

export const importTitleParams = (job: Pick<ImportJobRow, 'file_name' | 'total'>, counts?: ImportCounts) => ({
  fileName: job.file_name,
  total: job.total,
  ...(counts ? { success: counts.success, fail: counts.fail } : {}),
});
