import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGatedControl } from '../../../components/button.js';

interface RowActionProps {
  label: string;
  onClick: () => void;
  danger?: boolean;
  /** The action changes data (rename, edit, delete): disabled with the reason while there is no connection. */
  changes?: boolean;
  children: ReactNode;
}

/** A small text button for a row's action; the visible word is short, the accessible name says which row. */
export function RowAction({ label, onClick, danger = false, changes = false, children }: RowActionProps) {
  const gate = useGatedControl();
  return (
    <>
      <button
        type="button"
        aria-label={label}
        onClick={onClick}
        {...(changes ? gate.control : {})}
        className={`focus-ring min-h-9 rounded-md px-2 py-1 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50 ${danger ? 'text-red-700 hover:bg-red-50' : 'text-brand-700 hover:bg-brand-50'}`}
      >
        {children}
      </button>
      {changes && gate.reason}
    </>
  );
}

export function DateText({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <span>{iso}</span>;
  const text = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {text}
    </time>
  );
}

export function CountText({ value }: { value: number }) {
  const { i18n } = useTranslation();
  return <span className="tabular-nums">{new Intl.NumberFormat(i18n.language).format(value)}</span>;
}

/** A card's head: the row's name, after its checkbox when rows can be chosen. */
export function NameHead({ name, checkbox }: { name: string; checkbox?: ReactNode }) {
  return (
    <div className="mb-3 flex items-start gap-3">
      {checkbox}
      <h2 className="min-w-0 flex-1 text-sm font-semibold break-words text-slate-900">{name}</h2>
    </div>
  );
}

/** The row header of a group table: the name, in full (it wraps). */
export const NAME_CELL_CLASS = 'max-w-xs font-medium break-words text-slate-900';
