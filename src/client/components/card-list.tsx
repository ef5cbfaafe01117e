import type { ReactNode } from 'react';
import type { RowAttributes, TableColumn } from './data-table.js';
import { Fact } from './table-parts.js';

/** Narrow screens (down to 360 px): a list of cards, one per item. */
export function CardList({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className={`grid gap-3 ${className}`}>
      {children}
    </ul>
  );
}

/** The columns a card shows as facts, in the order given (a card orders them for its small grid). */
export function pickColumns<Row, Field extends string>(columns: readonly TableColumn<Row, Field>[], ids: readonly string[]): TableColumn<Row, Field>[] {
  return ids.flatMap((id) => columns.filter((column) => column.id === id));
}

interface CardProps<Row> {
  row: Row;
  attributes: RowAttributes;
  /** Classes added to the card (a card that opens on click shows the pointer). */
  className?: string;
  /** The top of the card: its name, and whatever stands beside it. */
  head: ReactNode;
  /** The table's columns it shows as facts under their headers. */
  facts: readonly TableColumn<Row, string>[];
  /** The actions under a line; none when there are none. */
  footer?: ReactNode;
  footerClassName?: string;
}

/** One item of a card list: a head, a grid of facts, and its actions. */
export function Card<Row>({ row, attributes, className = '', head, facts, footer, footerClassName = '' }: CardProps<Row>) {
  return (
    <li {...attributes} className={`rounded-lg border border-slate-200 bg-white p-4 ${className}`}>
      {head}
      <dl className="grid grid-cols-2 gap-3">
        {facts.map((column) => (
          <Fact key={column.id} label={column.header}>
            {column.cell(row)}
          </Fact>
        ))}
      </dl>
      {footer && <div className={`mt-3 border-t border-slate-100 pt-2 ${footerClassName}`}>{footer}</div>}
    </li>
  );
}
