import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { IMPORT_COLUMN_KEYS, IMPORT_LIMITS } from '../import/template.js';
import { DomainListBody } from './domain-list.js';
import { ElapsedTime } from './inbox.js';
import { defineCall, FileAnswer, NoBody } from './define.js';

/**
 * Bulk import (§4 import task, §5 import rules, §7): an upload becomes a background job of the
 * customer, told in the uploader's inbox (type `import`, status 1 processing → 2 finished) and
 * polled with `taskProgress`. While one is processing, every task change of the customer (another
 * import included) is refused with 2105. `sno` is the job's inbox serial number.
 */

export const ImportSno = z.string().min(1).max(64);

/** One row that was not imported (§3 failed-import rows); `row` is its row number in its tab. */
export const FailedImportRow = z.object({
  protocol: z.string(),
  row: z.number().int(),
  domain: z.string(),
  port: z.string(),
  errcode: z.number().int(),
  errmessage: z.string(),
});
export type FailedImportRow = z.infer<typeof FailedImportRow>;

/** Where a processing import stands: percent = processed / total × 100, one decimal. */
export const ImportProgress = z.object({
  sno: ImportSno,
  total: z.number().int(),
  processed: z.number().int(),
  success: z.number().int(),
  fail: z.number().int(),
  percent: z.number(),
});
export type ImportProgress = z.infer<typeof ImportProgress>;

/** A finished import's outcome (the inbox item's data without the failed rows). */
export const ImportResult = z.object({
  sno: ImportSno,
  total: z.number().int(),
  success: z.number().int(),
  fail: z.number().int(),
  elapsedTime: ElapsedTime,
  endtime: z.string(),
});
export type ImportResult = z.infer<typeof ImportResult>;

export const ImportTemplateBody = z.strictObject({ language: z.enum(LANGUAGES).optional() }).optional();
export type ImportTemplateBody = z.input<typeof ImportTemplateBody>;

export const ImportAnswer = z.object({ sno: ImportSno, total: z.number().int() });
export type ImportAnswer = z.infer<typeof ImportAnswer>;

export const ImportSnoBody = z.strictObject({ sno: ImportSno });
export type ImportSnoBody = z.input<typeof ImportSnoBody>;

/** The poll's answer: the progress while processing, `done` once finished. */
export const TaskProgressAnswer = z.union([z.literal('done'), ImportProgress]);
export type TaskProgressAnswer = z.infer<typeof TaskProgressAnswer>;

export const TASK_COMPLETED_MAX = 50;
export const TaskCompletedBody = z.strictObject({ snolist: z.array(ImportSno).min(1).max(TASK_COMPLETED_MAX) });
export type TaskCompletedBody = z.input<typeof TaskCompletedBody>;
/** Finished imports among those asked, by sno; unknown, others' and unfinished ones are left out. */
export const TaskCompletedAnswer = z.record(z.string(), ImportResult);
export type TaskCompletedAnswer = z.infer<typeof TaskCompletedAnswer>;

export const TaskCompletedDetailAnswer = z.object({ sno: ImportSno, faildata: z.array(FailedImportRow) });
export type TaskCompletedDetailAnswer = z.infer<typeof TaskCompletedDetailAnswer>;

/**
 * The customer's processing import (any uploader's: it blocks everyone's task changes) and the
 * signed-in user's finished imports whose inbox item is unread, newest first (at most 20).
 */
export const CheckTaskAnswer = z.object({ processing: ImportSno.nullable(), completed: z.array(ImportSno) });
export type CheckTaskAnswer = z.infer<typeof CheckTaskAnswer>;

/**
 * A page of a task list (types 1-5, the list's own filters and order) as template rows: cells in
 * the tab's column order, written as an import reads them (node names, list cells one entry per
 * line), so an exported file can be edited and imported again.
 */
export const DomainExportAnswer = z.object({
  columns: z.array(z.enum(IMPORT_COLUMN_KEYS)),
  rows: z.array(z.array(z.string())),
  total: z.number().int(),
});
export type DomainExportAnswer = z.infer<typeof DomainExportAnswer>;

export const domainImportCalls = {
  domainExportRows: defineCall({
    method: 'POST',
    path: '/domain/export',
    summary: "A page of a task list of types 1-5 as rows of the import template's columns, for the console's xlsx export.",
    body: DomainListBody,
    answer: DomainExportAnswer,
    access: 'session',
    mutation: false,
    area: 'monitor',
  }),
  domainImportTemplate: defineCall({
    method: 'POST',
    path: '/domain/import/template',
    summary: "The import template (xlsx): the five tabs with their columns, headers in the chosen language (the caller's by default), an example row and lists to choose from.",
    body: ImportTemplateBody,
    answer: FileAnswer,
    access: 'session',
    mutation: false,
    area: 'monitor',
    answersFile: true,
  }),
  domainImport: defineCall({
    method: 'POST',
    path: '/domain/import',
    summary: 'Starts importing the tasks of an uploaded xlsx or xls file (multipart part `file`) as a background job; answers its sno. 2104 when the file cannot be imported at all, 2105 while another import is processing, 2111 when the points cannot cover the file.',
    body: NoBody,
    answer: ImportAnswer,
    access: 'session',
    mutation: true,
    area: 'monitor',
    upload: { field: 'file', maxBytes: IMPORT_LIMITS.fileBytes },
    bodyLimitBytes: IMPORT_LIMITS.fileBytes + 64 * 1024,
  }),
  domainTaskProgress: defineCall({
    method: 'POST',
    path: '/domain/taskProgress',
    summary: "An import's progress while it is processing, or `done` once it has finished (2106 when there is no such import).",
    body: ImportSnoBody,
    answer: TaskProgressAnswer,
    access: 'session',
    mutation: false,
    area: 'monitor',
    silent: true,
  }),
  domainTaskCompleted: defineCall({
    method: 'POST',
    path: '/domain/taskCompleted',
    summary: 'The outcome of each named finished import, by sno.',
    body: TaskCompletedBody,
    answer: TaskCompletedAnswer,
    access: 'session',
    mutation: false,
    area: 'monitor',
  }),
  domainTaskCompletedDetail: defineCall({
    method: 'POST',
    path: '/domain/taskCompletedDetail',
    summary: "A finished import's failed rows with their error codes and messages (2106 when there is no such import).",
    body: ImportSnoBody,
    answer: TaskCompletedDetailAnswer,
    access: 'session',
    mutation: false,
    area: 'monitor',
  }),
  domainImportFailedFile: defineCall({
    method: 'POST',
    path: '/domain/import/failed_file',
    summary: "A finished import's failed rows as an xlsx file (2106 when there is no such import).",
    body: ImportSnoBody,
    answer: FileAnswer,
    access: 'session',
    mutation: false,
    area: 'monitor',
    answersFile: true,
  }),
  domainCheckTask: defineCall({
    method: 'GET',
    path: '/domain/checkTask',
    summary: "The customer's processing import, if any, and the caller's finished imports not yet read.",
    body: NoBody,
    answer: CheckTaskAnswer,
    access: 'session',
    mutation: false,
    area: 'monitor',
  }),
} as const;
