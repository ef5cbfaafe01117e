import { useTranslation } from 'react-i18next';
import type { PointsView } from '../hooks/use-points.js';

interface PointsPanelProps {
  view: PointsView;
  frequencyMinutes: number;
  editing: boolean;
  /** The server refused the last save for lack of points (2111). */
  refused: boolean;
}

function ChangeLine({ delta, format }: { delta: number; format: (value: number) => string }) {
  const { t } = useTranslation();
  if (delta > 0) return <p>{t('taskform:points.charge', { points: format(delta) })}</p>;
  if (delta < 0) return <p>{t('taskform:points.refund', { points: format(-delta) })}</p>;
  return <p>{t('taskform:points.unchanged')}</p>;
}

function Refusal({ view, refused, format }: { view: PointsView; refused: boolean; format: (value: number) => string }) {
  const { t } = useTranslation();
  const { quote, noContract } = view;
  let text: string | null = null;
  if (noContract && quote.delta > 0) text = t('taskform:points.noContract');
  else if (quote.sufficient === false) text = t('taskform:points.insufficient', { needed: format(quote.delta), remaining: format(quote.remaining ?? 0) });
  else if (refused) text = t('taskform:points.refused');
  if (text === null) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
      {text}
    </p>
  );
}

/** What the task costs in contract points, what saving charges, and whether the contract covers it. */
export function PointsPanel({ view, frequencyMinutes, editing, refused }: PointsPanelProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const format = (value: number) => number.format(value);
  const { quote } = view;
  return (
    <section aria-labelledby="task-points-title" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700 sm:p-5">
      <h2 id="task-points-title" className="text-sm font-semibold text-slate-800">
        {t('taskform:sections.points')}
      </h2>
      {quote.nodes === 0 ? (
        <p>{t('taskform:points.chooseNodes')}</p>
      ) : (
        <>
          <p className="text-base font-semibold text-slate-900" data-points-cost={quote.cost}>
            {t('taskform:points.cost', { points: format(quote.cost) })}
          </p>
          <p className="text-xs text-slate-500">
            {t('taskform:points.formula', { nodes: format(quote.nodes), perNode: format(quote.perNode), minutes: frequencyMinutes })}
          </p>
        </>
      )}
      {editing && <p>{t('taskform:points.held', { points: format(quote.held) })}</p>}
      {editing && <ChangeLine delta={quote.delta} format={format} />}
      {quote.remaining === null ? (
        <p className="text-slate-500">{t('taskform:points.remainingUnknown')}</p>
      ) : (
        <p>
          {t('taskform:points.remaining', { points: format(quote.remaining) })}
          {quote.remainingAfter !== null && quote.sufficient === true && quote.delta !== 0 && (
            <> · {t('taskform:points.remainingAfter', { points: format(quote.remainingAfter) })}</>
          )}
        </p>
      )}
      <Refusal view={view} refused={refused} format={format} />
    </section>
  );
}
