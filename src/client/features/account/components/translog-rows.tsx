import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TranslogRow } from '../../../../shared/index.js';
import { Card, CardList } from '../../../components/card-list.js';
import { DataTable, type TableColumn, type TableColumns } from '../../../components/data-table.js';
import type { Translate } from '../../../lib/error-text.js';
import { numberText } from '../../../lib/number-text.js';
import { detailPathOf } from '../../../lib/task-paths.js';
import { translogTargetText } from '../translog-sheet.js';

type Task = NonNullable<TranslogRow['task']>;

function TimeCell({ row }: { row: TranslogRow }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={row.createdAt} className="whitespace-nowrap tabular-nums">
      {new Date(row.createdAt).toLocaleString(i18n.language)}
    </time>
  );
}

/** The task: a link to it while it exists, else its name marked "deleted task"; its type and target below. */
function TaskCell({ task, note }: { task: Task | null; note: string }) {
  const { t } = useTranslation();
  if (task === null) return <span className="text-slate-600">{note || t('account:translog.noTask')}</span>;
  const target = translogTargetText(task);
  const name = <span className="break-words">{task.name}</span>;
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      {task.exists && task.type !== null ? (
        <Link to={detailPathOf(task.type, task.id)} className="focus-ring rounded font-medium text-brand-700 hover:underline">
          {name}
        </Link>
      ) : (
        <span>
          {name} <span className="text-xs text-slate-500">({t('account:translog.deletedTask')})</span>
        </span>
      )}
      <span className="text-xs break-all text-slate-500">
        {task.type !== null && `${t(`account:types.${task.type}`)} · `}
        {target}
      </span>
    </div>
  );
}

/**
 * Signed points as the log keeps them (the change of used points): a charge shows "+", a give-back
 * or a top-up "−", each also said in words for screen readers and on hover, where a top-up reads as
 * points added to the contract rather than given back.
 */
function PointsCell({ points, kind }: { points: number; kind: TranslogRow['kind'] }) {
  const { t } = useTranslation();
  const magnitude = numberText(Math.abs(points));
  const key = kind === 'topup' ? 'added' : points > 0 ? 'charge' : 'giveBack';
  const words = t(`account:translog.${key}`, { points: magnitude });
  return (
    <span className={`tabular-nums ${points > 0 ? 'text-red-700' : 'text-green-700'}`} title={words}>
      <span aria-hidden="true">{points > 0 ? `+${magnitude}` : `−${magnitude}`}</span>
      <span className="sr-only">{words}</span>
    </span>
  );
}

type TranslogColumns = TableColumns<TranslogRow> & readonly [unknown, TableColumn<TranslogRow>, TableColumn<TranslogRow>, ...TableColumn<TranslogRow>[]];

function columnsOf(t: Translate): TranslogColumns {
  return [
    { id: 'time', header: t('account:translog.time'), cell: (row) => <TimeCell row={row} /> },
    { id: 'kind', header: t('account:translog.kind'), cell: (row) => <span className="whitespace-nowrap">{t(`account:kinds.${row.kind}`)}</span> },
    { id: 'task', header: t('account:translog.task'), cell: (row) => <TaskCell task={row.task} note={row.note} /> },
    { id: 'points', header: t('account:translog.points'), cell: (row) => <PointsCell points={row.points} kind={row.kind} /> },
    { id: 'balanceAfter', header: t('account:translog.balanceAfter'), cell: (row) => <span className="tabular-nums">{numberText(row.balanceAfter)}</span> },
  ];
}

/** One page of transactions: a table from 768 px, cards below it. */
export function TranslogRows({ rows }: { rows: readonly TranslogRow[] }) {
  const { t } = useTranslation();
  const columns = columnsOf(t);
  const [time, kind, task, ...figures] = columns;
  const attributesOf = (row: TranslogRow) => ({ 'data-transaction': row.id, 'data-kind': row.kind });
  const caption = t('account:translog.caption');
  return (
    <>
      <DataTable caption={caption} rows={rows} columns={columns} attributesOf={attributesOf} className="hidden md:block" />
      <CardList label={caption} className="md:hidden">
        {rows.map((row) => (
          <Card
            key={row.id}
            row={row}
            attributes={attributesOf(row)}
            head={
              <div className="mb-2 flex flex-col gap-1 text-sm">
                <p className="flex flex-wrap justify-between gap-2 font-medium">
                  {kind.cell(row)}
                  <span className="text-xs font-normal text-slate-500">{time.cell(row)}</span>
                </p>
                {task.cell(row)}
              </div>
            }
            facts={figures}
          />
        ))}
      </CardList>
    </>
  );
}
