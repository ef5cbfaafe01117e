import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SslTaskRow } from '../../../../shared/index.js';
import { sslToneOf } from '../ssl-status.js';
import { DateText, DaysLeftText, SslDeployButton, SslNameLink, SslRowButtons, SslStatusBadge, SslStatusSwitch } from './ssl-cells.js';
import { SslRowCheckbox, sslRowClick, sslTargetOf, type SslTableProps } from './ssl-table.js';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-800">{children}</dd>
    </div>
  );
}

function SslCard({ row, selection, actions, onOpen }: Omit<SslTableProps, 'rows' | 'view' | 'onSort'> & { row: SslTaskRow }) {
  const { t } = useTranslation();
  const tone = sslToneOf(row.sslStatus);
  return (
    <li data-task-id={row.id} aria-label={row.name} onClick={sslRowClick(row, onOpen)} className="cursor-pointer rounded-lg border border-slate-200 bg-white p-4">
      <div className="mb-3 flex items-start gap-3">
        {!actions.readOnly && <SslRowCheckbox row={row} selection={selection} />}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h2 className="text-sm">
            <SslNameLink row={row} />
          </h2>
          <p className="text-xs break-all text-slate-700">{sslTargetOf(row)}</p>
        </div>
        <SslStatusBadge status={row.sslStatus} tone={tone} />
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <Fact label={t('monitor:ssl.columns.expiry')}>
          <DateText iso={row.validTo} />
        </Fact>
        <Fact label={t('monitor:ssl.columns.daysLeft')}>
          <DaysLeftText daysLeft={row.daysLeft} tone={tone} />
        </Fact>
        <Fact label={t('monitor:ssl.columns.lastCheck')}>
          <DateText iso={row.lastCheckAt} />
        </Fact>
        <Fact label={t('monitor:columns.deploy')}>
          <SslDeployButton row={row} actions={actions} />
        </Fact>
      </dl>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-2">
        <SslStatusSwitch row={row} actions={actions} />
        <SslRowButtons row={row} actions={actions} />
      </div>
    </li>
  );
}

/** Narrow screens (down to 360 px): one card per SSL task with the same facts and controls. */
export function SslCards({ rows, selection, actions, onOpen }: SslTableProps) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('monitor:ssl.caption')} className="grid gap-3 sm:grid-cols-2">
      {rows.map((row) => (
        <SslCard key={row.id} row={row} selection={selection} actions={actions} onOpen={onOpen} />
      ))}
    </ul>
  );
}
