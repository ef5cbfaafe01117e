import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.js';
import { useCopyText } from '../copy-text.js';

interface CopyFieldProps {
  /** Already translated. */
  label: string;
  text: string;
  /** Several lines (an example command) rather than one (a key). */
  multiline?: boolean;
}

/**
 * Text to copy: shown in a read-only field (selectable, reachable by keyboard) with a copy button
 * that says it copied, or, where the browser refuses, selects the text and says to copy it by hand.
 */
export function CopyField({ label, text, multiline = false }: CopyFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const { state, copy } = useCopyText();
  const onCopy = async () => {
    if (await copy(text)) return;
    field.current?.focus();
    field.current?.select();
  };
  const fieldClass = 'focus-ring w-full min-w-0 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900';
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className={`flex gap-2 ${multiline ? 'flex-col sm:flex-row sm:items-start' : 'flex-col sm:flex-row'}`}>
        {multiline ? (
          <textarea id={id} ref={field} readOnly value={text} rows={4} spellCheck={false} onFocus={(event) => event.target.select()} className={`${fieldClass} resize-none break-all`} />
        ) : (
          <input id={id} ref={field} readOnly value={text} spellCheck={false} onFocus={(event) => event.target.select()} className={fieldClass} />
        )}
        <Button variant="secondary" onClick={() => void onCopy()} className="shrink-0" aria-describedby={`${id}-copy`}>
          {state === 'copied' ? t('apikeys:copy.copied') : t('apikeys:copy.button')}
        </Button>
      </div>
      <p id={`${id}-copy`} role="status" className="min-h-4 text-xs text-slate-600">
        {state === 'failed' ? t('apikeys:copy.failed') : state === 'copied' ? t('apikeys:copy.done') : ''}
      </p>
    </div>
  );
}
