import type { ReactNode } from 'react';

/** Stable ids, so a label, its hint and its error are tied to the control (one rule form per screen). */
export const fieldId = (field: string) => `alert-${field}`;

export function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter((part): part is string => part !== null);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export const controlClass = (error: string | undefined) =>
  `focus-ring w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 disabled:bg-slate-100 disabled:text-slate-500 ${
    error ? 'border-status-error' : 'border-slate-300'
  }`;

interface LabelledProps {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}

/** A control with its label above and its hint and error under it. */
export function Labelled({ id, label, hint, error, className = '', children }: LabelledProps) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-status-error">
          {error}
        </p>
      )}
    </div>
  );
}

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  hint?: string | undefined;
  error?: string | undefined;
  disabled: boolean;
}

export function SelectField({ id, label, value, options, onChange, hint, error, disabled }: SelectFieldProps) {
  return (
    <Labelled id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={controlClass(error)}
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

interface NumberFieldProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The unit after the box (%, ms, rounds). */
  unit: string;
  hint?: string | undefined;
  error?: string | undefined;
  disabled: boolean;
}

export function NumberField({ id, label, value, onValueChange, unit, hint, error, disabled }: NumberFieldProps) {
  return (
    <Labelled id={id} label={label} hint={hint} error={error}>
      <div className="flex items-center gap-2">
        <input
          id={id}
          inputMode="decimal"
          value={value}
          disabled={disabled}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          className={`${controlClass(error)} max-w-40`}
        />
        <span className="text-sm text-slate-600">{unit}</span>
      </div>
    </Labelled>
  );
}
