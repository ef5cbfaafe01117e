import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type MtrRunSummary } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import { Pagination } from '../../../components/pagination.js';
import { historyQuery } from '../api.js';

function HistoryItem({ run, current, onOpen }: { run: MtrRunSummary; current: boolean; onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(run.createdAt));
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(run.id)}
        aria-current={current ? 'true' : undefined}
        className={`focus-ring flex w-full min-h-11 flex-col items-start gap-0.5 rounded-md px-3 py-2 text-left hover:bg-slate-50 ${current ? 'bg-brand-50' : ''}`}
      >
        <span className="text-sm font-medium text-slate-900 wrap-anywhere">{run.target}</span>
        <span className="text-xs text-slate-600">
          {time} · {run.active ? t('mtr:history.active') : t('mtr:history.done', { done: run.done, total: run.nodes })}
        </span>
      </button>
    </li>
  );
}

/** The customer's recent runs (kept 30 days), newest first; choosing one shows it again. */
export function RunHistory({ current, onOpen }: { current: number | null; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const history = useQuery(historyQuery({ page, pageSize }));
  return (
    <section aria-labelledby="mtr-history-title" className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4" data-testid="mtr-history">
      <h2 id="mtr-history-title" className="text-sm font-semibold text-slate-800">
        {t('mtr:history.title')}
      </h2>
      <p className="text-xs text-slate-500">{t('mtr:history.kept')}</p>
      {history.isPending && <p role="status" className="text-sm text-slate-600">{t('loading')}</p>}
      {history.isError && (
        <div role="alert" className="flex items-center gap-3 text-sm text-slate-700">
          <p>{t('mtr:history.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void history.refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {history.data?.list.length === 0 && <p className="text-sm text-slate-600">{t('mtr:history.empty')}</p>}
      {history.data && history.data.list.length > 0 && (
        <>
          <ul className="flex flex-col divide-y divide-slate-100">
            {history.data.list.map((run) => (
              <HistoryItem key={run.id} run={run} current={run.id === current} onOpen={onOpen} />
            ))}
          </ul>
          <Pagination
            page={page}
            pageSize={pageSize}
            total={history.data.total}
            totalText={(total) => t('mtr:history.total', { total })}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </>
      )}
    </section>
  );
}
