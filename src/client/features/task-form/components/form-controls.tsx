import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { controlClass, describedBy, FieldMessages, Labelled } from '../../../components/field-parts.js';
import { useTranslation } from 'react-i18next';
import type { FormError, FormErrors } from '../form-body.js';
import type { TaskFormField, TaskFormValues } from '../form-values.js';
import { formErrorText } from '../save-failure.js';
import type { FormTaskType } from '../task-types.js';

/** What every section of the form gets. */
export interface SectionProps {
  type: FormTaskType;
  values: TaskFormValues;
  errors: FormErrors;
  setField: <K extends TaskFormField>(field: K, value: TaskFormValues[K]) => void;
  setFieldError: (field: TaskFormField, error: FormError | undefined) => void;
  disabled: boolean;
}

/** Stable ids, so a label, its hint and its error are tied to the control (one form per screen). */
export const fieldId = (field: string) => `task-${field}`;
export { describedBy, FieldMessages };

export function useErrorText(error: FormError | undefined): string | undefined {
  const { t } = useTranslation();
  return error ? formErrorText(error, t) : undefined;
}

interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: string | undefined;
  error?: string | undefined;
}

export function TextInput({ id, label, value, onValueChange, hint, error, className, ...inputProps }: TextInputProps) {
  return (
    <Labelled id={id} label={label} hint={hint} error={error} className={className}>
      <input
        {...inputProps}
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={controlClass(error)}
      />
    </Labelled>
  );
}

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: string | undefined;
  error?: string | undefined;
}

export function TextArea({ id, label, value, onValueChange, hint, error, className, ...areaProps }: TextAreaProps) {
  return (
    <Labelled id={id} label={label} hint={hint} error={error} className={className}>
      <textarea
        {...areaProps}
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`${controlClass(error)} font-mono`}
      />
    </Labelled>
  );
}

export interface Option {
  value: string;
  label: string;
}

interface SelectInputProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange'> {
  id: string;
  label: string;
  value: string;
  options: readonly Option[];
  onValueChange: (value: string) => void;
  hint?: string | undefined;
  error?: string | undefined;
}

export function SelectInput({ id, label, value, options, onValueChange, hint, error, className, ...selectProps }: SelectInputProps) {
  return (
    <Labelled id={id} label={label} hint={hint} error={error} className={className}>
      <select
        {...selectProps}
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`${controlClass(error)} pr-8`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

/** A titled group of fields. */
export function FormSection({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={`min-w-0 rounded-lg border border-slate-200 bg-white p-4 sm:p-5 ${className}`}>
      <legend className="px-1 text-sm font-semibold text-slate-800">{title}</legend>
      {children}
    </fieldset>
  );
}

/** A removable entry (DNS server, tag), with a button named for what it removes. */
export function Chip({ text, removeLabel, onRemove, disabled }: { text: string; removeLabel: string; onRemove: () => void; disabled: boolean }) {
  return (
    <li className="inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-3 text-sm text-slate-800">
      <span className="truncate">{text}</span>
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={removeLabel}
        className="focus-ring rounded-full px-1.5 text-slate-500 hover:bg-slate-200 hover:text-slate-900 disabled:cursor-not-allowed"
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
