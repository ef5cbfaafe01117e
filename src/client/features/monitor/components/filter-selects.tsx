import { useTranslation } from 'react-i18next';
import { LIMITS, SORT_ORDERS, type EnableStatus } from '../../../../shared/index.js';
import { LabelledSelect } from '../../../components/labelled-select.js';
import type { SearchTexts } from '../../../components/search-toolbar.js';
import { ENABLE_STATUS_VALUES, type SortOrder } from '../list-view.js';

/** The task and SSL lists' search box: name or target, as long as a name may be. */
export function useTaskSearchTexts(): SearchTexts {
  const { t } = useTranslation();
  return {
    label: t('monitor:filters.keyword'),
    placeholder: t('monitor:filters.keywordPlaceholder'),
    submit: t('monitor:filters.search'),
    maxLength: LIMITS.nameMax,
  };
}

/** Enabled or disabled tasks ('' is any). */
export function EnableStatusFilter({ value, onChange }: { value: EnableStatus | undefined; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <LabelledSelect
      label={t('monitor:filters.status')}
      value={value === undefined ? '' : String(value)}
      anyLabel={t('monitor:filters.any')}
      options={ENABLE_STATUS_VALUES.map((status) => ({ value: String(status), label: t(`monitor:status.${status}`) }))}
      onChange={onChange}
    />
  );
}

export function SortOrderSelect({ value, onChange }: { value: SortOrder; onChange: (order: SortOrder) => void }) {
  const { t } = useTranslation();
  return (
    <LabelledSelect
      label={t('monitor:filters.sortOrder')}
      value={value}
      options={SORT_ORDERS.map((order) => ({ value: order, label: t(`monitor:sort.${order}`) }))}
      onChange={(order) => onChange(order as SortOrder)}
    />
  );
}
