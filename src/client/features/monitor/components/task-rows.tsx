import { Fragment, useDeferredValue, type ReactNode } from 'react';
import type { DeployStatus } from '../../../../shared/index.js';
import { Card, CardList, pickColumns } from '../../../components/card-list.js';
import { DataTable, openUnlessControl, type TableColumns } from '../../../components/data-table.js';
import { PageCheckbox, RowCheckbox, type SortView } from '../../../components/table-parts.js';
import type { Translate } from '../../../lib/error-text.js';
import { firstPassRows } from '../../../lib/list-layout.js';
import { NAME_SLOT, withName } from '../hooks/use-row-texts.js';
import type { SelectedTask, Selection } from '../hooks/use-selection.js';

/** What the task and SSL lists' rows share: a task, chosen for bulk delete, opened by a click. */
export interface ListedTask {
  id: number;
  name: string;
  deployStatus: DeployStatus;
}

/** A list's columns (the first is the name) and where a narrow card shows them. */
export interface TaskListLayout<Row, Field extends string> {
  caption: string;
  columns: TableColumns<Row, Field>;
  /** The column written under the card's name (the target). */
  cardSubtitle: string;
  /** The columns a card shows as facts, in the card's order. */
  cardFacts: readonly string[];
  /** The columns under the card's line: the switch, then the row's buttons. */
  cardFooter: readonly string[];
  /** The status beside the card's name. */
  cardBadge: (row: Row) => ReactNode;
}

export interface TaskRowsShellProps<Row extends ListedTask, Field extends string> {
  layout: TaskListLayout<Row, Field>;
  rows: readonly Row[];
  view: SortView<Field>;
  onSort: (field: Field) => void;
  selection: Selection;
  /** No checkboxes: nothing can be deleted. */
  readOnly: boolean;
  onOpen: (row: Row) => void;
  t: Translate;
}

const selectedTaskOf = (row: ListedTask): SelectedTask => ({ id: row.id, name: row.name, deploying: row.deployStatus === 'processing' });

function TaskCheckbox<Row extends ListedTask>({ row, selection, t }: { row: Row; selection: Selection; t: Translate }) {
  return <RowCheckbox row={row} selection={selection} itemOf={selectedTaskOf} label={withName(t('monitor:select.task', { name: NAME_SLOT }), row.name)} />;
}

/**
 * A card's checkbox inside a 44 px touch area (a label: a tap anywhere in it toggles the box, and
 * the card does not open); the negative margin keeps the card's head as compact as before.
 */
function CardCheckbox<Row extends ListedTask>(props: { row: Row; selection: Selection; t: Translate }) {
  return (
    <label className="-m-3 inline-flex size-11 shrink-0 cursor-pointer items-center justify-center">
      <TaskCheckbox {...props} />
    </label>
  );
}

/**
 * A page of up to 100 rows rendered in one go blocks the main thread for over 50 ms on a slow
 * phone, and more when the kept list is shown at start together with the whole shell. In a browser
 * the first pass renders what fits in the window, so the list shows its rows in its first frame, and
 * the rest follow in an interruptible pass; a static render (nothing to interact with) renders all
 * of them at once.
 */
function useInterruptibleRows<Row extends ListedTask>(rows: readonly Row[]): readonly Row[] {
  return useDeferredValue(rows, typeof document === 'undefined' ? rows : rows.slice(0, firstPassRows(window.innerHeight)));
}

const rowAttributes = (row: ListedTask, onOpen: () => void) => ({ 'data-task-id': row.id, 'aria-label': row.name, onClick: openUnlessControl(onOpen) });

/** Wide screens: one row per task; the name and every control are reachable by keyboard. */
export function TaskRowsTable<Row extends ListedTask, Field extends string>({ layout, rows: allRows, view, onSort, selection, readOnly, onOpen, t }: TaskRowsShellProps<Row, Field>) {
  const rows = useInterruptibleRows(allRows);
  const choose = readOnly
    ? null
    : {
        page: <PageCheckbox rows={rows} selection={selection} itemOf={selectedTaskOf} label={t('monitor:select.page')} />,
        row: (row: Row) => <TaskCheckbox row={row} selection={selection} t={t} />,
      };
  return (
    <DataTable
      caption={layout.caption}
      rows={rows}
      columns={layout.columns}
      sort={{ view, onSort }}
      choose={choose}
      attributesOf={(row) => ({ ...rowAttributes(row, () => onOpen(row)), className: 'cursor-pointer hover:bg-slate-50' })}
    />
  );
}

/** Narrow screens (down to 360 px): one card per task with the same facts and controls. */
export function TaskRowsCards<Row extends ListedTask, Field extends string>({ layout, rows: allRows, selection, readOnly, onOpen, t }: TaskRowsShellProps<Row, Field>) {
  const rows = useInterruptibleRows(allRows);
  const [name, ...others] = layout.columns;
  const [subtitle] = pickColumns(others, [layout.cardSubtitle]);
  const facts = pickColumns(others, layout.cardFacts);
  const footer = pickColumns(others, layout.cardFooter);
  return (
    <CardList label={layout.caption} className="sm:grid-cols-2">
      {rows.map((row) => (
        <Card
          key={row.id}
          row={row}
          attributes={rowAttributes(row, () => onOpen(row))}
          className="cursor-pointer"
          head={
            <div className="mb-3 flex items-start gap-3">
              {!readOnly && <CardCheckbox row={row} selection={selection} t={t} />}
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <h2 className="text-sm">{name.cell(row)}</h2>
                <p className="text-xs">{subtitle?.cell(row)}</p>
              </div>
              {layout.cardBadge(row)}
            </div>
          }
          facts={facts}
          footer={footer.map((column) => (
            <Fragment key={column.id}>{column.cell(row)}</Fragment>
          ))}
          footerClassName="flex flex-wrap items-center justify-between gap-2"
        />
      ))}
    </CardList>
  );
}
