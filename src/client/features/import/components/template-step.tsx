import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../../shared/constants.js';
import { Button } from '../../../components/button.js';
import { downloadFile } from '../../../lib/api-files.js';
import { StepSection } from './step-section.js';

const languageOf = (code: string): Language | undefined => LANGUAGES.find((language) => language === code);

/** Step 1: the template in the console's language (POST /domain/import/template, answered as a file). */
export function TemplateStep() {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const fetchTemplate = async () => {
    setBusy(true);
    try {
      await downloadFile('domainImportTemplate', { language: languageOf(i18n.language) });
    } catch {
      // The api client told the user why (its notice); the button is ready for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <StepSection id="import-template" title={t('import:screen.template.title')}>
      <p className="text-sm text-slate-700">{t('import:screen.template.text')}</p>
      <p className="text-sm text-slate-700">{t('import:screen.template.rules')}</p>
      <div>
        <Button variant="secondary" onClick={() => void fetchTemplate()} disabled={busy} aria-busy={busy}>
          {busy ? t('import:screen.template.working') : t('import:screen.template.button')}
        </Button>
      </div>
    </StepSection>
  );
}
