import { useTranslation } from 'react-i18next';
import type { GroupRow } from '../../../../shared/index.js';
import type { Selection } from '../hooks/use-selection.js';
import type { LabelKind } from '../label-kinds.js';
import type { GroupListView, GroupSortField } from '../list-view.js';
import type { SelectedRow } from '../selection.js';
import { Cell, CountText, DateText, Fact, PlainHeader, RowAction, SortHeader } from './table-parts.js';

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

const checkboxClass = 'focus-ring size-5 cursor-pointer rounded border-slate-300 disabled:cursor-not-allowed';

function RowCheckbox({ row, selection }: { row: GroupRow; selection: Selection }) {
  const { t } = useTranslation();
  const checked = selection.isSelected(row.id);
  return (
    <input
      type="checkbox"
      checked={checked}
      disabled={!checked && selection.full}
      onChange={() => selection.toggle(selectedRowOf(row))}
      aria-label={t('groups:select.row', { name: row.name })}
      className={checkboxClass}
    />
  );
}

function PageCheckbox({ rows, selection }: { rows: readonly GroupRow[]; selection: Selection }) {
  const { t } = useTranslation();
  const all = rows.length > 0 && rows.every((row) => selection.isSelected(row.id));
  return (
    <input
      type="checkbox"
      checked={all}
      onChange={() => selection.togglePage(rows.map(selectedRowOf))}
      aria-label={t('groups:select.page')}
      className={checkboxClass}
    />
  );
}

function RowActions({ row, onRename, onDelete }: { row: GroupRow } & Pick<LabelRowsProps, 'onRename' | 'onDelete'>) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-1">
      <RowAction label={t('groups:actions.renameRow', { name: row.name })} onClick={() => onRename(row)}>
        {t('groups:actions.rename')}
      </RowAction>
      <RowAction label={t('groups:actions.deleteRow', { name: row.name })} onClick={() => onDelete(row)} danger>
        {t('groups:actions.delete')}
      </RowAction>
    </div>
  );
}

/** Wide screens: one row per group or tag, every control reachable by keyboard. */
export function LabelTable({ kind, rows, view, selection, onSort, onRename, onDelete }: LabelRowsProps) {
  const { t } = useTranslation();
  return (
    <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">{t(`groups:${kind}.caption`)}</caption>
        <thead className="bg-slate-50">
          <tr>
            {selection && (
              <td className="w-10 px-3 py-2">
                <PageCheckbox rows={rows} selection={selection} />
              </td>
            )}
            <SortHeader field="name" view={view} onSort={onSort}>
              {t('groups:columns.name')}
            </SortHeader>
            <PlainHeader>{t('groups:columns.tasks')}</PlainHeader>
            <SortHeader field="createdAt" view={view} onSort={onSort}>
              {t('groups:columns.createdAt')}
            </SortHeader>
            <SortHeader field="updatedAt" view={view} onSort={onSort}>
              {t('groups:columns.updatedAt')}
            </SortHeader>
            {selection && <PlainHeader>{t('groups:columns.actions')}</PlainHeader>}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} aria-label={row.name} data-group-id={row.id}>
              {selection && (
                <td className="w-10 px-3 py-2.5 align-middle">
                  <RowCheckbox row={row} selection={selection} />
                </td>
              )}
              <th scope="row" className="max-w-xs px-3 py-2.5 text-left align-middle text-sm font-medium break-words text-slate-900">
                {row.name}
              </th>
              <Cell>
                <CountText value={row.taskCount} />
              </Cell>
              <Cell>
                <DateText iso={row.createdAt} />
              </Cell>
              <Cell>
                <DateText iso={row.updatedAt} />
              </Cell>
              {selection && (
                <Cell>
                  <RowActions row={row} onRename={onRename} onDelete={onDelete} />
                </Cell>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Narrow screens (down to 360 px): one card per group or tag with the same facts and actions. */
export function LabelCards({ kind, rows, selection, onRename, onDelete }: LabelRowsProps) {
  const { t } = useTranslation();
  return (
    <div className="md:hidden">
      {selection && (
        <label className="mb-2 flex items-center gap-2 px-1 text-sm text-slate-700">
          <PageCheckbox rows={rows} selection={selection} />
          {t('groups:select.page')}
        </label>
      )}
    <ul aria-label={t(`groups:${kind}.caption`)} className="grid gap-3">
      {rows.map((row) => (
        <li key={row.id} aria-label={row.name} data-group-id={row.id} className="rounded-lg border border-slate-200 bg-white p-4">
          <div className="mb-3 flex items-start gap-3">
            {selection && <RowCheckbox row={row} selection={selection} />}
            <h2 className="min-w-0 flex-1 text-sm font-semibold break-words text-slate-900">{row.name}</h2>
          </div>
          <dl className="grid grid-cols-2 gap-3">
            <Fact label={t('groups:columns.tasks')}>
              <CountText value={row.taskCount} />
            </Fact>
            <Fact label={t('groups:columns.updatedAt')}>
              <DateText iso={row.updatedAt} />
            </Fact>
          </dl>
          {selection && (
            <div className="mt-3 border-t border-slate-100 pt-2">
              <RowActions row={row} onRename={onRename} onDelete={onDelete} />
            </div>
          )}
        </li>
      ))}
    </ul>
    </div>
  );
}
