import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TIME_FILTER_HOURS } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import {
  customRangeProblem,
  defaultCustomRange,
  localInputOf,
  msOfLocalInput,
  type DetailRange,
  type DetailRefresh,
} from '../detail-range.js';
import { RefreshSelect } from './refresh-select.js';
import { LabelledSelect } from '../../../components/labelled-select.js';

const CUSTOM = 'custom';

function DateTimeField({ label, value, onChange, invalid }: { label: string; value: string; onChange: (value: string) => void; invalid: boolean }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <input
        id={id}
        type="datetime-local"
        value={value}
        aria-invalid={invalid}
        onChange={(event) => onChange(event.target.value)}
        className="focus-ring min-h-9 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm sm:w-auto"
      />
    </div>
  );
}

/** From and to (at most 31 days apart), checked with the schema the server uses before asking. */
function CustomRangeForm({ range, onRange }: { range: DetailRange; onRange: (range: DetailRange) => void }) {
  const { t } = useTranslation();
  const problemId = useId();
  const [start] = useState(() => (range.kind === 'custom' ? range : defaultCustomRange(Date.now())));
  const [from, setFrom] = useState(localInputOf(start.from));
  const [to, setTo] = useState(localInputOf(start.to));
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fromMs = msOfLocalInput(from);
    const toMs = msOfLocalInput(to);
    const found = customRangeProblem(fromMs, toMs);
    setProblem(found);
    if (found === null && fromMs !== null && toMs !== null) onRange({ kind: 'custom', from: fromMs, to: toMs });
  };
  return (
    <form onSubmit={submit} aria-label={t('detail:range.custom')} aria-describedby={problem ? problemId : undefined} className="flex flex-wrap items-end gap-2">
      <DateTimeField label={t('detail:range.from')} value={from} onChange={setFrom} invalid={problem !== null} />
      <DateTimeField label={t('detail:range.to')} value={to} onChange={setTo} invalid={problem !== null} />
      <Button type="submit" variant="secondary">
        {t('detail:range.apply')}
      </Button>
      {problem && (
        <p id={problemId} role="alert" className="w-full text-sm text-red-700">
          {t(`detail:range.problem.${problem}`)}
        </p>
      )}
    </form>
  );
}

interface RangeControlsProps {
  range: DetailRange;
  refresh: DetailRefresh;
  onRange: (range: DetailRange) => void;
  onRefresh: (refresh: DetailRefresh) => void;
}

/** The range every figure covers (the last 1-12 hours, 7 days, or from-to) and auto-refresh. */
export function RangeControls({ range, refresh, onRange, onRefresh }: RangeControlsProps) {
  const { t } = useTranslation();
  const [customChosen, setCustomChosen] = useState(false);
  const custom = customChosen || range.kind === 'custom';
  const choose = (value: string) => {
    if (value === CUSTOM) return setCustomChosen(true);
    setCustomChosen(false);
    const hours = TIME_FILTER_HOURS.find((candidate) => `${candidate}h` === value);
    if (hours !== undefined) onRange({ kind: 'hours', hours });
  };
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <LabelledSelect
        label={t('detail:range.label')}
        value={custom ? CUSTOM : `${range.kind === 'hours' ? range.hours : 1}h`}
        options={[
          ...TIME_FILTER_HOURS.map((hours) => ({ value: `${hours}h`, label: t(`detail:range.hours.${hours}`) })),
          { value: CUSTOM, label: t('detail:range.custom') },
        ]}
        onChange={choose}
      />
      {custom && <CustomRangeForm range={range} onRange={onRange} />}
      <RefreshSelect refresh={refresh} onRefresh={onRefresh} className="sm:ml-auto" />
    </div>
  );
}
