/**
 * Reading uploaded import files and writing import files (issue 12): the API the import job and
 * the routes use. See docs/architecture.md, "Reading a file (server)".
 */
export { failedRowOf } from './failed-row.js';
export { loadImportLookups, type ImportLookups, type NameResolution } from './lookups.js';
export { readImportFile, type ImportFile, type ImportRow } from './read-file.js';
export { rowFailureOf, type RowFailure } from './row-failure.js';
export { rowToTaskInput, type RowOutcome } from './row-input.js';
export { importFileRoutes } from './routes.js';
export { writeFailedRows, writeTemplate } from './write-files.js';
