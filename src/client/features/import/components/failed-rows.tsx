import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FailedImportRow } from '../../../../shared/calls/domain-import.js';
import { Card, CardList } from '../../../components/card-list.js';
import { DataTable, type TableColumns } from '../../../components/data-table.js';
import { ListLoadError, ListSkeleton } from '../../../components/list-states.js';
import { Pagination } from '../../../components/pagination.js';
import type { Translate } from '../../../lib/error-text.js';
import { numberText } from '../../../lib/number-text.js';
import { taskFailedRowsQuery } from '../screen-api.js';

type NumberedRow = FailedImportRow & { id: number };

const FIRST_PAGE_SIZE = 10;

function columnsOf(t: Translate): TableColumns<NumberedRow> {
  // The same headers as the failed-rows file the server writes.
  const header = (key: string) => t(`import:template.failedColumns.${key}`);
  return [
    { id: 'domain', header: header('domain'), cell: (row) => <span className="break-all">{row.domain}</span> },
    { id: 'protocol', header: header('protocol'), cell: (row) => row.protocol },
    { id: 'row', header: header('row'), cell: (row) => numberText(row.row) },
    { id: 'port', header: header('port'), cell: (row) => row.port },
    { id: 'errcode', header: header('errcode'), cell: (row) => <span className="font-mono">{row.errcode}</span> },
    { id: 'errmessage', header: header('errmessage'), cell: (row) => <span className="break-words">{row.errmessage}</span> },
  ];
}

/** One page of the failed rows: a table from 640 px, cards below it. */
function FailedRowsPage({ rows, caption }: { rows: readonly NumberedRow[]; caption: string }) {
  const { t } = useTranslation();
  const columns = columnsOf(t);
  const [domain, ...facts] = columns;
  const attributesOf = (row: NumberedRow) => ({ 'data-failed-row': `${row.protocol}:${row.row}` });
  return (
    <>
      <DataTable caption={caption} rows={rows} columns={columns} attributesOf={attributesOf} className="hidden sm:block" />
      <CardList label={caption} className="sm:hidden">
        {rows.map((row) => (
          <Card key={row.id} row={row} attributes={attributesOf(row)} head={<p className="mb-2 text-sm font-medium">{domain.cell(row)}</p>} facts={facts} />
        ))}
      </CardList>
    </>
  );
}

/** A finished import's failed rows (POST /domain/taskCompletedDetail), paged here; the file has them all. */
export function FailedRows({ sno }: { sno: string }) {
  const { t } = useTranslation();
  const detail = useQuery(taskFailedRowsQuery(sno));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(FIRST_PAGE_SIZE);
  if (detail.isPending) return <ListSkeleton rows={3} />;
  if (detail.isError) return <ListLoadError text={t('import:screen.failed.loadFailed')} onRetry={() => void detail.refetch()} />;
  const rows = detail.data.faildata.map((row, index) => ({ ...row, id: index }));
  const shown = rows.slice((page - 1) * pageSize, page * pageSize);
  return (
    <div>
      <FailedRowsPage rows={shown} caption={t('import:screen.failed.caption')} />
      <Pagination
        page={page}
        pageSize={pageSize}
        total={rows.length}
        totalText={(total) => t('import:screen.failed.total', { total })}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </div>
  );
}
