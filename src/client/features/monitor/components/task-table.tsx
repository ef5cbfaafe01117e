import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DomainListRow, ListSortField, ServiceStatus } from '../../../../shared/index.js';
import { NAME_SLOT, withName } from '../hooks/use-row-texts.js';
import type { SelectedTask, Selection } from '../hooks/use-selection.js';
import type { MonitorListView } from '../list-view.js';
import { AvailabilityFigure, ResponseFigure } from './service-status.js';
import { DeployStatusButton, EditLink, FrequencyText, StatusSwitch, TargetText, TaskNameLink, type RowActions } from './task-cells.js';

export interface TaskRowsProps {
  rows: readonly DomainListRow[];
  view: MonitorListView;
  selection: Selection;
  actions: RowActions;
  onSort: (field: ListSortField) => void;
}

/** A click on a row's own controls does what the control does; anywhere else opens the detail. */
const INTERACTIVE = 'a, button, input, label, select, textarea';

export function rowClickHandler(row: DomainListRow, actions: RowActions) {
  return (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest(INTERACTIVE)) return;
    actions.onOpen(row);
  };
}

function SortHeader({ field, view, onSort, children }: { field: ListSortField; view: MonitorListView; onSort: TaskRowsProps['onSort']; children: ReactNode }) {
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

function PlainHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="px-3 py-2 text-left text-xs font-semibold whitespace-nowrap text-slate-600">
      {children}
    </th>
  );
}

function Cell({ children }: { children: ReactNode }) {
  return <td className="px-3 py-2.5 align-middle text-sm text-slate-700">{children}</td>;
}

function selectedTaskOf(row: DomainListRow): SelectedTask {
  return { id: row.id, name: row.name, deploying: row.deployStatus === 'processing' };
}

export function RowCheckbox({ row, selection, texts: { t } }: { row: DomainListRow; selection: Selection; texts: RowActions['texts'] }) {
  const checked = selection.isSelected(row.id);
  return (
    <input
      type="checkbox"
      checked={checked}
      disabled={!checked && selection.full}
      onChange={() => selection.toggle(selectedTaskOf(row))}
      aria-label={withName(t('monitor:select.task', { name: NAME_SLOT }), row.name)}
      className="focus-ring size-5 cursor-pointer rounded border-slate-300 disabled:cursor-not-allowed"
    />
  );
}

function TaskRow({ row, selection, actions }: { row: DomainListRow; selection: Selection; actions: RowActions }) {
  const onClick = rowClickHandler(row, actions);
  const status = row.serviceStatus as ServiceStatus;
  const { texts } = actions;
  return (
    <tr data-task-id={row.id} aria-label={row.name} onClick={onClick} className="cursor-pointer hover:bg-slate-50">
      {!actions.readOnly && (
        <td className="w-10 px-3 py-2.5 align-middle">
          <RowCheckbox row={row} selection={selection} texts={texts} />
        </td>
      )}
      <th scope="row" className="px-3 py-2.5 text-left align-middle text-sm">
        <TaskNameLink row={row} />
      </th>
      <Cell>
        <TargetText row={row} />
      </Cell>
      <Cell>
        <FrequencyText minutes={row.frequencyMinutes} texts={texts} />
      </Cell>
      <Cell>
        <StatusSwitch row={row} actions={actions} />
      </Cell>
      <Cell>
        <AvailabilityFigure availabilityPercent={row.availabilityPercent} status={status} texts={texts} />
      </Cell>
      <Cell>
        <ResponseFigure avgResponseMs={row.avgResponseMs} status={status} texts={texts} />
      </Cell>
      <Cell>
        <DeployStatusButton row={row} actions={actions} />
      </Cell>
      <Cell>
        <EditLink row={row} actions={actions} />
      </Cell>
    </tr>
  );
}

function PageCheckbox({ rows, selection }: { rows: readonly DomainListRow[]; selection: Selection }) {
  const { t } = useTranslation();
  const all = rows.length > 0 && rows.every((row) => selection.isSelected(row.id));
  return (
    <input
      type="checkbox"
      checked={all}
      onChange={() => selection.togglePage(rows.map(selectedTaskOf))}
      aria-label={t('monitor:select.page')}
      className="focus-ring size-5 cursor-pointer rounded border-slate-300"
    />
  );
}

/** Wide screens: one row per task; the name and every control are reachable by keyboard. */
export function TaskTable({ rows, view, selection, actions, onSort }: TaskRowsProps) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">{t('monitor:list.caption')}</caption>
        <thead className="bg-slate-50">
          <tr>
            {!actions.readOnly && (
              <td className="w-10 px-3 py-2">
                <PageCheckbox rows={rows} selection={selection} />
              </td>
            )}
            <SortHeader field="name" view={view} onSort={onSort}>
              {t('monitor:columns.name')}
            </SortHeader>
            <PlainHeader>{t('monitor:columns.target')}</PlainHeader>
            <PlainHeader>{t('monitor:columns.frequency')}</PlainHeader>
            <PlainHeader>{t('monitor:columns.status')}</PlainHeader>
            <SortHeader field="availability" view={view} onSort={onSort}>
              {t('monitor:columns.availability')}
            </SortHeader>
            <SortHeader field="responseTime" view={view} onSort={onSort}>
              {t('monitor:columns.responseTime')}
            </SortHeader>
            <PlainHeader>{t('monitor:columns.deploy')}</PlainHeader>
            <PlainHeader>
              <span className="sr-only">{t('monitor:columns.actions')}</span>
            </PlainHeader>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <TaskRow key={row.id} row={row} selection={selection} actions={actions} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
