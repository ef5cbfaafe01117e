import { useTranslation } from 'react-i18next';
import { CHINA_REGIONS, type NodeCatalogueEntry } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import { provinceName } from '../../../lib/node-names.js';
import { filterOptions, hasNodeFilters, regionOfProvince, withNodeFilter, type NodeFilterName, type NodeFilters } from '../node-selection.js';
import { SelectInput, type Option } from './form-controls.js';

interface NodeFilterBarProps {
  nodes: readonly NodeCatalogueEntry[];
  filters: NodeFilters;
  onFilters: (filters: NodeFilters) => void;
}

/** Narrows the picker by China region, province, country and ISP ('' is any). */
export function NodeFilterBar({ nodes, filters, onFilters }: NodeFilterBarProps) {
  const { t, i18n } = useTranslation();
  const exists = (key: string) => i18n.exists(key);
  const choices = filterOptions(nodes, filters);
  const any: Option = { value: '', label: t('taskform:nodes.any') };
  const options = (values: readonly (string | number)[], label: (value: string) => string, byName = false): Option[] => {
    const listed = values.map((value) => ({ value: String(value), label: label(String(value)) }));
    if (byName) listed.sort((a, b) => a.label.localeCompare(b.label, i18n.language));
    return [any, ...listed];
  };
  const set = (name: NodeFilterName) => (raw: string) =>
    onFilters(withNodeFilter(filters, name, raw, (province) => regionOfProvince(nodes, province)));
  return (
    <div role="search" aria-label={t('taskform:nodes.filters')} className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-5">
      <SelectInput
        id="task-nodes-region"
        label={t('taskform:nodes.region')}
        value={filters.region ?? ''}
        options={options(CHINA_REGIONS, (region) => t(`places:codes.region.${region}`))}
        onValueChange={set('region')}
      />
      <SelectInput
        id="task-nodes-province"
        label={t('taskform:nodes.province')}
        value={filters.province ?? ''}
        options={options(choices.provinces, (province) => provinceName(province, t, exists), true)}
        onValueChange={set('province')}
      />
      <SelectInput
        id="task-nodes-country"
        label={t('taskform:nodes.country')}
        value={filters.country ?? ''}
        options={options(choices.countries, (country) => t(`places:codes.country.${country}`, { defaultValue: country }), true)}
        onValueChange={set('country')}
      />
      <SelectInput
        id="task-nodes-isp"
        label={t('taskform:nodes.isp')}
        value={filters.isp === undefined ? '' : String(filters.isp)}
        options={options(choices.isps, (isp) => t(`places:codes.isp.${isp}`))}
        onValueChange={set('isp')}
      />
      <div className="flex items-end">
        <Button variant="secondary" className="w-full" onClick={() => onFilters({})} disabled={!hasNodeFilters(filters)}>
          {t('taskform:nodes.resetFilters')}
        </Button>
      </div>
    </div>
  );
}
