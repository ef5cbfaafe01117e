import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_LIMITS } from '../../../../shared/import/template.js';
import { NetworkButton } from '../../../components/button.js';
import { controlClass, FieldMessages } from '../../../components/field-parts.js';
import { errorText, type Translate } from '../../../lib/error-text.js';
import { numberText } from '../../../lib/number-text.js';
import { IMPORT_ACCEPT, importFileProblem, megabytesText, type ImportFileProblem } from '../file-check.js';
import { fileRefusalOf, useImportUpload } from '../hooks/use-import-upload.js';
import { StepSection } from './step-section.js';

/** Why importing is not open to this session: an administrator's view, or a view-only privilege. */
export type ImportReadOnly = 'admin' | 'viewOnly' | null;

function problemText(problem: ImportFileProblem, t: Translate): string {
  switch (problem.kind) {
    case 'required':
      return t('import:screen.file.required');
    case 'extension':
      return t('import:screen.file.extension', { name: problem.name });
    case 'tooLarge':
      return t('import:screen.file.tooLarge', { size: problem.sizeMb, max: problem.maxMb });
  }
}

function readOnlyText(reason: ImportReadOnly, t: Translate): string | undefined {
  if (reason === null) return undefined;
  return reason === 'admin' ? t('admin.readOnly') : t('import:screen.readOnly.viewOnly');
}

/** The chosen file's check, and the server's refusal of the last upload, as one message under the chooser. */
function useFileMessage(problem: ImportFileProblem | null, uploadError: unknown): string | undefined {
  const { t, i18n } = useTranslation();
  if (problem) return problemText(problem, t);
  const refusal = fileRefusalOf(uploadError);
  return refusal ? errorText(refusal, { t, exists: (key) => i18n.exists(key) }) : undefined;
}

/** Step 2: choose an xlsx or xls file and send it; checked here first (§5), then by the server. */
export function UploadStep({ readOnly }: { readOnly: ImportReadOnly }) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<ImportFileProblem | null>(null);
  const sending = useImportUpload();
  const message = useFileMessage(problem, sending.error);
  const choose = (chosen: File | null) => {
    setFile(chosen);
    sending.reset();
    setProblem(chosen ? importFileProblem(chosen) : null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = importFileProblem(file);
    setProblem(found);
    if (found || !file) {
      input.current?.focus();
      return;
    }
    sending.mutate(file, {
      onSuccess: () => {
        setFile(null);
        if (input.current) input.current.value = '';
      },
    });
  };
  const readOnlyReason = readOnlyText(readOnly, t);
  const disabled = readOnly !== null || sending.isPending;
  return (
    <StepSection id="import-upload" title={t('import:screen.upload.title')}>
      {readOnlyReason && (
        <p id={`${inputId}-readonly`} role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {readOnlyReason}
        </p>
      )}
      <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-label={t('import:screen.upload.title')}>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
            {t('import:screen.upload.label')}
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={IMPORT_ACCEPT}
            disabled={disabled}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
            aria-invalid={message ? true : undefined}
            aria-describedby={`${inputId}-hint${message ? ` ${inputId}-error` : ''}`}
            className={`${controlClass(message)} file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-sm file:font-medium file:text-brand-700`}
          />
          <FieldMessages
            id={inputId}
            hint={t('import:screen.upload.hint', { max: megabytesText(IMPORT_LIMITS.fileBytes), rows: numberText(IMPORT_LIMITS.rowsMax) })}
            error={message}
          />
        </div>
        {sending.isPending && file && (
          <p role="status" className="text-sm text-slate-700">
            {t('import:screen.upload.sending', { name: file.name, size: megabytesText(file.size) })}
          </p>
        )}
        <div>
          <NetworkButton
            type="submit"
            taskChange
            disabled={disabled}
            title={readOnlyReason}
            aria-describedby={readOnlyReason ? `${inputId}-readonly` : undefined}
            aria-busy={sending.isPending}
          >
            {sending.isPending ? t('import:screen.upload.working') : t('import:screen.upload.button')}
          </NetworkButton>
        </div>
      </form>
    </StepSection>
  );
}
