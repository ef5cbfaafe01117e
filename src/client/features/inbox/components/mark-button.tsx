import type { ReactNode } from 'react';
import { useGatedControl } from '../../../components/button.js';

/** A small "mark read" text button: a change, so disabled with the reason while there is no connection. */
export function MarkButton({ label, onMark, children }: { label?: string; onMark: () => void; children: ReactNode }) {
  const gate = useGatedControl();
  return (
    <>
      <button
        type="button"
        {...gate.control}
        aria-label={label}
        onClick={onMark}
        className="focus-ring shrink-0 rounded px-1.5 py-0.5 text-xs font-medium text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-400"
      >
        {children}
      </button>
      {gate.reason}
    </>
  );
}
