import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ENABLE_STATUS, LIMITS, SORT_ORDERS, SSL_SORT_FIELDS } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import type { SortOrder } from '../list-view.js';
import { SSL_STATUS_VALUES, type SslFilterName, type SslListView, type SslSortField } from '../ssl-view.js';
import { LabelledSelect } from './labelled-select.js';

interface SslFiltersProps {
  view: SslListView;
  onKeyword: (keyword: string) => void;
  onFilter: (name: SslFilterName, value: string) => void;
  onSort: (field: SslSortField, order: SortOrder) => void;
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

/** Search, the SSL status and status filters, and sorting of the SSL list. */
export function SslFilters({ view, onKeyword, onFilter, onSort }: SslFiltersProps) {
  const { t } = useTranslation();
  const any = t('monitor:filters.any');
  return (
    <div aria-label={t('monitor:filters.label')} role="group" className="mb-4 grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-4 xl:grid-cols-6">
      {/* Keyed by the keyword: when the URL changes it (back, reset), the box starts again from it. */}
      <SearchBox key={view.keyword} keyword={view.keyword} onKeyword={onKeyword} />
      <LabelledSelect
        label={t('monitor:ssl.columns.sslStatus')}
        value={view.sslStatus === undefined ? '' : String(view.sslStatus)}
        anyLabel={any}
        options={SSL_STATUS_VALUES.map((value) => ({ value: String(value), label: t(`monitor:ssl.status.${value}`) }))}
        onChange={(value) => onFilter('sslStatus', value)}
      />
      <LabelledSelect
        label={t('monitor:filters.status')}
        value={view.status === undefined ? '' : String(view.status)}
        anyLabel={any}
        options={Object.values(ENABLE_STATUS).map((value) => ({ value: String(value), label: t(`monitor:status.${value}`) }))}
        onChange={(value) => onFilter('status', value)}
      />
      <LabelledSelect
        label={t('monitor:filters.sortBy')}
        value={view.sortBy}
        options={SSL_SORT_FIELDS.map((field) => ({ value: field, label: t(`monitor:ssl.sort.${field}`) }))}
        onChange={(value) => onSort(value as SslSortField, view.sortOrder)}
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
