import { useTranslation } from 'react-i18next';
import { Button, NetworkLink } from '../../../components/button.js';
import { ListLoadError, ListSkeleton } from '../../../components/list-states.js';

export function TaskListSkeleton() {
  return <ListSkeleton rows={6} />;
}

export function TaskListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <ListLoadError text={t('monitor:list.loadFailed')} onRetry={onRetry} />;
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
        <NetworkLink to={createPath} taskChange className="focus-ring rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
          {t('monitor:list.create')}
        </NetworkLink>
      )}
    </div>
  );
}
