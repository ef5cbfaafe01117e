import { useTranslation } from 'react-i18next';
import { Button } from './button.js';

/** Grey bars in the shape of a list while its first page loads. */
export function ListSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('loading')} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
      {Array.from({ length: rows }, (_, index) => (
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

/** A list that could not be read: the caller's (translated) text and a retry. */
export function ListLoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
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
