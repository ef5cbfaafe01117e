import { useTranslation } from 'react-i18next';
import { ChoiceAndDaysFields } from '../../../components/choice-and-days-fields.js';
import { POINT_TRANSACTION_KINDS, type PointTransactionKind } from '../../../../shared/points.js';
import type { TranslogView } from '../translog-view.js';
import type { ViewUpdate } from '../../../lib/use-url-view.js';

/** Kind (from the one shared list of kinds) and days; any change goes back to the first page. */
export function TranslogFilterBar({ view, onView }: { view: TranslogView; onView: (update: ViewUpdate<TranslogView>) => void }) {
  const { t } = useTranslation();
  const set = (change: Partial<TranslogView>) => onView((latest) => ({ ...latest, ...change, page: 1 }));
  return (
    <div role="group" aria-label={t('account:translog.filters')} className="mb-4 flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <ChoiceAndDaysFields
        choice={{
          label: t('account:translog.kind'),
          value: view.kind ?? '',
          anyLabel: t('account:translog.anyKind'),
          options: POINT_TRANSACTION_KINDS.map((kind) => ({ value: kind, label: t(`account:kinds.${kind}`) })),
          onChange: (kind) => set({ kind: kind === '' ? null : (kind as PointTransactionKind) }),
        }}
        range={view}
        onRange={set}
        idPrefix="translog"
        texts={{ from: t('account:translog.from'), to: t('account:translog.to'), reversed: t('account:translog.reversed') }}
        wideDays
      />
    </div>
  );
}
