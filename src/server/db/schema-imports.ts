/** Bulk imports (migration 0020): one job per upload and every data row of its file. */

export type ImportJobStatus = 'processing' | 'finished';

export interface ImportJobsTable {
  /** The uploader's inbox item's serial number: the job is told and polled by it. */
  sno: string;
  cust_id: number;
  user_id: number;
  /** The uploader's language: failed rows' messages and the finished notice are written in it. */
  language: string;
  file_name: string;
  status: ImportJobStatus;
  total: number;
  processed: number;
  success: number;
  fail: number;
  started_at: number;
  ended_at: number | null;
}

export type ImportRowState = 'pending' | 'created' | 'failed';

export interface ImportRowsTable {
  sno: string;
  /** Position in the file (tab order, then sheet row): the job creates tasks in this order. */
  ordinal: number;
  sheet: string;
  row: number;
  type: number;
  /** JSON of the row's cells by column key, as read. */
  cells: string;
  /** JSON of the TaskInput the row became, or null when it was refused at reading. */
  input: string | null;
  /** JSON of the RowFailure found at reading, or null. */
  failure: string | null;
  state: ImportRowState;
  task_id: number | null;
  errcode: number | null;
  errmessage: string | null;
}

export interface ImportTables {
  import_jobs: ImportJobsTable;
  import_rows: ImportRowsTable;
}
