import { useTranslation } from 'react-i18next';
import type { IpGroupRow } from '../../../../shared/index.js';
import type { GroupListView, GroupSortField } from '../list-view.js';
import { Cell, CountText, DateText, Fact, PlainHeader, RowAction, SortHeader } from './table-parts.js';

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
          <RowAction label={t('groups:actions.editRow', { name: row.name })} onClick={() => onEdit(row)}>
            {t('groups:actions.edit')}
          </RowAction>
          <RowAction label={t('groups:actions.deleteRow', { name: row.name })} onClick={() => onDelete(row)} danger>
            {t('groups:actions.delete')}
          </RowAction>
        </>
      )}
    </div>
  );
}

/** Wide screens: one row per matched-IP group. */
export function IpGroupTable({ rows, view, onSort, ...actions }: IpGroupRowsProps) {
  const { t } = useTranslation();
  return (
    <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">{t('groups:ipGroup.caption')}</caption>
        <thead className="bg-slate-50">
          <tr>
            <SortHeader field="name" view={view} onSort={onSort}>
              {t('groups:columns.name')}
            </SortHeader>
            <PlainHeader>{t('groups:columns.ips')}</PlainHeader>
            <PlainHeader>{t('groups:columns.tasks')}</PlainHeader>
            <SortHeader field="updatedAt" view={view} onSort={onSort}>
              {t('groups:columns.updatedAt')}
            </SortHeader>
            <PlainHeader>{t('groups:columns.actions')}</PlainHeader>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} aria-label={row.name} data-ip-group-id={row.id}>
              <th scope="row" className="max-w-xs px-3 py-2.5 text-left align-middle text-sm font-medium break-words text-slate-900">
                {row.name}
              </th>
              <Cell>
                <CountText value={row.ipCount} />
              </Cell>
              <Cell>
                <CountText value={row.taskCount} />
              </Cell>
              <Cell>
                <DateText iso={row.updatedAt} />
              </Cell>
              <Cell>
                <RowActions row={row} {...actions} />
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Narrow screens (down to 360 px): one card per group. */
export function IpGroupCards({ rows, view: _view, onSort: _onSort, ...actions }: IpGroupRowsProps) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('groups:ipGroup.caption')} className="grid gap-3 md:hidden">
      {rows.map((row) => (
        <li key={row.id} aria-label={row.name} data-ip-group-id={row.id} className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="mb-3 text-sm font-semibold break-words text-slate-900">{row.name}</h2>
          <dl className="grid grid-cols-2 gap-3">
            <Fact label={t('groups:columns.ips')}>
              <CountText value={row.ipCount} />
            </Fact>
            <Fact label={t('groups:columns.tasks')}>
              <CountText value={row.taskCount} />
            </Fact>
            <Fact label={t('groups:columns.updatedAt')}>
              <DateText iso={row.updatedAt} />
            </Fact>
          </dl>
          <div className="mt-3 border-t border-slate-100 pt-2">
            <RowActions row={row} {...actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}
