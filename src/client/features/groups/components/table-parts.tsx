import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupListView, GroupSortField } from '../list-view.js';

interface SortHeaderProps {
  field: GroupSortField;
  view: GroupListView;
  onSort: (field: GroupSortField) => void;
  children: ReactNode;
}

/** A column header that sorts by its column; screen readers hear the current order. */
export function SortHeader({ field, view, onSort, children }: SortHeaderProps) {
  const active = view.sortBy === field;
  const ariaSort = active ? (view.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={ariaSort} className="px-3 py-2 text-left text-xs font-semibold whitespace-nowrap text-slate-600">
      <button type="button" onClick={() => onSort(field)} className="focus-ring inline-flex items-center gap-1 rounded hover:text-slate-900">
        {children}
        <span aria-hidden="true" className={active ? 'text-slate-900' : 'text-slate-300'}>
          {active && view.sortOrder === 'asc' ? '▲' : '▼'}
        </span>
      </button>
    </th>
  );
}

export function PlainHeader({ children, className = '' }: { children?: ReactNode; className?: string }) {
  return <th scope="col" className={`px-3 py-2 text-left text-xs font-semibold whitespace-nowrap text-slate-600 ${className}`}>{children}</th>;
}

export function Cell({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <td className={`px-3 py-2.5 align-middle text-sm text-slate-700 ${className}`}>{children}</td>;
}

/** A small text button for a row's action; the visible word is short, the accessible name says which row. */
export function RowAction({ label, onClick, danger = false, children }: { label: string; onClick: () => void; danger?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={`focus-ring min-h-9 rounded-md px-2 py-1 text-sm font-medium ${danger ? 'text-red-700 hover:bg-red-50' : 'text-brand-700 hover:bg-brand-50'}`}
    >
      {children}
    </button>
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

/** One fact of a narrow card. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-800">{children}</dd>
    </div>
  );
}
