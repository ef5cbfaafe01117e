import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportResult } from '../../../../shared/calls/domain-import.js';
import { Button } from '../../../components/button.js';
import { ListLoadError, ListSkeleton } from '../../../components/list-states.js';
import { downloadFile } from '../../../lib/api-files.js';
import { numberText } from '../../../lib/number-text.js';
import { taskCompletedQuery } from '../screen-api.js';
import { elapsedText, endTimeText } from '../progress-text.js';
import { FailedRows } from './failed-rows.js';
import { StepSection } from './step-section.js';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

function ResultFigures({ result }: { result: ImportResult }) {
  const { t, i18n } = useTranslation();
  const label = (key: string) => t(`import:screen.result.${key}`);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-import-result={result.sno}>
      <Figure label={label('total')}>{numberText(result.total)}</Figure>
      <Figure label={label('success')}>{numberText(result.success)}</Figure>
      <Figure label={label('fail')}>{numberText(result.fail)}</Figure>
      <Figure label={label('elapsed')}>{elapsedText(result.elapsedTime, t)}</Figure>
      <Figure label={label('endtime')}>{endTimeText(result.endtime, i18n.language)}</Figure>
    </dl>
  );
}

/** Show and download the failed rows (POST /domain/import/failed_file answers the xlsx). */
function FailedRowsPart({ sno, fail }: { sno: string; fail: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const fetchFile = async () => {
    setBusy(true);
    try {
      await downloadFile('domainImportFailedFile', { sno });
    } catch {
      // The api client told why; the button is ready for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" aria-expanded={open} aria-controls="import-failed-rows" onClick={() => setOpen(!open)}>
          {open ? t('import:screen.failed.hide') : t('import:screen.failed.show', { value: numberText(fail) })}
        </Button>
        <Button variant="secondary" onClick={() => void fetchFile()} disabled={busy} aria-busy={busy}>
          {busy ? t('import:screen.failed.working') : t('import:screen.failed.download')}
        </Button>
      </div>
      <div id="import-failed-rows">{open && <FailedRows sno={sno} />}</div>
    </>
  );
}

/** A finished import's outcome (POST /domain/taskCompleted): counts, time taken, end time, and its failed rows. */
export function ImportResultPanel({ sno }: { sno: string }) {
  const { t } = useTranslation();
  const completed = useQuery(taskCompletedQuery(sno));
  const body = (() => {
    if (completed.isPending) return <ListSkeleton rows={2} />;
    if (completed.isError) return <ListLoadError text={t('import:screen.result.loadFailed')} onRetry={() => void completed.refetch()} />;
    if (completed.data === null) return <p className="text-sm text-slate-700">{t('import:screen.result.notFound')}</p>;
    const result = completed.data;
    return (
      <>
        <ResultFigures result={result} />
        {result.fail > 0 ? <FailedRowsPart sno={sno} fail={result.fail} /> : <p className="text-sm text-green-800">{t('import:screen.result.allImported')}</p>}
      </>
    );
  })();
  return (
    <StepSection id="import-result" title={t('import:screen.result.title')}>
      {body}
    </StepSection>
  );
}
