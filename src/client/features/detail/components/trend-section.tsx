import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetailTrendAnswer } from '../../../../shared/index.js';
import { TrendChart } from '../../../charts/index.js';
import { trendPointsOf, trendRangeOf } from '../trend-points.js';
import { Section } from './states.js';

interface TrendSectionProps {
  trend: DetailTrendAnswer | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}

/** Availability and response time over the range, per minute up to 12 h and per hour beyond. */
export function TrendSection({ trend, isLoading, isError, onRetry }: TrendSectionProps) {
  const { t } = useTranslation();
  const points = useMemo(() => (trend ? trendPointsOf(trend) : undefined), [trend]);
  const range = useMemo(() => (trend ? trendRangeOf(trend) : undefined), [trend]);
  const per = trend ? t(`detail:trend.per.${trend.per}`) : null;
  return (
    <Section title={t('detail:trend.title')} actions={per && <span className="text-xs text-slate-500">{per}</span>}>
      <TrendChart
        points={points}
        {...(range ? { range } : {})}
        isLoading={isLoading}
        isError={isError && !trend}
        onRetry={onRetry}
        label={t('detail:trend.label')}
        height={280}
      />
    </Section>
  );
}
