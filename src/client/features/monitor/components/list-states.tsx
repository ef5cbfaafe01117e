import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/button.js';

const SKELETON_ROWS = 6;

/** Grey bars in the shape of the list while the first page loads. */
export function TaskListSkeleton() {
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

export function TaskListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-slate-200 bg-white p-8 text-center">
      <p className="text-sm text-slate-700">{t('monitor:list.loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

interface TaskListEmptyProps {
  filtered: boolean;
  onReset: () => void;
  /** Where "create" leads; none when the user cannot create. */
  createPath: string | null;
}

/** No task of the type at all (then a way to create one), or none matching the filters (then a way back). */
export function TaskListEmpty({ filtered, onReset, createPath }: TaskListEmptyProps) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-medium text-slate-800">{t(filtered ? 'monitor:list.emptyFiltered' : 'monitor:list.empty')}</p>
      {filtered && <Button onClick={onReset}>{t('monitor:filters.reset')}</Button>}
      {!filtered && createPath && (
        <Link to={createPath} className="focus-ring rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
          {t('monitor:list.create')}
        </Link>
      )}
    </div>
  );
}
