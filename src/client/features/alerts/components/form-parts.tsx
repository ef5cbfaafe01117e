import { controlClass, describedBy, Labelled } from '../../../components/field-parts.js';

/** Stable ids, so a label, its hint and its error are tied to the control (one rule form per screen). */
export const fieldId = (field: string) => `alert-${field}`;

export { controlClass, describedBy, Labelled };

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
