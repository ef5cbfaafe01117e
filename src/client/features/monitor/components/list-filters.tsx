import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIST_SORT_FIELDS, type ListSortField } from '../../../../shared/index.js';
import { LabelledSelect, type SelectOption } from '../../../components/labelled-select.js';
import { SearchToolbar } from '../../../components/search-toolbar.js';
import { domainGroupOptionsQuery, tagOptionsQuery } from '../api.js';
import { SERVICE_STATUS_VALUES, type ListFilterName, type MonitorListView, type SortOrder } from '../list-view.js';
import { FILTER_TOUCH, FilterDisclosure, countActive } from './filter-disclosure.js';
import { EnableStatusFilter, SortOrderSelect, useTaskSearchTexts } from './filter-selects.js';

interface ListFiltersProps {
  view: MonitorListView;
  onKeyword: (keyword: string) => void;
  onFilter: (name: ListFilterName, value: string) => void;
  onSort: (field: ListSortField, order: SortOrder) => void;
}

/** The label names of a list answer, with the chosen one kept even when the list no longer has it. */
function nameOptions(names: readonly string[] | undefined, chosen: string | undefined): SelectOption[] {
  const all = new Set(names ?? []);
  if (chosen !== undefined) all.add(chosen);
  return [...all].map((name) => ({ value: name, label: name }));
}

/** Search, the group, tag, status and service-status filters, and sorting (folded on narrow screens). */
export function ListFilters({ view, onKeyword, onFilter, onSort }: ListFiltersProps) {
  const { t } = useTranslation();
  const search = useTaskSearchTexts();
  const groups = useQuery(domainGroupOptionsQuery());
  const tags = useQuery(tagOptionsQuery());
  const any = t('monitor:filters.any');
  return (
    <SearchToolbar label={t('monitor:filters.label')} className={`md:grid-cols-4 xl:grid-cols-8 ${FILTER_TOUCH}`} keyword={view.keyword} search={search} onKeyword={onKeyword}>
      <FilterDisclosure activeCount={countActive(view.group, view.tag, view.status, view.serviceStatus)}>
        <LabelledSelect
          label={t('monitor:filters.group')}
          value={view.group ?? ''}
          anyLabel={any}
          options={nameOptions(groups.data?.list.map((row) => row.name), view.group)}
          onChange={(value) => onFilter('group', value)}
        />
        <LabelledSelect
          label={t('monitor:filters.tag')}
          value={view.tag ?? ''}
          anyLabel={any}
          options={nameOptions(tags.data?.list.map((row) => row.name), view.tag)}
          onChange={(value) => onFilter('tag', value)}
        />
        <EnableStatusFilter value={view.status} onChange={(value) => onFilter('status', value)} />
        <LabelledSelect
          label={t('monitor:filters.serviceStatus')}
          value={view.serviceStatus === undefined ? '' : String(view.serviceStatus)}
          anyLabel={any}
          options={SERVICE_STATUS_VALUES.map((value) => ({ value: String(value), label: t(`common:serviceStatus.${value}`) }))}
          onChange={(value) => onFilter('serviceStatus', value)}
        />
        <LabelledSelect
          label={t('monitor:filters.sortBy')}
          value={view.sortBy}
          options={LIST_SORT_FIELDS.map((field) => ({ value: field, label: t(`monitor:sort.${field}`) }))}
          onChange={(value) => onSort(value as ListSortField, view.sortOrder)}
        />
        <SortOrderSelect value={view.sortOrder} onChange={(order) => onSort(view.sortBy, order)} />
      </FilterDisclosure>
    </SearchToolbar>
  );
}
