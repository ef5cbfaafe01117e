import { useTranslation } from 'react-i18next';
import { NODE_STATUSES } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import { ListLoadError, ListSkeleton } from '../../../components/list-states.js';
import { NodeStatusBadge } from './status-badge.js';

export function NodeListSkeleton() {
  return <ListSkeleton rows={6} />;
}

export function NodeListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <ListLoadError text={t('nodes:loadFailed')} onRetry={onRetry} />;
}

/** No node at all, or none matching the filters (then with a way back to every node). */
export function NodeListEmpty({ filtered, onReset }: { filtered: boolean; onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-medium text-slate-800">{t(filtered ? 'nodes:empty.filtered' : 'nodes:empty.none')}</p>
      {filtered && <Button onClick={onReset}>{t('nodes:filters.reset')}</Button>}
    </div>
  );
}

/** What each status means; "none" is the honest state of a node without an agent. */
export function NodeStatusLegend() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="node-status-legend" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="node-status-legend" className="mb-3 text-sm font-semibold text-slate-800">
        {t('nodes:legend.title')}
      </h2>
      <dl className="grid gap-2 sm:grid-cols-2">
        {NODE_STATUSES.map((status) => (
          <div key={status} className="flex items-start gap-2">
            <dt className="shrink-0">
              <NodeStatusBadge status={status} />
            </dt>
            <dd className="text-sm text-slate-600">{t(`nodes:legend.${status}`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
