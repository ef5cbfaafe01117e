import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SslTaskRow } from '../../../../shared/index.js';
import { NAME_SLOT, withName } from '../hooks/use-row-texts.js';
import type { SelectedTask, Selection } from '../hooks/use-selection.js';
import type { SslListView, SslSortField } from '../ssl-view.js';
import { sslToneOf } from '../ssl-status.js';
import { DateText, DaysLeftText, SslDeployButton, SslNameLink, SslRowButtons, SslStatusBadge, SslStatusSwitch, type SslRowActions } from './ssl-cells.js';

export interface SslTableProps {
  rows: readonly SslTaskRow[];
  view: SslListView;
  selection: Selection;
  actions: SslRowActions;
  onSort: (field: SslSortField) => void;
  onOpen: (row: SslTaskRow) => void;
}

const INTERACTIVE = 'a, button, input, label, select, textarea';

/** A click on a row's own controls does what the control does; anywhere else opens the detail. */
export function sslRowClick(row: SslTaskRow, onOpen: (row: SslTaskRow) => void) {
  return (event: MouseEvent<HTMLElement>) => {
    if (!(event.target as HTMLElement).closest(INTERACTIVE)) onOpen(row);
  };
}

export function SslRowCheckbox({ row, selection }: { row: SslTaskRow; selection: Selection }) {
  const { t } = useTranslation();
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

export const sslTargetOf = (row: SslTaskRow) => `${row.domain.includes(':') ? `[${row.domain}]` : row.domain}:${row.port}`;

const selectedTaskOf = (row: SslTaskRow): SelectedTask => ({ id: row.id, name: row.name, deploying: row.deployStatus === 'processing' });

function SortHeader({ field, view, onSort, children }: { field: SslSortField; view: SslListView; onSort: (field: SslSortField) => void; children: ReactNode }) {
  const active = view.sortBy === field;
  return (
    <th scope="col" aria-sort={active ? (view.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'} className="px-3 py-2 text-left text-xs font-semibold whitespace-nowrap text-slate-600">
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

function SslRow({ row, selection, actions, onOpen }: { row: SslTaskRow; selection: Selection; actions: SslRowActions; onOpen: (row: SslTaskRow) => void }) {
  const tone = sslToneOf(row.sslStatus);
  return (
    <tr data-task-id={row.id} aria-label={row.name} onClick={sslRowClick(row, onOpen)} className="cursor-pointer hover:bg-slate-50">
      {!actions.readOnly && (
        <td className="w-10 px-3 py-2.5 align-middle">
          <SslRowCheckbox row={row} selection={selection} />
        </td>
      )}
      <th scope="row" className="px-3 py-2.5 text-left align-middle text-sm">
        <SslNameLink row={row} />
      </th>
      <Cell>
        <span className="break-all">{sslTargetOf(row)}</span>
      </Cell>
      <Cell>
        <DateText iso={row.validTo} />
      </Cell>
      <Cell>
        <DaysLeftText daysLeft={row.daysLeft} tone={tone} />
      </Cell>
      <Cell>
        <SslStatusBadge status={row.sslStatus} tone={tone} />
      </Cell>
      <Cell>
        <DateText iso={row.lastCheckAt} />
      </Cell>
      <Cell>
        <SslStatusSwitch row={row} actions={actions} />
      </Cell>
      <Cell>
        <SslDeployButton row={row} actions={actions} />
      </Cell>
      <Cell>
        <SslRowButtons row={row} actions={actions} />
      </Cell>
    </tr>
  );
}

function PageCheckbox({ rows, selection }: { rows: readonly SslTaskRow[]; selection: Selection }) {
  const { t } = useTranslation();
  return (
    <input
      type="checkbox"
      checked={rows.length > 0 && rows.every((row) => selection.isSelected(row.id))}
      onChange={() => selection.togglePage(rows.map(selectedTaskOf))}
      aria-label={t('monitor:select.page')}
      className="focus-ring size-5 cursor-pointer rounded border-slate-300"
    />
  );
}

/** One row per SSL task: expiry, days left and SSL status in the service colours, last check, and the row's actions. */
export function SslTable({ rows, view, selection, actions, onSort, onOpen }: SslTableProps) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">{t('monitor:ssl.caption')}</caption>
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
            <PlainHeader>{t('monitor:ssl.columns.target')}</PlainHeader>
            <SortHeader field="expiry" view={view} onSort={onSort}>
              {t('monitor:ssl.columns.expiry')}
            </SortHeader>
            <PlainHeader>{t('monitor:ssl.columns.daysLeft')}</PlainHeader>
            <PlainHeader>{t('monitor:ssl.columns.sslStatus')}</PlainHeader>
            <PlainHeader>{t('monitor:ssl.columns.lastCheck')}</PlainHeader>
            <PlainHeader>{t('monitor:columns.status')}</PlainHeader>
            <PlainHeader>{t('monitor:columns.deploy')}</PlainHeader>
            <PlainHeader>
              <span className="sr-only">{t('monitor:columns.actions')}</span>
            </PlainHeader>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <SslRow key={row.id} row={row} selection={selection} actions={actions} onOpen={onOpen} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
