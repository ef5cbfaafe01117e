import { useTranslation } from 'react-i18next';
import { DETAIL_REFRESH_SECONDS, type DetailRefresh } from '../detail-range.js';
import { LabelledSelect } from '../../../components/labelled-select.js';

interface RefreshSelectProps {
  refresh: DetailRefresh;
  onRefresh: (refresh: DetailRefresh) => void;
  className?: string;
}

/** Auto-refresh of a detail screen: off, every 30 s, every minute or every 5 minutes. */
export function RefreshSelect({ refresh, onRefresh, className }: RefreshSelectProps) {
  const { t } = useTranslation();
  return (
    <LabelledSelect
      label={t('detail:refresh.label')}
      value={String(refresh)}
      options={DETAIL_REFRESH_SECONDS.map((seconds) => ({ value: String(seconds), label: t(`detail:refresh.every.${seconds}`) }))}
      onChange={(value) => onRefresh(DETAIL_REFRESH_SECONDS.find((seconds) => String(seconds) === value) ?? 0)}
      className={className}
    />
  );
}
