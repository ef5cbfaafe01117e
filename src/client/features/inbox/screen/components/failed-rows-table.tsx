import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type FailedImportRow } from '../../../../../shared/index.js';
import { Pagination } from '../../../../components/pagination.js';
import { Cell, PlainHeader } from '../../../../components/table-parts.js';
import { clampedPage } from '../../../../lib/paging.js';

const COLUMNS = ['protocol', 'row', 'domain', 'port', 'errcode', 'errmessage'] as const;

/** An import's failed rows, a page at a time (there can be thousands); scrolls sideways on a phone. */
export function FailedRowsTable({ rows }: { rows: readonly FailedImportRow[] }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const page = clampedPage(paging, rows.length);
  const shown = rows.slice((page - 1) * paging.pageSize, page * paging.pageSize);
  return (
    <div>
      <div className="overflow-x-auto rounded-md border border-slate-200">
        <table className="w-full min-w-[36rem]">
          <caption className="sr-only">{t('inboxscreen:import.failedRows')}</caption>
          <thead className="bg-slate-50">
            <tr>
              {COLUMNS.map((column) => (
                <PlainHeader key={column}>{t(`inboxscreen:import.columns.${column}`)}</PlainHeader>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {shown.map((row) => (
              <tr key={`${row.protocol}:${row.row}`} data-failed-row={row.row}>
                {COLUMNS.map((column) => (
                  <Cell key={column}>{String(row[column])}</Cell>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={page}
        pageSize={paging.pageSize}
        total={rows.length}
        totalText={(total) => t('inboxscreen:import.failedRowsTotal', { total })}
        onPage={(next) => setPaging({ ...paging, page: next })}
        onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
      />
    </div>
  );
}
