import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.js';
import { useImportActivity } from '../../../lib/import-activity.js';
import { checkTaskQuery } from '../api.js';
import { ImportProgressPanel } from './import-progress.js';
import { ImportResultPanel } from './import-result.js';
import { TemplateStep } from './template-step.js';
import { UploadStep, type ImportReadOnly } from './upload-step.js';

/** `?sno=` names the import whose outcome to show (an inbox item can link to it). */
export const IMPORT_SNO_PARAM = 'sno';

/**
 * The finished import to show: the one the URL names, else the caller's newest finished import not
 * yet read in the inbox (/domain/checkTask; the watch puts one that just finished first).
 */
function useShownResult(): string | null {
  const [params] = useSearchParams();
  const completed = useQuery(checkTaskQuery()).data?.completed ?? [];
  return params.get(IMPORT_SNO_PARAM) ?? completed[0] ?? null;
}

/**
 * /monitor/import (§5, §4 import task): the template, the upload, then the processing import's
 * progress (from the session layout's watch) and, once finished, its outcome and failed rows.
 */
export function ImportPage({ readOnly }: { readOnly: ImportReadOnly }) {
  const { t } = useTranslation();
  const activity = useImportActivity();
  const shown = useShownResult();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <PageHeader title={t('routes.monitorImport')} />
      <p className="-mt-3 text-sm text-slate-700">{t('import:screen.intro')}</p>
      <TemplateStep />
      <UploadStep readOnly={readOnly} />
      {activity && <ImportProgressPanel activity={activity} />}
      {!activity && shown && <ImportResultPanel key={shown} sno={shown} />}
    </div>
  );
}
