import { useTranslation } from 'react-i18next';
import { useFormats } from '../formats.js';
import type { HopChange, HopLine, SnapshotComparison } from '../trace-compare.js';

const CELL = 'px-2 py-1.5 text-left align-top';
const HEAD = 'px-2 py-1.5 text-left text-xs font-semibold whitespace-nowrap text-slate-600';

function Address({ line }: { line: HopLine | null }) {
  const { t } = useTranslation();
  if (line === null) return <span className="text-slate-400">{t('detail:trace.noHop')}</span>;
  if (line.address === null) return <span className="text-slate-500">{t('detail:trace.noAnswer')}</span>;
  return <span className="font-mono text-xs whitespace-nowrap">{line.address}</span>;
}

function rttText(line: HopLine | null, format: ReturnType<typeof useFormats>): string {
  return format.ms(line?.avgRttMs ?? null);
}

/** One run's hops: TTL, address, the RTT of each probe and their mean, loss. */
export function HopTable({ lines, caption }: { lines: readonly HopLine[]; caption: string }) {
  const { t } = useTranslation();
  const format = useFormats();
  if (lines.length === 0) return <p className="text-sm text-slate-600">{t('detail:trace.noHops')}</p>;
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={HEAD}>{t('detail:trace.columns.ttl')}</th>
            <th scope="col" className={HEAD}>{t('detail:trace.columns.address')}</th>
            <th scope="col" className={HEAD}>{t('detail:trace.columns.rtt')}</th>
            <th scope="col" className={HEAD}>{t('detail:trace.columns.loss')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {lines.map((line) => (
            <tr key={line.ttl}>
              <th scope="row" className={`${CELL} font-medium tabular-nums`}>{line.ttl}</th>
              <td className={CELL}><Address line={line} /></td>
              <td className={`${CELL} tabular-nums`}>
                {rttText(line, format)}
                {line.rttsMs.length > 1 && (
                  <span className="block text-[11px] text-slate-500">{line.rttsMs.map((rtt) => (rtt === null ? '*' : format.ms(rtt))).join(' / ')}</span>
                )}
              </td>
              <td className={`${CELL} tabular-nums`}>{format.percent(line.lossPercent)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const CHANGE_TONES: Readonly<Record<HopChange, string>> = {
  same: '',
  address: 'bg-amber-50',
  onlyLeft: 'bg-amber-50',
  onlyRight: 'bg-amber-50',
};

/** Which run is which (the older on the left) and how many hops differ. */
function CompareLegend({ leftLabel, rightLabel, changedCount }: { leftLabel: string; rightLabel: string; changedCount: number }) {
  const { t } = useTranslation();
  const entry = (label: string, value: string | number, wide = false) => (
    <div className={`flex flex-wrap gap-x-2 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
  return (
    <dl className="grid gap-1 text-sm sm:grid-cols-2">
      {entry(t('detail:trace.older'), leftLabel)}
      {entry(t('detail:trace.newer'), rightLabel)}
      {entry(t('detail:trace.changedHops'), changedCount, true)}
    </dl>
  );
}

interface CompareTableProps {
  comparison: SnapshotComparison;
  leftLabel: string;
  rightLabel: string;
}

/** Two runs TTL by TTL, the older on the left; a hop that moved or that only one run reached is highlighted and named. */
export function CompareTable({ comparison, leftLabel, rightLabel }: CompareTableProps) {
  const { t } = useTranslation();
  const format = useFormats();
  return (
    <div className="flex flex-col gap-3">
      <CompareLegend leftLabel={leftLabel} rightLabel={rightLabel} changedCount={comparison.changedCount} />
      <div className="overflow-x-auto rounded-md border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{t('detail:trace.compareTitle')}</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={HEAD}>{t('detail:trace.columns.ttl')}</th>
              <th scope="col" className={HEAD}>{t('detail:trace.older')}</th>
              <th scope="col" className={HEAD}>{t('detail:trace.columns.rtt')}</th>
              <th scope="col" className={HEAD}>{t('detail:trace.newer')}</th>
              <th scope="col" className={HEAD}>{t('detail:trace.columns.rtt')}</th>
              <th scope="col" className={HEAD}>{t('detail:trace.columns.change')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {comparison.rows.map((row) => (
              <tr key={row.ttl} data-change={row.change} className={CHANGE_TONES[row.change]}>
                <th scope="row" className={`${CELL} font-medium tabular-nums`}>{row.ttl}</th>
                <td className={CELL}><Address line={row.left} /></td>
                <td className={`${CELL} tabular-nums`}>{rttText(row.left, format)}</td>
                <td className={CELL}><Address line={row.right} /></td>
                <td className={`${CELL} tabular-nums`}>{rttText(row.right, format)}</td>
                <td className={CELL}>
                  {row.change === 'same' ? (
                    <span className="text-slate-500">{t('detail:trace.change.same')}</span>
                  ) : (
                    <strong className="font-semibold whitespace-nowrap text-amber-900">{t(`detail:trace.change.${row.change}`)}</strong>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
