import type { ReactNode } from 'react';

/** A list's sorting as its view keeps it. */
export interface SortView<Field extends string> {
  sortBy: Field;
  sortOrder: 'asc' | 'desc';
}

interface SortHeaderProps<Field extends string> {
  field: Field;
  view: SortView<Field>;
  onSort: (field: Field) => void;
  children: ReactNode;
}

const HEADER = 'px-3 py-2 text-left text-xs font-semibold whitespace-nowrap text-slate-600';

/** A column header that sorts by its column; screen readers hear the current order. */
export function SortHeader<Field extends string>({ field, view, onSort, children }: SortHeaderProps<Field>) {
  const active = view.sortBy === field;
  const ariaSort = active ? (view.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={ariaSort} className={HEADER}>
      <button type="button" onClick={() => onSort(field)} className="focus-ring inline-flex items-center gap-1 rounded hover:text-slate-900">
        {children}
        <span aria-hidden="true" className={active ? 'text-slate-900' : 'text-slate-300'}>
          {active && view.sortOrder === 'asc' ? '▲' : '▼'}
        </span>
      </button>
    </th>
  );
}

export function PlainHeader({ children }: { children?: ReactNode }) {
  return (
    <th scope="col" className={HEADER}>
      {children}
    </th>
  );
}

export function Cell({ children }: { children: ReactNode }) {
  return <td className="px-3 py-2.5 align-middle text-sm text-slate-700">{children}</td>;
}

/** One fact of a narrow card: its label above its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-800">{children}</dd>
    </div>
  );
}

/** What the checkboxes need of a list's selection (the task and group lists each keep their own). */
export interface Choosing<Item> {
  /** No other row can join: the batch is at its maximum. */
  full: boolean;
  isSelected: (id: number) => boolean;
  toggle: (item: Item) => void;
  /** Chooses every row of the page, or none of them when all are chosen already. */
  togglePage: (items: readonly Item[]) => void;
}

interface ChooseProps<Row, Item> {
  selection: Choosing<Item>;
  /** What the selection keeps of a row (what the delete confirmation tells). */
  itemOf: (row: Row) => Item;
  /** Already translated; a row's names the row. */
  label: string;
}

const CHECKBOX = 'focus-ring size-5 cursor-pointer rounded border-slate-300 disabled:cursor-not-allowed';

/** Chooses one row; a full batch takes no more, but a chosen row can always be let go. */
export function RowCheckbox<Row extends { id: number }, Item>({ row, selection, itemOf, label }: ChooseProps<Row, Item> & { row: Row }) {
  const checked = selection.isSelected(row.id);
  return (
    <input
      type="checkbox"
      checked={checked}
      disabled={!checked && selection.full}
      onChange={() => selection.toggle(itemOf(row))}
      aria-label={label}
      className={CHECKBOX}
    />
  );
}

/** Chooses every row of the page, or lets them all go. */
export function PageCheckbox<Row extends { id: number }, Item>({ rows, selection, itemOf, label }: ChooseProps<Row, Item> & { rows: readonly Row[] }) {
  return (
    <input
      type="checkbox"
      checked={rows.length > 0 && rows.every((row) => selection.isSelected(row.id))}
      onChange={() => selection.togglePage(rows.map(itemOf))}
      aria-label={label}
      className={CHECKBOX}
    />
  );
}
