import type { DomainListBody, MonitorType } from '../../../shared/index.js';
import { request } from '../../lib/api-client.js';
import type { Translate } from '../../lib/error-text.js';
import { collectRows, exportFileName, exportRows } from './export-table.js';

function download(bytes: Uint8Array, fileName: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; keep the URL a moment for slow ones.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * Exports every task of the list's current filters to an xlsx file and downloads it; answers how
 * many rows it holds and how many matched. The writer loads only now, with the first export.
 */
export async function exportTaskList(type: MonitorType, body: DomainListBody, t: Translate): Promise<{ exported: number; total: number }> {
  const [{ rows, total }, writer] = await Promise.all([
    collectRows(body, (pageBody) => request('domainList', pageBody)),
    import('../../lib/xlsx-writer.js'),
  ]);
  const now = new Date();
  const bytes = writer.buildXlsx({ name: t('monitor:export.sheetName'), rows: exportRows(rows, t), freezeHeader: true }, now);
  download(bytes, exportFileName(type, now), writer.XLSX_MIME_TYPE);
  return { exported: rows.length, total };
}
