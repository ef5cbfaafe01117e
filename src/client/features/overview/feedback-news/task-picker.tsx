import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_LIMITS } from '../../../../shared/index.js';
import { feedbackTasksQuery } from './api.js';

interface TaskPickerProps {
  value: { id: number; name: string } | null;
  onChange: (task: { id: number; name: string } | null) => void;
  error?: string | undefined;
  disabled: boolean;
}

/** The optional task a feedback is about: a keyword narrows the customer's tasks, a native select picks one. */
export function TaskPicker({ value, onChange, error, disabled }: TaskPickerProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const selectId = useId();
  const errorId = useId();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const tasks = useQuery(feedbackTasksQuery(deferred));
  const matches = tasks.data?.list ?? [];
  const options = value && !matches.some((task) => task.id === value.id) ? [{ id: value.id, name: value.name, domain: '' }, ...matches] : matches;
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="text-sm font-medium text-slate-700">{t('feedback:form.task')}</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={searchId} className="text-xs text-slate-600">
          {t('feedback:form.taskSearch')}
        </label>
        <input
          id={searchId}
          type="search"
          value={keyword}
          maxLength={FEEDBACK_LIMITS.taskSearchMax}
          onChange={(event) => setKeyword(event.target.value)}
          className="focus-ring rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-xs text-slate-600">
          {t('feedback:form.taskChoice')}
        </label>
        <select
          id={selectId}
          value={value ? String(value.id) : ''}
          onChange={(event) => {
            const chosen = options.find((task) => String(task.id) === event.target.value);
            onChange(chosen ? { id: chosen.id, name: chosen.name } : null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`focus-ring min-h-9 w-full rounded-md border bg-white py-1.5 pr-7 pl-2 text-sm text-slate-800 ${error ? 'border-status-error' : 'border-slate-300'}`}
        >
          <option value="">{t('feedback:form.noTask')}</option>
          {options.map((task) => (
            <option key={task.id} value={task.id}>
              {task.domain === '' ? task.name : `${task.name} (${task.domain})`}
            </option>
          ))}
        </select>
        {tasks.isError && <p className="text-xs text-slate-600">{t('feedback:form.tasksFailed')}</p>}
        {tasks.data && matches.length === 0 && <p className="text-xs text-slate-600">{t('feedback:form.noMatches')}</p>}
        {error && (
          <p id={errorId} className="text-xs text-status-error">
            {error}
          </p>
        )}
      </div>
    </fieldset>
  );
}
