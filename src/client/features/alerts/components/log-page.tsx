import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALERT_LOG_EVENTS, type AlertLogEvent } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import { ChoiceAndDaysFields } from '../../../components/choice-and-days-fields.js';
import { ListLoadError, ListSkeleton } from '../../../components/list-states.js';
import { PageHeader } from '../../../components/page-header.js';
import { PagedResults } from '../../../components/paged-results.js';
import { useClampedPage } from '../../../lib/use-clamped-page.js';
import { logListQuery, ruleQuery } from '../api.js';
import { useUrlView, type ViewUpdate } from '../../../lib/use-url-view.js';
import { daysReversed, logListBodyOf, logViewOf, logViewParams, type LogView } from '../list-views.js';
import { LogEntry } from './log-entry.js';

const withPage = (view: LogView, page: number): LogView => ({ ...view, page: Math.max(1, page) });

/** A filter the URL brought (a rule's or a task's link): named, and removable. */
function FilterChip({ label, onClear }: { label: string; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="inline-flex items-center gap-2 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-700">
      {label}
      <Button variant="secondary" className="!px-2 !py-0.5 text-xs" onClick={onClear} aria-label={t('alerts:log.clearFilter', { filter: label })}>
        ×
      </Button>
    </li>
  );
}

function RuleChip({ ruleId, onClear }: { ruleId: number; onClear: () => void }) {
  const { t } = useTranslation();
  const { data } = useQuery(ruleQuery(ruleId));
  return <FilterChip label={t('alerts:log.ruleFilter', { name: data?.name ?? `#${ruleId}` })} onClear={onClear} />;
}

function LogFilters({ view, onView, taskName }: { view: LogView; onView: (update: ViewUpdate<LogView>) => void; taskName: string | null }) {
  const { t } = useTranslation();
  const set = (change: Partial<LogView>) => onView((latest) => ({ ...latest, ...change, page: 1 }));
  return (
    <div role="group" aria-label={t('alerts:log.filters')} className="mb-4 flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      {(view.ruleId !== null || view.taskId !== null) && (
        <ul aria-label={t('alerts:log.narrowed')} className="flex flex-wrap gap-2">
          {view.ruleId !== null && <RuleChip ruleId={view.ruleId} onClear={() => set({ ruleId: null })} />}
          {view.taskId !== null && <FilterChip label={t('alerts:log.taskFilter', { name: taskName ?? `#${view.taskId}` })} onClear={() => set({ taskId: null })} />}
        </ul>
      )}
      <ChoiceAndDaysFields
        choice={{
          label: t('alerts:log.event'),
          value: view.event ?? '',
          anyLabel: t('alerts:log.anyEvent'),
          options: ALERT_LOG_EVENTS.map((event) => ({ value: event, label: t(`alerts:events.${event}`) })),
          onChange: (event) => set({ event: event === '' ? null : (event as AlertLogEvent) }),
        }}
        range={view}
        onRange={set}
        idPrefix="alert-log"
        texts={{ from: t('alerts:log.from'), to: t('alerts:log.to'), reversed: t('alerts:log.reversed') }}
      />
    </div>
  );
}

function LogResults({ view, onView }: { view: LogView; onView: (update: ViewUpdate<LogView>) => void }) {
  const { t } = useTranslation();
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery({ ...logListQuery(logListBodyOf(view)), enabled: !daysReversed(view) });
  useClampedPage(view, isPlaceholderData ? undefined : data?.total, onView, withPage);
  if (daysReversed(view)) return null;
  if (isError) return <ListLoadError text={t('alerts:log.loadFailed')} onRetry={() => void refetch()} />;
  if (isPending) return <ListSkeleton />;
  const filtered = view.ruleId !== null || view.taskId !== null || view.event !== null || view.fromDay !== '' || view.toDay !== '';
  if (data.total === 0) return <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-sm text-slate-700">{t(filtered ? 'alerts:log.emptyFiltered' : 'alerts:log.empty')}</p>;
  return (
    <PagedResults
      stale={isPlaceholderData}
      page={view.page}
      pageSize={view.pageSize}
      total={data.total}
      totalText={(total) => t('alerts:log.total', { count: data.total, total })}
      onPage={(page) => onView((latest) => withPage(latest, page))}
      onPageSize={(pageSize) => onView((latest) => ({ ...latest, pageSize, page: 1 }))}
    >
      <ul aria-label={t('routes.alertLog')} className="flex flex-col gap-3">
        {data.list.map((row) => (
          <LogEntry key={row.id} row={row} />
        ))}
      </ul>
    </PagedResults>
  );
}

/** The task's name, from the log entries about it that are on screen. */
function useTaskName(view: LogView): string | null {
  const { data } = useQuery({ ...logListQuery(logListBodyOf(view)), enabled: false });
  return data?.list.find((row) => row.taskId === view.taskId)?.taskName ?? null;
}

/** /alert/log: what alerting did, newest first, narrowed by rule, task, event and days. */
export function AlertLogPage() {
  const { t } = useTranslation();
  const [view, setView] = useUrlView(logViewOf, logViewParams);
  const taskName = useTaskName(view);
  return (
    <div>
      <PageHeader title={t('routes.alertLog')} />
      <LogFilters view={view} onView={setView} taskName={taskName} />
      <LogResults view={view} onView={setView} />
    </div>
  );
}
