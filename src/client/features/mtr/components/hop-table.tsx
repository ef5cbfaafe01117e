import { useTranslation } from 'react-i18next';
import type { MtrRunNode } from '../../../../shared/index.js';
import { msText } from '../node-states.js';

const cell = 'px-2 py-1.5 text-right tabular-nums whitespace-nowrap';
const MS_COLUMNS = ['lastMs', 'avgMs', 'bestMs', 'worstMs', 'stdevMs'] as const;

/** One node's hops: hop, host, IP, loss, sent, and last/average/best/worst/deviation in ms. Scrolls sideways on a narrow screen. */
export function HopTable({ node, caption }: { node: MtrRunNode; caption: string }) {
  const { t, i18n } = useTranslation();
  const ms = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="focus-ring max-w-full overflow-x-auto rounded-md border border-slate-200">
      <table className="min-w-full text-sm text-slate-800">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            <th scope="col" className="px-2 py-1.5 text-right">{t('mtr:hops.hop')}</th>
            <th scope="col" className="px-2 py-1.5 text-left">{t('mtr:hops.host')}</th>
            <th scope="col" className="px-2 py-1.5 text-left">{t('mtr:hops.ip')}</th>
            <th scope="col" className={cell}>{t('mtr:hops.loss')}</th>
            <th scope="col" className={cell}>{t('mtr:hops.sent')}</th>
            {MS_COLUMNS.map((column) => (
              <th key={column} scope="col" className={cell}>
                {t(`mtr:hops.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {node.hops.map((hop) => (
            <tr key={hop.ttl} className="border-t border-slate-100">
              <th scope="row" className={`${cell} font-medium`}>{hop.ttl}</th>
              <td className="px-2 py-1.5 whitespace-nowrap">{hop.host === null ? t('mtr:hops.noAnswer') : (hop.name ?? hop.host)}</td>
              <td className="px-2 py-1.5 font-mono text-xs whitespace-nowrap">{hop.host ?? '—'}</td>
              <td className={`${cell} ${hop.lossPercent > 0 ? 'text-red-700' : ''}`}>{`${percent.format(hop.lossPercent)}%`}</td>
              <td className={cell}>{hop.sent}</td>
              {MS_COLUMNS.map((column) => (
                <td key={column} className={cell}>
                  {msText(hop[column], ms)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
