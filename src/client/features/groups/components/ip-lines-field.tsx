import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IP_GROUP_MAX_IPS } from '../../../../shared/index.js';
import type { InvalidIpLine, IpLinesCheck } from '../ip-lines.js';

/** Bad lines listed by number; the rest are counted, so a pasted list of thousands stays readable. */
const LINES_SHOWN = 10;

interface IpLinesFieldProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  onBlur: () => void;
  lines: IpLinesCheck;
  /** Whether to show what is wrong: after leaving the field or trying to save. */
  showProblems: boolean;
  /** Lines the server refused (its answer, mapped back to the user's lines). */
  serverInvalid: readonly InvalidIpLine[];
  /** Already translated text of another problem with the list (none entered, the server's own text). */
  listError: string | undefined;
  disabled: boolean;
}

function InvalidLines({ lines }: { lines: readonly InvalidIpLine[] }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const shown = lines.slice(0, LINES_SHOWN);
  const more = lines.length - shown.length;
  return (
    <div className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      <p className="font-medium">{t('groups:ipGroup.invalidTitle', { count: number.format(lines.length) })}</p>
      <ul className="mt-1 flex flex-col gap-0.5">
        {shown.map((line) => (
          <li key={line.line} className="break-all">
            {t('groups:ipGroup.invalidLine', { line: number.format(line.line), text: line.text })}
          </li>
        ))}
        {more > 0 && <li>{t('groups:ipGroup.invalidMore', { count: number.format(more) })}</li>}
      </ul>
    </div>
  );
}

function LinesSummary({ lines }: { lines: IpLinesCheck }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <p className={`text-xs ${lines.tooMany ? 'font-medium text-status-error' : 'text-slate-600'}`}>
      {t('groups:ipGroup.ipsCount', { count: number.format(lines.ips.length), max: number.format(IP_GROUP_MAX_IPS) })}
      {lines.repeats > 0 && ` · ${t('groups:ipGroup.ipsRepeats', { count: number.format(lines.repeats) })}`}
    </p>
  );
}

/** The addresses, one per line, with a live count and, once checked, the lines that are not addresses. */
export function IpLinesField({ label, value, onValueChange, onBlur, lines, showProblems, serverInvalid, listError, disabled }: IpLinesFieldProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const invalid = showProblems ? [...lines.invalid, ...serverInvalid] : serverInvalid;
  const problem = invalid.length > 0 || (showProblems && lines.tooMany) || listError !== undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {t('groups:ipGroup.ipsHint', { max: new Intl.NumberFormat(i18n.language).format(IP_GROUP_MAX_IPS) })}
      </p>
      <textarea
        id={id}
        value={value}
        rows={8}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        disabled={disabled}
        onChange={(event) => onValueChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint ${id}-status`}
        className={`focus-ring min-h-40 w-full rounded-md border bg-white px-3 py-2 font-mono text-sm text-slate-900 disabled:bg-slate-100 ${
          problem ? 'border-status-error' : 'border-slate-300'
        }`}
      />
      <div id={`${id}-status`} aria-live="polite" className="flex flex-col gap-2">
        <LinesSummary lines={lines} />
        {listError && <p className="text-xs text-status-error">{listError}</p>}
        {invalid.length > 0 && <InvalidLines lines={invalid} />}
      </div>
    </div>
  );
}
