import { useTranslation } from 'react-i18next';
import { AUTO_REFRESH_SECONDS } from '../../../../shared/index.js';
import { LabelledSelect } from '../../../components/labelled-select.js';
import { FILTER_TOUCH } from './filter-disclosure.js';

interface RefreshSelectProps {
  /** Seconds between reads; 0 is off. */
  refresh: number;
  onRefresh: (seconds: number) => void;
  className?: string;
}

/** Auto-refresh of a task list: off, every 10/30 s, or every 1/5/10 minutes. */
export function RefreshSelect({ refresh, onRefresh, className }: RefreshSelectProps) {
  const { t } = useTranslation();
  return (
    <LabelledSelect
      label={t('monitor:refresh.label')}
      value={String(refresh)}
      options={AUTO_REFRESH_SECONDS.map((seconds) => ({ value: String(seconds), label: t(`monitor:refresh.every.${seconds}`) }))}
      onChange={(value) => onRefresh(Number(value))}
      className={`${FILTER_TOUCH} ${className ?? ''}`}
    />
  );
}
