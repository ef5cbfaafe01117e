import { useTranslation } from 'react-i18next';
import { ServiceStatusLabel } from '../../../charts/index.js';
import { ariaSortOf, type BreakdownRow, type BreakdownSort, type BreakdownSortField } from '../breakdown-rows.js';
import { useFormats } from '../formats.js';

const CELL = 'px-3 py-2 text-left align-top';

function SortHeader({ field, sort, onSort, label }: { field: BreakdownSortField; sort: BreakdownSort; onSort: (field: BreakdownSortField) => void; label: string }) {
  const { t } = useTranslation();
  const state = ariaSortOf(sort, field);
  const arrow = state === 'ascending' ? '↑' : state === 'descending' ? '↓' : '';
  return (
    <th scope="col" aria-sort={state} className="px-1 py-1 text-left text-xs font-semibold whitespace-nowrap text-slate-600">
      <button
        type="button"
        onClick={() => onSort(field)}
        title={t('detail:breakdown.sortBy', { column: label })}
        className="focus-ring inline-flex min-h-8 items-center gap-1 rounded px-2 hover:bg-slate-100"
      >
        {label}
        <span aria-hidden="true" className="w-3 text-brand-700">
          {arrow}
        </span>
      </button>
    </th>
  );
}

interface BreakdownTableProps {
  caption: string;
  nameLabel: string;
  rows: readonly BreakdownRow[];
  sort: BreakdownSort;
  onSort: (field: BreakdownSortField) => void;
  /** Groups show how many nodes they add up. */
  showNodeCount: boolean;
}

/** One breakdown as a table sortable by every figure; scrolls sideways on a narrow screen. */
export function BreakdownTable({ caption, nameLabel, rows, sort, onSort, showNodeCount }: BreakdownTableProps) {
  const { t } = useTranslation();
  const format = useFormats();
  const header = (field: BreakdownSortField, label: string) => <SortHeader field={field} sort={sort} onSort={onSort} label={label} />;
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {header('name', nameLabel)}
            {header('status', t('detail:breakdown.columns.status'))}
            {header('availability', t('detail:breakdown.columns.availability'))}
            {header('response', t('detail:breakdown.columns.response'))}
            {header('count', t('detail:breakdown.columns.checks'))}
            {showNodeCount && (
              <th scope="col" className="px-3 py-1 text-left text-xs font-semibold whitespace-nowrap text-slate-600">
                {t('detail:breakdown.columns.nodes')}
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.key} data-row={row.key}>
              <th scope="row" className={`${CELL} min-w-36 font-medium text-slate-900`}>
                <span className="block">{row.name}</span>
                {row.detail && <span className="block text-xs font-normal text-slate-500">{row.detail}</span>}
              </th>
              <td className={CELL}>
                <ServiceStatusLabel status={row.figures.serviceStatus} />
              </td>
              <td className={`${CELL} tabular-nums`}>{format.percent(row.figures.availabilityPercent)}</td>
              <td className={`${CELL} tabular-nums`}>{format.ms(row.figures.avgResponseMs)}</td>
              <td className={`${CELL} tabular-nums`}>{format.count(row.figures.count)}</td>
              {showNodeCount && <td className={`${CELL} tabular-nums`}>{format.count(row.nodeCount ?? 0)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
