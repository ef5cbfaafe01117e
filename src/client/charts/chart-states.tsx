import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/button.js';

/** Every state of a chart takes the chart's own height, so the page does not jump as data arrives. */
function ChartPanel({ height, children, role, dashed = false }: { height: number; children: ReactNode; role: 'status' | 'alert'; dashed?: boolean }) {
  return (
    <div
      role={role}
      style={{ height }}
      className={`flex flex-col items-center justify-center gap-3 rounded-lg border bg-white p-4 text-center ${dashed ? 'border-dashed border-slate-300' : 'border-slate-200'}`}
    >
      {children}
    </div>
  );
}

export function ChartLoading({ height }: { height: number }) {
  const { t } = useTranslation();
  return (
    <ChartPanel height={height} role="status">
      <div aria-hidden="true" className="h-2/3 w-full rounded bg-slate-100 motion-safe:animate-pulse" />
      <p className="text-sm text-slate-600">{t('charts:loading')}</p>
    </ChartPanel>
  );
}

export function ChartEmpty({ height }: { height: number }) {
  const { t } = useTranslation();
  return (
    <ChartPanel height={height} role="status" dashed>
      <p className="font-medium text-slate-700">{t('charts:empty')}</p>
    </ChartPanel>
  );
}

/** The data, the chart's code or the map's geometry could not be loaded; retry when possible. */
export function ChartError({ height, onRetry }: { height: number; onRetry?: (() => void) | undefined }) {
  const { t } = useTranslation();
  return (
    <ChartPanel height={height} role="alert">
      <p className="text-sm text-slate-700">{t('charts:loadFailed')}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
    </ChartPanel>
  );
}
