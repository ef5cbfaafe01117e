import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SSL_EXPIRY_DAYS_MAX_ENTRIES } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import { CloseIcon } from '../../../components/icons.js';
import { sslDayProblem, type RuleFormError } from '../rule-form.js';
import { controlClass, describedBy, fieldId } from './form-parts.js';

interface SslDaysFieldProps {
  days: readonly number[];
  onDays: (days: number[]) => void;
  error: string | undefined;
  onError: (error: RuleFormError | undefined) => void;
  disabled: boolean;
}

/**
 * The SSL rule's day marks (up to ten): typed and added with Enter or the button, each a chip that
 * removes itself. Text that does not pass stays in the box with its error.
 */
export function SslDaysField({ days, onDays, error, onError, disabled }: SslDaysFieldProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const id = fieldId('sslDays');
  const hint = t('alerts:form.sslDaysHint', { max: SSL_EXPIRY_DAYS_MAX_ENTRIES });
  const sorted = [...days].sort((a, b) => b - a);
  const add = () => {
    if (draft.trim() === '') return;
    const problem = sslDayProblem(days, draft);
    if (problem) return onError(problem);
    onError(undefined);
    onDays([...days, Number(draft)]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the mark; it must not submit the whole form.
    event.preventDefault();
    add();
  };
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t('alerts:form.sslDays')}
      </label>
      {sorted.length === 0 ? (
        <p className="text-sm text-slate-500">{t('alerts:form.sslDaysNone')}</p>
      ) : (
        <ul aria-label={t('alerts:form.sslDaysChosen')} className="flex flex-wrap gap-2">
          {sorted.map((day) => (
            <li key={day} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-3 text-sm text-slate-800">
              {t('alerts:form.dayChip', { count: day })}
              <button
                type="button"
                disabled={disabled}
                onClick={() => onDays(days.filter((other) => other !== day))}
                aria-label={t('alerts:form.removeDay', { count: day })}
                className="focus-ring rounded-full p-1 text-slate-500 hover:text-slate-900 disabled:opacity-50"
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <input
          id={id}
          inputMode="numeric"
          value={draft}
          disabled={disabled || days.length >= SSL_EXPIRY_DAYS_MAX_ENTRIES}
          onChange={(event) => {
            setDraft(event.target.value);
            if (error) onError(undefined);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          className={`${controlClass(error)} max-w-32`}
        />
        <Button variant="secondary" onClick={add} disabled={disabled || days.length >= SSL_EXPIRY_DAYS_MAX_ENTRIES}>
          {t('alerts:form.addDay')}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-xs text-status-error">
          {error}
        </p>
      )}
    </div>
  );
}
