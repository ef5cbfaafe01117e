import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TIME_FILTER_HOURS, TIME_RANGE_UNITS } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import { clampCount, LAST_COUNT_MAX, timeFilterFromToken, timeFilterToken, type RangeUnit, type TimeFilter } from '../time-filter.js';
import { LabelledSelect } from '../../../components/labelled-select.js';
import { FILTER_TOUCH } from './filter-disclosure.js';
import { RefreshSelect } from './refresh-select.js';

const CUSTOM = 'last';

interface TimeControlsProps {
  time: TimeFilter;
  refresh: number;
  onTime: (time: TimeFilter) => void;
  onRefresh: (seconds: number) => void;
}

function LastRangeForm({ time, onTime }: { time: TimeFilter; onTime: (time: TimeFilter) => void }) {
  const { t } = useTranslation();
  const countId = useId();
  const [count, setCount] = useState(time.kind === 'last' ? String(time.count) : '1');
  const [unit, setUnit] = useState<RangeUnit>(time.kind === 'last' ? time.unit : 'day');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = clampCount(Number(count), unit);
    setCount(String(value));
    onTime({ kind: 'last', count: value, unit });
  };
  return (
    <form onSubmit={submit} aria-label={t('monitor:time.lastLabel')} className="order-last col-span-2 flex flex-wrap items-end gap-2 md:order-none">
      <div className="flex flex-col gap-1">
        <label htmlFor={countId} className="text-xs font-medium text-slate-600">
          {t('monitor:time.count')}
        </label>
        <input
          id={countId}
          type="number"
          inputMode="numeric"
          min={1}
          max={LAST_COUNT_MAX[unit]}
          value={count}
          onChange={(event) => setCount(event.target.value)}
          className="focus-ring min-h-9 w-20 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
        />
      </div>
      <LabelledSelect
        label={t('monitor:time.unit')}
        value={unit}
        options={TIME_RANGE_UNITS.map((value) => ({ value, label: t(`monitor:time.units.${value}`) }))}
        onChange={(value) => setUnit(value as RangeUnit)}
      />
      <Button type="submit" variant="secondary">
        {t('monitor:time.apply')}
      </Button>
    </form>
  );
}

/**
 * The range the figures cover (quick hours, or the last n months/weeks/days/hours) and auto-refresh:
 * on narrow screens the two side by side in one row, the custom range's fields under them.
 */
export function TimeControls({ time, refresh, onTime, onRefresh }: TimeControlsProps) {
  const { t } = useTranslation();
  const [customChosen, setCustom] = useState(false);
  const custom = customChosen || time.kind === 'last';
  const quickValue = custom ? CUSTOM : timeFilterToken(time);
  const chooseQuick = (value: string) => {
    if (value === CUSTOM) return setCustom(true);
    setCustom(false);
    const chosen = timeFilterFromToken(value);
    if (chosen) onTime(chosen);
  };
  return (
    <div className={`mb-4 grid grid-cols-2 items-end gap-3 md:flex md:flex-wrap ${FILTER_TOUCH}`}>
      <LabelledSelect
        label={t('monitor:time.label')}
        value={quickValue}
        options={[
          ...TIME_FILTER_HOURS.map((hours) => ({ value: `${hours}h`, label: t(`monitor:time.hours.${hours}`) })),
          { value: CUSTOM, label: t('monitor:time.last') },
        ]}
        onChange={chooseQuick}
      />
      {custom && <LastRangeForm time={time} onTime={onTime} />}
      <RefreshSelect refresh={refresh} onRefresh={onRefresh} className="md:ml-auto" />
    </div>
  );
}
