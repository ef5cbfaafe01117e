import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CHINA_REGIONS, COUNTRIES, NODE_STATUSES } from '../../../../shared/index.js';
import {
  ISP_CODE_VALUES,
  MAP_TYPE_CODES,
  regionApplies,
  type NodeFilterName,
  type NodeListView,
} from '../node-filters.js';

interface Option {
  value: string;
  label: string;
}

interface FilterSelectProps {
  label: string;
  value: string | number | undefined;
  options: readonly Option[];
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Already translated; said to screen readers and shown under a disabled select. */
  hint?: string | undefined;
}

/** Native select: keyboard and screen readers handle it everywhere, down to 360 px. */
function FilterSelect({ label, value, options, onChange, disabled = false, hint }: FilterSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <select
        id={id}
        value={value === undefined ? '' : String(value)}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className="focus-ring w-full rounded-md border border-slate-300 bg-white py-1.5 pr-7 pl-2 text-sm text-slate-800 disabled:bg-slate-100 disabled:text-slate-400"
      >
        <option value="">{t('nodes:filters.any')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}

interface NodeFiltersBarProps {
  view: NodeListView;
  onFilterChange: (name: NodeFilterName, value: string) => void;
}

export function NodeFiltersBar({ view, onFilterChange }: NodeFiltersBarProps) {
  const { t } = useTranslation();
  const options = <T extends string | number>(values: readonly T[], table: string): Option[] =>
    values.map((value) => ({ value: String(value), label: t(`places:codes.${table}.${value}`) }));
  const regionOpen = regionApplies(view.mapType);
  return (
    <div
      role="search"
      aria-label={t('nodes:filters.label')}
      className="mb-4 grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-3 lg:grid-cols-5"
    >
      <FilterSelect
        label={t('nodes:filters.mapType')}
        value={view.mapType}
        options={options(MAP_TYPE_CODES, 'mapType')}
        onChange={(value) => onFilterChange('mapType', value)}
      />
      <FilterSelect
        label={t('nodes:filters.region')}
        value={view.region}
        options={options(CHINA_REGIONS, 'region')}
        onChange={(value) => onFilterChange('region', value)}
        disabled={!regionOpen}
        hint={regionOpen ? undefined : t('nodes:filters.regionChinaOnly')}
      />
      <FilterSelect
        label={t('nodes:filters.country')}
        value={view.country}
        options={options(COUNTRIES, 'country')}
        onChange={(value) => onFilterChange('country', value)}
      />
      <FilterSelect
        label={t('nodes:filters.isp')}
        value={view.isp}
        options={options(ISP_CODE_VALUES, 'isp')}
        onChange={(value) => onFilterChange('isp', value)}
      />
      <FilterSelect
        label={t('nodes:filters.status')}
        value={view.status}
        options={options(NODE_STATUSES, 'nodeStatus')}
        onChange={(value) => onFilterChange('status', value)}
      />
    </div>
  );
}
