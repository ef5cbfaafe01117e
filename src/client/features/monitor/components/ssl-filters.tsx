import { useTranslation } from 'react-i18next';
import { SSL_FILTER_VALUES, SSL_SORT_FIELDS } from '../../../../shared/index.js';
import { LabelledSelect } from '../../../components/labelled-select.js';
import { SearchToolbar } from '../../../components/search-toolbar.js';
import type { SortOrder } from '../list-view.js';
import type { SslFilterName, SslListView, SslSortField } from '../ssl-view.js';
import { FILTER_TOUCH, FilterDisclosure, countActive } from './filter-disclosure.js';
import { EnableStatusFilter, SortOrderSelect, useTaskSearchTexts } from './filter-selects.js';

interface SslFiltersProps {
  view: SslListView;
  onKeyword: (keyword: string) => void;
  onFilter: (name: SslFilterName, value: string) => void;
  onSort: (field: SslSortField, order: SortOrder) => void;
}

/**
 * Search, the SSL status filter (each SSL status, check failed, not checked yet, and expired or
 * check failed), the status filter, and sorting of the SSL list (folded on narrow screens).
 */
export function SslFilters({ view, onKeyword, onFilter, onSort }: SslFiltersProps) {
  const { t } = useTranslation();
  const search = useTaskSearchTexts();
  return (
    <SearchToolbar label={t('monitor:filters.label')} className={`md:grid-cols-4 xl:grid-cols-6 ${FILTER_TOUCH}`} keyword={view.keyword} search={search} onKeyword={onKeyword}>
      <FilterDisclosure activeCount={countActive(view.sslStatus, view.status)}>
        <LabelledSelect
          label={t('monitor:ssl.columns.sslStatus')}
          value={view.sslStatus === undefined ? '' : String(view.sslStatus)}
          anyLabel={t('monitor:filters.any')}
          options={SSL_FILTER_VALUES.map((value) => ({ value: String(value), label: t(`monitor:ssl.filter.${value}`) }))}
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
      </FilterDisclosure>
    </SearchToolbar>
  );
}
