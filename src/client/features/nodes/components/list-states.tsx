import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.js';
import { NODE_STATUSES } from '../../../../shared/index.js';
import { NodeStatusBadge } from './status-badge.js';

const SKELETON_ROWS = 6;

/** Grey bars in the shape of the list while the first page loads. */
export function NodeListSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('loading')} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <div key={index} aria-hidden="true" className="flex items-center gap-4 motion-safe:animate-pulse">
          <div className="h-4 w-1/4 rounded bg-slate-200" />
          <div className="h-4 w-1/5 rounded bg-slate-100" />
          <div className="hidden h-4 w-1/6 rounded bg-slate-100 sm:block" />
          <div className="h-5 w-14 rounded-full bg-slate-200" />
        </div>
      ))}
    </div>
  );
}

export function NodeListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-slate-200 bg-white p-8 text-center">
      <p className="text-sm text-slate-700">{t('nodes.loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

/** No node at all, or none matching the filters (then with a way back to every node). */
export function NodeListEmpty({ filtered, onReset }: { filtered: boolean; onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-medium text-slate-800">{t(filtered ? 'nodes.empty.filtered' : 'nodes.empty.none')}</p>
      {filtered && <Button onClick={onReset}>{t('nodes.filters.reset')}</Button>}
    </div>
  );
}

/** What each status means; "none" is the honest state of a node without an agent. */
export function NodeStatusLegend() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="node-status-legend" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="node-status-legend" className="mb-3 text-sm font-semibold text-slate-800">
        {t('nodes.legend.title')}
      </h2>
      <dl className="grid gap-2 sm:grid-cols-2">
        {NODE_STATUSES.map((status) => (
          <div key={status} className="flex items-start gap-2">
            <dt className="shrink-0">
              <NodeStatusBadge status={status} />
            </dt>
            <dd className="text-sm text-slate-600">{t(`nodes.legend.${status}`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
