import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, LIST_SORT_FIELDS, SORT_ORDERS, type ListSortField } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import { domainGroupOptionsQuery, tagOptionsQuery } from '../api.js';
import { ENABLE_STATUS_VALUES, SERVICE_STATUS_VALUES, type ListFilterName, type MonitorListView, type SortOrder } from '../list-view.js';
import { LabelledSelect, type SelectOption } from './labelled-select.js';

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

function SearchBox({ keyword, onKeyword }: { keyword: string; onKeyword: (keyword: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(keyword);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onKeyword(text);
  };
  return (
    <form role="search" onSubmit={submit} className="col-span-2 flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {t('monitor:filters.keyword')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          value={text}
          maxLength={LIMITS.nameMax}
          placeholder={t('monitor:filters.keywordPlaceholder')}
          onChange={(event) => setText(event.target.value)}
          className="focus-ring min-h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-800"
        />
        <Button type="submit" className="shrink-0">
          {t('monitor:filters.search')}
        </Button>
      </div>
    </form>
  );
}

/** Search, the group, tag, status and service-status filters, and sorting. */
export function ListFilters({ view, onKeyword, onFilter, onSort }: ListFiltersProps) {
  const { t } = useTranslation();
  const groups = useQuery(domainGroupOptionsQuery());
  const tags = useQuery(tagOptionsQuery());
  const any = t('monitor:filters.any');
  return (
    <div
      aria-label={t('monitor:filters.label')}
      role="group"
      className="mb-4 grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-4 xl:grid-cols-8"
    >
      {/* Keyed by the keyword: when the URL changes it (back, reset), the box starts again from it. */}
      <SearchBox key={view.keyword} keyword={view.keyword} onKeyword={onKeyword} />
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
      <LabelledSelect
        label={t('monitor:filters.status')}
        value={view.status === undefined ? '' : String(view.status)}
        anyLabel={any}
        options={ENABLE_STATUS_VALUES.map((value) => ({ value: String(value), label: t(`monitor:status.${value}`) }))}
        onChange={(value) => onFilter('status', value)}
      />
      <LabelledSelect
        label={t('monitor:filters.serviceStatus')}
        value={view.serviceStatus === undefined ? '' : String(view.serviceStatus)}
        anyLabel={any}
        options={SERVICE_STATUS_VALUES.map((value) => ({ value: String(value), label: t(`monitor:service.${value}`) }))}
        onChange={(value) => onFilter('serviceStatus', value)}
      />
      <LabelledSelect
        label={t('monitor:filters.sortBy')}
        value={view.sortBy}
        options={LIST_SORT_FIELDS.map((field) => ({ value: field, label: t(`monitor:sort.${field}`) }))}
        onChange={(value) => onSort(value as ListSortField, view.sortOrder)}
      />
      <LabelledSelect
        label={t('monitor:filters.sortOrder')}
        value={view.sortOrder}
        options={SORT_ORDERS.map((order) => ({ value: order, label: t(`monitor:sort.${order}`) }))}
        onChange={(value) => onSort(view.sortBy, value as SortOrder)}
      />
    </div>
  );
}
