import type { HTMLAttributes, MouseEvent, ReactNode } from 'react';
import { Cell, PlainHeader, SortHeader, type SortView } from './table-parts.js';

/** One column of a list: its header, how a row fills its cell, and whether it sorts. */
export interface TableColumn<Row, Field extends string = string> {
  /** Names the column, so a card can pick its facts from the same definitions. */
  id: string;
  /** Already translated; also the label of the column's fact on a card. */
  header: string;
  /** Choosing the header sorts the list by this field. */
  sortField?: Field;
  /** The header is read by screen readers only (a column of buttons). */
  hiddenHeader?: boolean;
  cell: (row: Row) => ReactNode;
}

/** The first column is the row's header cell (its name); the others follow it. */
export type TableColumns<Row, Field extends string = string> = readonly [TableColumn<Row, Field>, ...TableColumn<Row, Field>[]];

/** Attributes of a row's element: its accessible name, data attributes for tests, a click. */
export type RowAttributes = HTMLAttributes<HTMLElement> & { [data: `data-${string}`]: string | number };

const INTERACTIVE = 'a, button, input, label, select, textarea';

/** A click on a row's own controls does what the control does; anywhere else does `open`. */
export function openUnlessControl(open: () => void) {
  return (event: MouseEvent<HTMLElement>) => {
    if (!(event.target as HTMLElement).closest(INTERACTIVE)) open();
  };
}

interface DataTableProps<Row extends { id: number }, Field extends string> {
  caption: string;
  rows: readonly Row[];
  columns: TableColumns<Row, Field>;
  /** Needed only when a column sorts. */
  sort?: { view: SortView<Field>; onSort: (field: Field) => void } | undefined;
  /** The checkbox column: the page's box in the head, a row's in each row; none when nothing can be chosen. */
  choose?: { page: ReactNode; row: (row: Row) => ReactNode } | null | undefined;
  attributesOf: (row: Row) => RowAttributes;
  /** Classes added to the row header cell (the name). */
  rowHeaderClassName?: string;
  /** Classes added to the frame (for example to show the table from one width on). */
  className?: string;
}

function ColumnHeader<Row, Field extends string>({ column, sort }: { column: TableColumn<Row, Field>; sort: DataTableProps<{ id: number }, Field>['sort'] }) {
  const text = column.hiddenHeader ? <span className="sr-only">{column.header}</span> : column.header;
  if (column.sortField === undefined || sort === undefined) return <PlainHeader>{text}</PlainHeader>;
  return (
    <SortHeader field={column.sortField} view={sort.view} onSort={sort.onSort}>
      {text}
    </SortHeader>
  );
}

/** A list as a table: one row per item, its name as the row header, every control reachable by keyboard. */
export function DataTable<Row extends { id: number }, Field extends string>(props: DataTableProps<Row, Field>) {
  const { caption, rows, columns, sort, choose, attributesOf, rowHeaderClassName = '', className = '' } = props;
  const [nameColumn, ...cellColumns] = columns;
  return (
    <div className={`overflow-x-auto rounded-lg border border-slate-200 bg-white ${className}`}>
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {choose && <td className="w-10 px-3 py-2">{choose.page}</td>}
            {columns.map((column) => (
              <ColumnHeader key={column.id} column={column} sort={sort} />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} {...attributesOf(row)}>
              {choose && <td className="w-10 px-3 py-2.5 align-middle">{choose.row(row)}</td>}
              <th scope="row" className={`px-3 py-2.5 text-left align-middle text-sm ${rowHeaderClassName}`}>
                {nameColumn.cell(row)}
              </th>
              {cellColumns.map((column) => (
                <Cell key={column.id}>{column.cell(row)}</Cell>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
