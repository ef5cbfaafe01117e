import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DomainListRow, ServiceStatus } from '../../../../shared/index.js';
import { AvailabilityFigure, ResponseFigure, ServiceStatusBadge } from './service-status.js';
import { DeployStatusButton, EditLink, FrequencyText, StatusSwitch, TargetText, TaskNameLink } from './task-cells.js';
import { RowCheckbox, rowClickHandler, type TaskRowsProps } from './task-table.js';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-800">{children}</dd>
    </div>
  );
}

function TaskCard({ row, selection, actions }: Pick<TaskRowsProps, 'selection' | 'actions'> & { row: DomainListRow }) {
  const { texts } = actions;
  const { t } = texts;
  const onClick = rowClickHandler(row, actions);
  const status = row.serviceStatus as ServiceStatus;
  return (
    <li data-task-id={row.id} aria-label={row.name} onClick={onClick} className="cursor-pointer rounded-lg border border-slate-200 bg-white p-4">
      <div className="mb-3 flex items-start gap-3">
        {!actions.readOnly && <RowCheckbox row={row} selection={selection} texts={texts} />}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h2 className="text-sm">
            <TaskNameLink row={row} />
          </h2>
          <p className="text-xs">
            <TargetText row={row} />
          </p>
        </div>
        <ServiceStatusBadge status={status} texts={texts} />
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <Fact label={t('monitor:columns.availability')}>
          <AvailabilityFigure availabilityPercent={row.availabilityPercent} status={status} texts={texts} />
        </Fact>
        <Fact label={t('monitor:columns.responseTime')}>
          <ResponseFigure avgResponseMs={row.avgResponseMs} status={status} texts={texts} />
        </Fact>
        <Fact label={t('monitor:columns.frequency')}>
          <FrequencyText minutes={row.frequencyMinutes} texts={texts} />
        </Fact>
        <Fact label={t('monitor:columns.deploy')}>
          <DeployStatusButton row={row} actions={actions} />
        </Fact>
      </dl>
      <div className="mt-3 flex items-center justify-between gap-2 border-t border-slate-100 pt-2">
        <StatusSwitch row={row} actions={actions} />
        <EditLink row={row} actions={actions} />
      </div>
    </li>
  );
}

/** Narrow screens (down to 360 px): one card per task with the same facts and controls. */
export function TaskCards({ rows, selection, actions }: TaskRowsProps) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('monitor:list.caption')} className="grid gap-3 sm:grid-cols-2">
      {rows.map((row) => (
        <TaskCard key={row.id} row={row} selection={selection} actions={actions} />
      ))}
    </ul>
  );
}
