import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.js';

const SKELETON_ROWS = 5;

/** Grey bars in the shape of the list while the first page loads. */
export function GroupListSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('loading')} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <div key={index} aria-hidden="true" className="flex items-center gap-4 motion-safe:animate-pulse">
          <div className="h-4 w-1/3 rounded bg-slate-200" />
          <div className="h-4 w-12 rounded bg-slate-100" />
          <div className="hidden h-4 w-1/5 rounded bg-slate-100 sm:block" />
        </div>
      ))}
    </div>
  );
}

/** Already translated text; a retry asks again. */
export function GroupListError({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-slate-200 bg-white p-8 text-center">
      <p className="text-sm text-slate-700">{text}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

interface GroupListEmptyProps {
  /** Already translated. */
  text: string;
  /** With a search: a way back to the whole list. */
  onClearSearch?: (() => void) | undefined;
  /** Without one: a way to create the first (none in read-only mode). */
  createLabel?: string | undefined;
  onCreate?: (() => void) | undefined;
}

export function GroupListEmpty({ text, onClearSearch, createLabel, onCreate }: GroupListEmptyProps) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-medium break-words text-slate-800">{text}</p>
      {onClearSearch && <Button onClick={onClearSearch}>{t('groups:search.clear')}</Button>}
      {!onClearSearch && onCreate && createLabel && <Button onClick={onCreate}>{createLabel}</Button>}
    </div>
  );
}
