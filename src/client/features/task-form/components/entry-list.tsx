import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.js';
import type { FormError } from '../form-body.js';
import type { EntryResult } from '../list-entries.js';
import { Chip, FieldMessages, describedBy } from './form-controls.js';

interface EntryListProps {
  id: string;
  label: string;
  entries: readonly string[];
  onEntries: (entries: string[]) => void;
  /** Checks and adds typed text (list-entries.ts). */
  add: (entries: readonly string[], text: string) => EntryResult;
  onError: (error: FormError | undefined) => void;
  error: string | undefined;
  hint: string;
  addLabel: string;
  removeLabel: (entry: string) => string;
  emptyText: string;
  disabled: boolean;
  /** Suggestions for the input (a datalist). */
  suggestions?: readonly string[];
  onDraft?: (text: string) => void;
}

/**
 * Several short entries (DNS servers, tags): typed into one input and added with Enter, the Add
 * button or by leaving the input, each shown with a button that removes it. Text that does not
 * pass stays in the input with its error, so nothing typed is lost.
 */
export function EntryList(props: EntryListProps) {
  const { id, label, entries, onEntries, add, onError, error, hint, addLabel, removeLabel, emptyText, disabled, suggestions, onDraft } = props;
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const listId = `${id}-suggestions`;

  const commit = () => {
    if (draft.trim() === '') return;
    const result = add(entries, draft);
    if (!result.ok) return onError(result.error);
    onError(undefined);
    onEntries(result.list);
    setDraft('');
    onDraft?.('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the entry here; it must not submit the whole form.
    event.preventDefault();
    // The Enter that ends an input method's composition (Chinese text) only confirms the characters.
    if (event.nativeEvent.isComposing) return;
    commit();
  };

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-500">{emptyText}</p>
      ) : (
        <ul aria-label={t('taskform:entries.added', { label })} className="flex flex-wrap gap-2">
          {entries.map((entry) => (
            <Chip key={entry} text={entry} removeLabel={removeLabel(entry)} onRemove={() => onEntries(entries.filter((other) => other !== entry))} disabled={disabled} />
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <input
          id={id}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            onDraft?.(event.target.value);
            // The refused text is being corrected: its error goes until the entry is tried again.
            if (error) onError(undefined);
          }}
          onKeyDown={onKeyDown}
          onBlur={commit}
          list={suggestions ? listId : undefined}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          className={`focus-ring min-w-0 flex-1 rounded-md border bg-white px-3 py-2 text-sm text-slate-900 disabled:bg-slate-100 ${
            error ? 'border-status-error' : 'border-slate-300'
          }`}
        />
        <Button variant="secondary" onClick={commit} disabled={disabled}>
          {addLabel}
        </Button>
      </div>
      {suggestions && (
        <datalist id={listId}>
          {suggestions.filter((suggestion) => !entries.includes(suggestion)).map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      )}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
