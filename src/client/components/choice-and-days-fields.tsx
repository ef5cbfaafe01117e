import type { DayRange } from '../lib/day-range.js';
import { daysReversed } from '../lib/day-range.js';
import { LabelledSelect, type SelectOption } from './labelled-select.js';

function DayInput({ id, label, value, onChange, inputClassName }: { id: string; label: string; value: string; onChange: (day: string) => void; inputClassName: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <input id={id} type="date" value={value} onChange={(event) => onChange(event.target.value)} className={inputClassName} />
    </div>
  );
}

const DAY_INPUT_CLASS = 'focus-ring min-h-9 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';
const WIDE_DAY_INPUT_CLASS = 'focus-ring min-h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';

interface ChoiceAndDaysFieldsProps {
  /** The one choice (an event, a kind), with "any" first; '' when any. */
  choice: { label: string; value: string; anyLabel: string; options: readonly SelectOption[]; onChange: (value: string) => void };
  range: DayRange;
  onRange: (change: Partial<DayRange>) => void;
  /** The ids of the two day inputs are `${idPrefix}-from` and `${idPrefix}-to`. */
  idPrefix: string;
  texts: { from: string; to: string; reversed: string };
  /** Day inputs that fill their cell (w-full min-w-0). */
  wideDays?: boolean;
}

/** A filter bar's row of one choice and a days range, and the alert when the days are reversed. */
export function ChoiceAndDaysFields({ choice, range, onRange, idPrefix, texts, wideDays = false }: ChoiceAndDaysFieldsProps) {
  const inputClassName = wideDays ? WIDE_DAY_INPUT_CLASS : DAY_INPUT_CLASS;
  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <LabelledSelect {...choice} className="col-span-2 sm:col-span-1" />
        <DayInput id={`${idPrefix}-from`} label={texts.from} value={range.fromDay} onChange={(fromDay) => onRange({ fromDay })} inputClassName={inputClassName} />
        <DayInput id={`${idPrefix}-to`} label={texts.to} value={range.toDay} onChange={(toDay) => onRange({ toDay })} inputClassName={inputClassName} />
      </div>
      {daysReversed(range) && (
        <p role="alert" className="text-xs text-status-error">
          {texts.reversed}
        </p>
      )}
    </>
  );
}
