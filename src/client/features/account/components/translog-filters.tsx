import { useTranslation } from 'react-i18next';
import { LabelledSelect } from '../../../components/labelled-select.js';
import { POINT_TRANSACTION_KINDS, type PointTransactionKind } from '../../../../shared/points.js';
import { daysReversed, type TranslogView } from '../translog-view.js';

function DayInput({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (day: string) => void }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="focus-ring min-h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
      />
    </div>
  );
}

/** Kind (from the one shared list of kinds) and days; any change goes back to the first page. */
export function TranslogFilterBar({ view, onView }: { view: TranslogView; onView: (view: TranslogView) => void }) {
  const { t } = useTranslation();
  const set = (change: Partial<TranslogView>) => onView({ ...view, ...change, page: 1 });
  return (
    <div role="group" aria-label={t('account:translog.filters')} className="mb-4 flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <LabelledSelect
          label={t('account:translog.kind')}
          value={view.kind ?? ''}
          anyLabel={t('account:translog.anyKind')}
          options={POINT_TRANSACTION_KINDS.map((kind) => ({ value: kind, label: t(`account:kinds.${kind}`) }))}
          onChange={(kind) => set({ kind: kind === '' ? null : (kind as PointTransactionKind) })}
          className="col-span-2 sm:col-span-1"
        />
        <DayInput id="translog-from" label={t('account:translog.from')} value={view.fromDay} onChange={(fromDay) => set({ fromDay })} />
        <DayInput id="translog-to" label={t('account:translog.to')} value={view.toDay} onChange={(toDay) => set({ toDay })} />
      </div>
      {daysReversed(view) && (
        <p role="alert" className="text-xs text-status-error">
          {t('account:translog.reversed')}
        </p>
      )}
    </div>
  );
}
