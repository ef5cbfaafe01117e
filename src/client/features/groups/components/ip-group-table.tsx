import { useTranslation } from 'react-i18next';
import type { IpGroupRow } from '../../../../shared/index.js';
import { Card, CardList, pickColumns } from '../../../components/card-list.js';
import { DataTable, type TableColumns } from '../../../components/data-table.js';
import type { Translate } from '../../../lib/error-text.js';
import type { GroupListView, GroupSortField } from '../list-view.js';
import { CountText, DateText, NAME_CELL_CLASS, NameHead, RowAction } from './table-parts.js';

export interface IpGroupRowsProps {
  rows: readonly IpGroupRow[];
  view: GroupListView;
  readOnly: boolean;
  onSort: (field: GroupSortField) => void;
  onView: (row: IpGroupRow) => void;
  onEdit: (row: IpGroupRow) => void;
  onDelete: (row: IpGroupRow) => void;
}

function RowActions({ row, readOnly, onView, onEdit, onDelete }: { row: IpGroupRow } & Omit<IpGroupRowsProps, 'rows' | 'view' | 'onSort'>) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-1">
      <RowAction label={t('groups:actions.viewRow', { name: row.name })} onClick={() => onView(row)}>
        {t('groups:actions.view')}
      </RowAction>
      {!readOnly && (
        <>
          <RowAction label={t('groups:actions.editRow', { name: row.name })} onClick={() => onEdit(row)} changes>
            {t('groups:actions.edit')}
          </RowAction>
          <RowAction label={t('groups:actions.deleteRow', { name: row.name })} onClick={() => onDelete(row)} danger changes>
            {t('groups:actions.delete')}
          </RowAction>
        </>
      )}
    </div>
  );
}

/** The columns of the matched-IP group list; viewing is open to all, changes only to those who may. */
function ipGroupColumns({ rows: _rows, view: _view, onSort: _onSort, ...actions }: IpGroupRowsProps, t: Translate): TableColumns<IpGroupRow, GroupSortField> {
  return [
    { id: 'name', header: t('groups:columns.name'), sortField: 'name', cell: (row) => row.name },
    { id: 'ips', header: t('groups:columns.ips'), cell: (row) => <CountText value={row.ipCount} /> },
    { id: 'tasks', header: t('groups:columns.tasks'), cell: (row) => <CountText value={row.taskCount} /> },
    { id: 'updatedAt', header: t('groups:columns.updatedAt'), sortField: 'updatedAt', cell: (row) => <DateText iso={row.updatedAt} /> },
    { id: 'actions', header: t('groups:columns.actions'), cell: (row) => <RowActions row={row} {...actions} /> },
  ];
}

const CARD_FACTS = ['ips', 'tasks', 'updatedAt'];

const rowAttributes = (row: IpGroupRow) => ({ 'aria-label': row.name, 'data-ip-group-id': row.id });

/** Wide screens: one row per matched-IP group. */
export function IpGroupTable(props: IpGroupRowsProps) {
  const { t } = useTranslation();
  return (
    <DataTable
      caption={t('groups:ipGroup.caption')}
      rows={props.rows}
      columns={ipGroupColumns(props, t)}
      sort={{ view: props.view, onSort: props.onSort }}
      attributesOf={rowAttributes}
      rowHeaderClassName={NAME_CELL_CLASS}
      className="hidden md:block"
    />
  );
}

/** Narrow screens (down to 360 px): one card per group. */
export function IpGroupCards(props: IpGroupRowsProps) {
  const { t } = useTranslation();
  const { rows, view: _view, onSort: _onSort, ...actions } = props;
  const facts = pickColumns(ipGroupColumns(props, t), CARD_FACTS);
  return (
    <CardList label={t('groups:ipGroup.caption')} className="md:hidden">
      {rows.map((row) => (
        <Card key={row.id} row={row} attributes={rowAttributes(row)} head={<NameHead name={row.name} />} facts={facts} footer={<RowActions row={row} {...actions} />} />
      ))}
    </CardList>
  );
}
