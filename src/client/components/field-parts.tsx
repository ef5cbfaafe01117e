import type { ReactNode } from 'react';

/**
 * The pieces every form field is made of: a label above the control, its hint and error under it,
 * tied to the control by ids (`<id>-hint`, `<id>-error`) so a screen reader reads them with it.
 */

const hintId = (id: string) => `${id}-hint`;
const errorId = (id: string) => `${id}-error`;

/** The control's `aria-describedby`: its hint and its error, when shown. */
export function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  const ids = [hint ? hintId(id) : null, error ? errorId(id) : null].filter((part): part is string => part !== null);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export const controlClass = (error: string | undefined) =>
  `focus-ring w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 disabled:bg-slate-100 disabled:text-slate-500 ${
    error ? 'border-status-error' : 'border-slate-300'
  }`;

export function FieldMessages({ id, hint, error }: { id: string; hint?: string | undefined; error?: string | undefined }) {
  return (
    <>
      {hint && (
        <p id={hintId(id)} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId(id)} className="text-xs text-status-error">
          {error}
        </p>
      )}
    </>
  );
}

interface LabelledProps {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  className?: string | undefined;
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
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
