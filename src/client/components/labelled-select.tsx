import { useId } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

interface LabelledSelectProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** A first option for "no choice" (value ''), already translated. */
  anyLabel?: string;
  className?: string;
}

/** A native select with its label: keyboard and screen readers handle it everywhere, down to 360 px. */
export function LabelledSelect({ label, value, options, onChange, anyLabel, className = '' }: LabelledSelectProps) {
  const id = useId();
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="focus-ring min-h-9 w-full rounded-md border border-slate-300 bg-white py-1.5 pr-7 pl-2 text-sm text-slate-800"
      >
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
