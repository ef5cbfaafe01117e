import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_SORT_FIELDS, LIMITS } from '../../../../shared/index.js';
import { LabelledSelect } from '../../../components/labelled-select.js';
import { SearchToolbar } from '../../../components/search-toolbar.js';
import { oneOf } from '../../../lib/url-params.js';
import { SORT_ORDER_VALUES, type GroupListView, type GroupSortField, type SortOrder } from '../list-view.js';

interface ListToolbarProps {
  view: GroupListView;
  searchPlaceholder: string;
  onKeyword: (keyword: string) => void;
  onSort: (sortBy: GroupSortField, sortOrder: SortOrder) => void;
  /** The create button (none in read-only mode). */
  children?: ReactNode;
}

/** Search, sorting (also for the narrow cards, which have no column headers) and the create action. */
export function ListToolbar({ view, searchPlaceholder, onKeyword, onSort, children }: ListToolbarProps) {
  const { t } = useTranslation();
  const search = { label: t('groups:search.label'), placeholder: searchPlaceholder, submit: t('groups:search.submit'), maxLength: LIMITS.groupNameMax };
  return (
    <SearchToolbar label={t('groups:search.toolbar')} className="items-end md:grid-cols-4 lg:grid-cols-5" keyword={view.keyword} search={search} onKeyword={onKeyword}>
      <LabelledSelect
        label={t('groups:sort.label')}
        value={view.sortBy}
        options={GROUP_SORT_FIELDS.map((field) => ({ value: field, label: t(`groups:sort.fields.${field}`) }))}
        onChange={(field) => onSort(oneOf(GROUP_SORT_FIELDS, field) ?? view.sortBy, view.sortOrder)}
      />
      <LabelledSelect
        label={t('groups:sort.order')}
        value={view.sortOrder}
        options={SORT_ORDER_VALUES.map((order) => ({ value: order, label: t(`groups:sort.orders.${order}`) }))}
        onChange={(order) => onSort(view.sortBy, oneOf(SORT_ORDER_VALUES, order) ?? view.sortOrder)}
      />
      {children && <div className="col-span-2 flex justify-end md:col-span-4 lg:col-span-1">{children}</div>}
    </SearchToolbar>
  );
}
