import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_SORT_FIELDS, LIMITS } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import { SORT_ORDER_VALUES, type GroupListView, type GroupSortField, type SortOrder } from '../list-view.js';

interface SearchBoxProps {
  keyword: string;
  placeholder: string;
  onKeyword: (keyword: string) => void;
}

function SearchBox({ keyword, placeholder, onKeyword }: SearchBoxProps) {
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
        {t('groups:search.label')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          value={text}
          maxLength={LIMITS.groupNameMax}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          className="focus-ring min-h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-800"
        />
        <Button type="submit" className="shrink-0">
          {t('groups:search.submit')}
        </Button>
      </div>
    </form>
  );
}

interface SortSelectProps<T extends string> {
  label: string;
  value: T;
  values: readonly T[];
  labelOf: (value: T) => string;
  onChange: (value: T) => void;
}

/** Native select: keyboard and screen readers handle it everywhere, down to 360 px. */
function SortSelect<T extends string>({ label, value, values, labelOf, onChange }: SortSelectProps<T>) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(values.find((candidate) => candidate === event.target.value) ?? value)}
        className="focus-ring min-h-9 w-full rounded-md border border-slate-300 bg-white py-1.5 pr-7 pl-2 text-sm text-slate-800"
      >
        {values.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

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
  return (
    <div
      role="group"
      aria-label={t('groups:search.toolbar')}
      className="mb-4 grid grid-cols-2 items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-4 lg:grid-cols-5"
    >
      {/* Keyed by the keyword: when the URL changes it (back, clear), the box starts again from it. */}
      <SearchBox key={view.keyword} keyword={view.keyword} placeholder={searchPlaceholder} onKeyword={onKeyword} />
      <SortSelect
        label={t('groups:sort.label')}
        value={view.sortBy}
        values={GROUP_SORT_FIELDS}
        labelOf={(field) => t(`groups:sort.fields.${field}`)}
        onChange={(field) => onSort(field, view.sortOrder)}
      />
      <SortSelect
        label={t('groups:sort.order')}
        value={view.sortOrder}
        values={SORT_ORDER_VALUES}
        labelOf={(order) => t(`groups:sort.orders.${order}`)}
        onChange={(order) => onSort(view.sortBy, order)}
      />
      {children && <div className="col-span-2 flex justify-end md:col-span-4 lg:col-span-1">{children}</div>}
    </div>
  );
}
