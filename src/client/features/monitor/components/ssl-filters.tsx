import { useTranslation } from 'react-i18next';
import { SSL_SORT_FIELDS } from '../../../../shared/index.js';
import { LabelledSelect } from '../../../components/labelled-select.js';
import { SearchToolbar } from '../../../components/search-toolbar.js';
import type { SortOrder } from '../list-view.js';
import { SSL_STATUS_VALUES, type SslFilterName, type SslListView, type SslSortField } from '../ssl-view.js';
import { EnableStatusFilter, SortOrderSelect, useTaskSearchTexts } from './filter-selects.js';

interface SslFiltersProps {
  view: SslListView;
  onKeyword: (keyword: string) => void;
  onFilter: (name: SslFilterName, value: string) => void;
  onSort: (field: SslSortField, order: SortOrder) => void;
}

/** Search, the SSL status and status filters, and sorting of the SSL list. */
export function SslFilters({ view, onKeyword, onFilter, onSort }: SslFiltersProps) {
  const { t } = useTranslation();
  const search = useTaskSearchTexts();
  return (
    <SearchToolbar label={t('monitor:filters.label')} className="md:grid-cols-4 xl:grid-cols-6" keyword={view.keyword} search={search} onKeyword={onKeyword}>
      <LabelledSelect
        label={t('monitor:ssl.columns.sslStatus')}
        value={view.sslStatus === undefined ? '' : String(view.sslStatus)}
        anyLabel={t('monitor:filters.any')}
        options={SSL_STATUS_VALUES.map((value) => ({ value: String(value), label: t(`monitor:ssl.status.${value}`) }))}
        onChange={(value) => onFilter('sslStatus', value)}
      />
      <EnableStatusFilter value={view.status} onChange={(value) => onFilter('status', value)} />
      <LabelledSelect
        label={t('monitor:filters.sortBy')}
        value={view.sortBy}
        options={SSL_SORT_FIELDS.map((field) => ({ value: field, label: t(`monitor:ssl.sort.${field}`) }))}
        onChange={(value) => onSort(value as SslSortField, view.sortOrder)}
      />
      <SortOrderSelect value={view.sortOrder} onChange={(order) => onSort(view.sortBy, order)} />
    </SearchToolbar>
  );
}
