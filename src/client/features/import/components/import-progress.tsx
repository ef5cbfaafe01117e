import { useTranslation } from 'react-i18next';
import type { ImportActivity } from '../../../lib/import-activity.js';
import { boundedPercent, progressTexts } from '../progress-text.js';
import { StepSection } from './step-section.js';

/** A percent bar; `percent` null draws it empty while the first poll is on its way. */
export function PercentBar({ percent, label }: { percent: number | null; label: string }) {
  const shown = percent === null ? 0 : boundedPercent(percent);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent === null ? undefined : shown}
      className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${shown}%` }} />
    </div>
  );
}

/** The processing import: percent, rows processed of all, imported and failed so far; polled every 5 s by the watch. */
export function ImportProgressPanel({ activity }: { activity: ImportActivity }) {
  const { t } = useTranslation();
  const { progress } = activity;
  const texts = progress ? progressTexts(progress, t) : null;
  return (
    <StepSection id="import-progress" title={t('import:screen.progress.title')}>
      <div className="flex flex-col gap-2" aria-live="polite" aria-atomic="true" data-import-progress={activity.sno}>
        <PercentBar percent={progress?.percent ?? null} label={t('import:screen.progress.label')} />
        {texts ? (
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
            <span className="font-semibold">{texts.percent}</span>
            <span>{texts.counts}</span>
            <span className="text-green-800">{texts.success}</span>
            <span className={progress && progress.fail > 0 ? 'text-red-800' : ''}>{texts.fail}</span>
          </p>
        ) : (
          <p className="text-sm text-slate-700">{t('import:screen.progress.starting')}</p>
        )}
      </div>
      <p className="text-sm text-slate-600">{t('import:screen.progress.note')}</p>
    </StepSection>
  );
}
