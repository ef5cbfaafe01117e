import { useTranslation } from 'react-i18next';
import type { AccountInfo } from '../../../../shared/index.js';
import { usedShare } from '../overview-cards.js';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** The contract's purchased, used and remaining points, with how much is used as a bar. */
export function PointsCard({ info, failed }: { info: AccountInfo | undefined; failed: boolean }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const contract = info?.contract ?? null;
  const share = contract ? usedShare(contract.purchasedPoints, contract.usedPoints) : 0;
  return (
    <section aria-labelledby="points-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="points-title" className="mb-3 text-base font-semibold text-slate-900">
        {t('overview:pointsTitle')}
      </h2>
      {failed && !info && <p className="text-sm text-slate-600">{t('loadFailed')}</p>}
      {!failed && !info && <p role="status" className="text-sm text-slate-600">{t('loading')}</p>}
      {info && !contract && <p className="text-sm text-slate-600">{t('overview:noContract')}</p>}
      {contract && (
        <>
          <dl className="grid grid-cols-3 gap-3">
            <Figure label={t('overview:purchased')} value={number.format(contract.purchasedPoints)} />
            <Figure label={t('overview:used')} value={number.format(contract.usedPoints)} />
            <Figure label={t('overview:remaining')} value={number.format(contract.remainingPoints)} />
          </dl>
          <div
            role="meter"
            aria-label={t('overview:usedShare')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={share}
            aria-valuetext={t('common:percent', { value: number.format(share) })}
            className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div className={`h-full rounded-full ${share >= 90 ? 'bg-status-error' : 'bg-brand-600'}`} style={{ width: `${share}%` }} />
          </div>
        </>
      )}
    </section>
  );
}
