import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SERVICE_STATUS, type DetailSummaryAnswer, type ServiceStatus } from '../../../../shared/index.js';
import { ServiceStatusLabel } from '../../../charts/index.js';
import { useFormats } from '../formats.js';
import { SectionError, SectionLoading } from './states.js';

/** The §3 band's colours for text and the card's edge, with words beside them. */
const BAND_TONES: Readonly<Record<ServiceStatus, string>> = {
  [SERVICE_STATUS.NORMAL]: 'text-green-800 border-l-status-normal',
  [SERVICE_STATUS.WARNING]: 'text-yellow-800 border-l-status-warning',
  [SERVICE_STATUS.ERROR]: 'text-red-800 border-l-status-error',
  [SERVICE_STATUS.NONE]: 'text-slate-500 border-l-status-none',
};

function Card({ label, children, tone = 'text-slate-900 border-l-slate-200' }: { label: string; children: ReactNode; tone?: string }) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 rounded-lg border border-l-4 border-slate-200 bg-white p-3 ${tone}`}>
      <dt className="text-xs font-normal text-slate-500">{label}</dt>
      <dd className="text-lg font-semibold break-words tabular-nums">{children}</dd>
    </div>
  );
}

function SummaryGrid({ summary }: { summary: DetailSummaryAnswer }) {
  const { t } = useTranslation();
  const format = useFormats();
  const band = BAND_TONES[summary.serviceStatus];
  return (
    <dl aria-label={t('detail:summary.title')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      <Card label={t('detail:summary.availability')} tone={band}>
        {format.percent(summary.availabilityPercent)}
      </Card>
      <Card label={t('detail:summary.band')} tone={band}>
        <span className="text-base">
          <ServiceStatusLabel status={summary.serviceStatus} />
        </span>
      </Card>
      <Card label={t('detail:summary.average')}>{format.ms(summary.avgResponseMs)}</Card>
      <Card label={t('detail:summary.min')}>{format.ms(summary.minResponseMs)}</Card>
      <Card label={t('detail:summary.max')}>{format.ms(summary.maxResponseMs)}</Card>
      <Card label={t('detail:summary.checks')}>
        {t('detail:summary.checksValue', { successes: format.count(summary.successes), count: format.count(summary.count) })}
      </Card>
      <Card label={t('detail:summary.nodesWithData')}>
        {t('detail:summary.nodesValue', { withData: format.count(summary.nodesWithData), total: format.count(summary.nodeCount) })}
      </Card>
      <Card label={t('detail:summary.lastCheck')}>
        <span className="text-sm font-medium">
          {summary.lastCheckAt === null ? t('detail:summary.never') : <time dateTime={summary.lastCheckAt}>{format.dateTime(summary.lastCheckAt)}</time>}
        </span>
      </Card>
    </dl>
  );
}

interface SummaryCardsProps {
  summary: DetailSummaryAnswer | undefined;
  isError: boolean;
  onRetry: () => void;
}

/** Availability, response times and the band over the range; the newest check whatever the range. */
export function SummaryCards({ summary, isError, onRetry }: SummaryCardsProps) {
  if (summary) return <SummaryGrid summary={summary} />;
  return <div className="rounded-lg border border-slate-200 bg-white p-4">{isError ? <SectionError onRetry={onRetry} /> : <SectionLoading />}</div>;
}
