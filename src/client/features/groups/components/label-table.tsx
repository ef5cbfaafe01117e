import { useTranslation } from 'react-i18next';
import type { GroupRow } from '../../../../shared/index.js';
import { Card, CardList, pickColumns } from '../../../components/card-list.js';
import { DataTable, type TableColumns } from '../../../components/data-table.js';
import { PageCheckbox, RowCheckbox } from '../../../components/table-parts.js';
import type { Translate } from '../../../lib/error-text.js';
import type { Selection } from '../hooks/use-selection.js';
import type { LabelKind } from '../label-kinds.js';
import type { GroupListView, GroupSortField } from '../list-view.js';
import type { SelectedRow } from '../selection.js';
import { CountText, DateText, NAME_CELL_CLASS, NameHead, RowAction } from './table-parts.js';

export interface LabelRowsProps {
  kind: LabelKind;
  rows: readonly GroupRow[];
  view: GroupListView;
  /** None in read-only mode: no checkboxes and no actions. */
  selection: Selection | null;
  onSort: (field: GroupSortField) => void;
  onRename: (row: GroupRow) => void;
  onDelete: (row: GroupRow) => void;
}

const selectedRowOf = (row: GroupRow): SelectedRow => ({ id: row.id, name: row.name, taskCount: row.taskCount });

function RowActions({ row, onRename, onDelete }: { row: GroupRow } & Pick<LabelRowsProps, 'onRename' | 'onDelete'>) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-1">
      <RowAction label={t('groups:actions.renameRow', { name: row.name })} onClick={() => onRename(row)} changes>
        {t('groups:actions.rename')}
      </RowAction>
      <RowAction label={t('groups:actions.deleteRow', { name: row.name })} onClick={() => onDelete(row)} danger changes>
        {t('groups:actions.delete')}
      </RowAction>
    </div>
  );
}

/** The columns of a group or tag list; the actions only for those who may change them. */
function labelColumns({ selection, onRename, onDelete }: LabelRowsProps, t: Translate): TableColumns<GroupRow, GroupSortField> {
  return [
    { id: 'name', header: t('groups:columns.name'), sortField: 'name', cell: (row) => row.name },
    { id: 'tasks', header: t('groups:columns.tasks'), cell: (row) => <CountText value={row.taskCount} /> },
    { id: 'createdAt', header: t('groups:columns.createdAt'), sortField: 'createdAt', cell: (row) => <DateText iso={row.createdAt} /> },
    { id: 'updatedAt', header: t('groups:columns.updatedAt'), sortField: 'updatedAt', cell: (row) => <DateText iso={row.updatedAt} /> },
    ...(selection ? [{ id: 'actions', header: t('groups:columns.actions'), cell: (row: GroupRow) => <RowActions row={row} onRename={onRename} onDelete={onDelete} /> }] : []),
  ];
}

const CARD_FACTS = ['tasks', 'updatedAt'];

const rowAttributes = (row: GroupRow) => ({ 'aria-label': row.name, 'data-group-id': row.id });

/** Wide screens: one row per group or tag, every control reachable by keyboard. */
export function LabelTable(props: LabelRowsProps) {
  const { t } = useTranslation();
  const { kind, rows, view, selection, onSort } = props;
  const choose = selection && {
    page: <PageCheckbox rows={rows} selection={selection} itemOf={selectedRowOf} label={t('groups:select.page')} />,
    row: (row: GroupRow) => <RowCheckbox row={row} selection={selection} itemOf={selectedRowOf} label={t('groups:select.row', { name: row.name })} />,
  };
  return (
    <DataTable
      caption={t(`groups:${kind}.caption`)}
      rows={rows}
      columns={labelColumns(props, t)}
      sort={{ view, onSort }}
      choose={choose}
      attributesOf={rowAttributes}
      rowHeaderClassName={NAME_CELL_CLASS}
      className="hidden md:block"
    />
  );
}

/** Narrow screens (down to 360 px): one card per group or tag with the same facts and actions. */
export function LabelCards(props: LabelRowsProps) {
  const { t } = useTranslation();
  const { kind, rows, selection, onRename, onDelete } = props;
  const facts = pickColumns(labelColumns(props, t), CARD_FACTS);
  return (
    <div className="md:hidden">
      {selection && (
        <label className="mb-2 flex items-center gap-2 px-1 text-sm text-slate-700">
          <PageCheckbox rows={rows} selection={selection} itemOf={selectedRowOf} label={t('groups:select.page')} />
          {t('groups:select.page')}
        </label>
      )}
      <CardList label={t(`groups:${kind}.caption`)}>
        {rows.map((row) => (
          <Card
            key={row.id}
            row={row}
            attributes={rowAttributes(row)}
            head={<NameHead name={row.name} checkbox={selection && <RowCheckbox row={row} selection={selection} itemOf={selectedRowOf} label={t('groups:select.row', { name: row.name })} />} />}
            facts={facts}
            footer={selection && <RowActions row={row} onRename={onRename} onDelete={onDelete} />}
          />
        ))}
      </CardList>
    </div>
  );
}
