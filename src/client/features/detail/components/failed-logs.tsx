import { useTranslation } from 'react-i18next';
import { LIMITS, type FailedLog, type FailedLogsAnswer } from '../../../../shared/index.js';
import { ReasonLine } from '../../../components/reason-text.js';
import { failureReason, failureSourceText, type StoredFailure } from '../../../lib/failure-text.js';
import { useFormats } from '../formats.js';
import { Section, SectionEmpty, SectionError, SectionLoading } from './states.js';
import { LabelledSelect } from '../../../components/labelled-select.js';

/** The counts offered, within the call's 1-50. */
export const FAILED_LOG_COUNTS = [1, 5, 10, 20, 30, 40, LIMITS.failedLogCountMax] as const;

const CELL = 'px-3 py-2 text-left align-top';

/** The failure in words with its code beside it in small type, so a reader can search for the code. */
export function FailureText({ failure }: { failure: StoredFailure }) {
  const { t } = useTranslation();
  if (failure.code === null) return <span className="text-slate-500">{failureReason(null, t).text}</span>;
  return <ReasonLine reason={failureReason(failure, t)} />;
}

function LogRow({ log, nodeName, showStatusCode }: { log: FailedLog; nodeName: string; showStatusCode: boolean }) {
  const { t } = useTranslation();
  const format = useFormats();
  const source = failureSourceText(log.failureSource, t);
  return (
    <tr data-result-id={log.resultId}>
      <td className={`${CELL} whitespace-nowrap`}>
        <time dateTime={log.at}>{format.shortDateTime(log.at)}</time>
      </td>
      <th scope="row" className={`${CELL} min-w-28 font-medium text-slate-900`}>
        {nodeName}
      </th>
      <td className={`${CELL} whitespace-nowrap`}>{source ?? t('detail:noValue')}</td>
      {/* A width of its own: squeezed on a phone, the table broke the words one character a line. */}
      <td className={`${CELL} min-w-48`}>
        <FailureText failure={{ code: log.failureCode, detail: log.failureDetail }} />
      </td>
      {showStatusCode && <td className={`${CELL} tabular-nums`}>{log.statusCode === null ? t('detail:noValue') : String(log.statusCode)}</td>}
    </tr>
  );
}

function LogTable({ list, nodeNameOf, showStatusCode }: { list: readonly FailedLog[]; nodeNameOf: (log: FailedLog) => string; showStatusCode: boolean }) {
  const { t } = useTranslation();
  const head = 'px-3 py-2 text-left text-xs font-semibold whitespace-nowrap text-slate-600';
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{t('detail:logs.title')}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={head}>{t('detail:logs.columns.time')}</th>
            <th scope="col" className={head}>{t('detail:logs.columns.node')}</th>
            <th scope="col" className={head}>{t('detail:logs.columns.source')}</th>
            <th scope="col" className={head}>{t('detail:logs.columns.failure')}</th>
            {showStatusCode && <th scope="col" className={head}>{t('detail:logs.columns.statusCode')}</th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {list.map((log) => (
            <LogRow key={log.resultId} log={log} nodeName={nodeNameOf(log)} showStatusCode={showStatusCode} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface FailedLogsProps {
  answer: FailedLogsAnswer | undefined;
  isError: boolean;
  onRetry: () => void;
  count: number;
  onCount: (count: number) => void;
  nodeNameOf: (log: FailedLog) => string;
  /** HTTP(S) tasks: the status code of each failure. */
  showStatusCode: boolean;
}

/** The newest failed checks within the range: when, which node, where and why (translated), the HTTP code. */
export function FailedLogs({ answer, isError, onRetry, count, onCount, nodeNameOf, showStatusCode }: FailedLogsProps) {
  const { t } = useTranslation();
  const counter = (
    <LabelledSelect
      label={t('detail:logs.count')}
      value={String(count)}
      options={FAILED_LOG_COUNTS.map((value) => ({ value: String(value), label: String(value) }))}
      onChange={(value) => onCount(Number(value))}
    />
  );
  let body;
  if (!answer) body = isError ? <SectionError onRetry={onRetry} /> : <SectionLoading />;
  else if (answer.list.length === 0) body = <SectionEmpty text={t('detail:logs.empty')} />;
  else body = <LogTable list={answer.list} nodeNameOf={nodeNameOf} showStatusCode={showStatusCode} />;
  return (
    <Section title={t('detail:logs.title')} actions={counter}>
      {body}
    </Section>
  );
}
