import { sslCertificateStateOf, type SslTaskRow } from '../../../shared/index.js';
import type { Translate } from '../../lib/error-text.js';
import { localDateTime, type ExportCell, type ExportSheet } from './export-table.js';

export const SSL_EXPORT_COLUMNS = ['name', 'domain', 'port', 'expiry', 'daysLeft', 'lastCheck', 'sslStatus', 'status'] as const;

function sslCells(row: SslTaskRow, t: Translate): ExportCell[] {
  return [
    row.name,
    row.domain,
    row.port,
    localDateTime(row.validTo),
    // Negative once expired, empty before any check: a number the sheet can sort and filter.
    row.daysLeft,
    localDateTime(row.lastCheckAt),
    t(`monitor:ssl.status.${sslCertificateStateOf(row.sslStatus, row.lastCheckAt !== null)}`),
    t(`monitor:status.${row.status}`),
  ];
}

/** The SSL task list (/domain/ssl/search): certificate expiry, days left, last check and SSL status. */
export const SSL_EXPORT_SHEET: ExportSheet<SslTaskRow> = {
  columns: SSL_EXPORT_COLUMNS,
  headerKeyPrefix: 'monitor:export.sslColumns.',
  sheetNameKey: 'monitor:export.sslSheetName',
  cellsOf: sslCells,
};
