import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, LIMITS, type AlertRule, type AlertRuleTaskRow } from '../../../../shared/index.js';
import { Button, NetworkButton } from '../../../components/button.js';
import { ListLoadError, ListSkeleton } from '../../../components/list-states.js';
import { showSnackbar } from '../../../components/notification-store.js';
import { Pagination } from '../../../components/pagination.js';
import { ApiError } from '../../../lib/api-failure.js';
import { detailPathOf } from '../../../lib/task-paths.js';
import { addRuleTasks, refreshRules, removeRuleTasks, ruleTasksQuery } from '../api.js';
import { alertLogPathOf } from '../rule-words.js';
import { FiringBadge } from './badges.js';

/** A task that could not join or leave, and the code the server gave (2604, 2605). */
interface TaskProblem {
  taskId: number;
  code: number;
}

function problemOf(error: unknown, taskId: number): TaskProblem {
  const code = error instanceof ApiError && error.failure.kind === 'envelope' ? Number(error.failure.code) : 0;
  return { taskId, code };
}

function useTaskChange(rule: AlertRule) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<TaskProblem | null>(null);
  const change = useMutation({
    mutationFn: ({ task, add }: { task: AlertRuleTaskRow; add: boolean }) => (add ? addRuleTasks(rule.id, [task.taskId]) : removeRuleTasks(rule.id, [task.taskId])),
    onMutate: () => setProblem(null),
    onSuccess: (_answer, { task, add }) => showSnackbar(t(add ? 'alerts:tasks.added' : 'alerts:tasks.removed', { name: task.name })),
    onError: (error, { task }) => setProblem(problemOf(error, task.taskId)),
    onSettled: () => void refreshRules(queryClient),
  });
  const pendingId = change.isPending ? (change.variables?.task.taskId ?? null) : null;
  return { problem, pendingId, run: (task: AlertRuleTaskRow, add: boolean) => change.mutate({ task, add }) };
}

type TaskChange = ReturnType<typeof useTaskChange>;

function TaskProblemText({ code }: { code: number }) {
  const { t } = useTranslation();
  const known = code === 2604 || code === 2605 || code === 2606;
  return (
    <p role="alert" className="text-xs text-status-error">
      {known ? t(`alerts:codes.${code}`) : t('alerts:tasks.changeFailed')}
    </p>
  );
}

function TaskAction({ task, change, inList, readOnly }: { task: AlertRuleTaskRow; change: TaskChange; inList: boolean; readOnly: boolean }) {
  const { t } = useTranslation();
  if (readOnly) return null;
  const pending = change.pendingId === task.taskId;
  if (inList || task.inRule) {
    if (!inList) return <span className="text-xs text-slate-500">{t('alerts:tasks.alreadyIn')}</span>;
    return (
      <NetworkButton variant="secondary" disabled={pending} onClick={() => change.run(task, false)} aria-label={t('alerts:tasks.removeNamed', { name: task.name })}>
        {t('alerts:tasks.remove')}
      </NetworkButton>
    );
  }
  if (task.refusal !== null) return <span className="text-xs text-amber-900">{t(`alerts:codes.${task.refusal}`)}</span>;
  return (
    <NetworkButton disabled={pending} onClick={() => change.run(task, true)} aria-label={t('alerts:tasks.addNamed', { name: task.name })}>
      {t('alerts:tasks.add')}
    </NetworkButton>
  );
}

function TaskRows({ rows, change, inList, readOnly }: { rows: readonly AlertRuleTaskRow[]; change: TaskChange; inList: boolean; readOnly: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
      {rows.map((task) => (
        <li key={task.taskId} data-task-id={task.taskId} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2.5">
          <div className="min-w-0 flex-1">
            <Link to={detailPathOf(task.monitorType, task.taskId)} className="focus-ring rounded font-medium break-words text-slate-900 hover:underline">
              {task.name}
            </Link>
            <p className="text-xs break-all text-slate-500">{task.domain}</p>
            {change.problem?.taskId === task.taskId && <TaskProblemText code={change.problem.code} />}
          </div>
          {inList && <FiringBadge firing={task.firing} />}
          {inList && (
            <Link to={alertLogPathOf({ taskId: task.taskId })} className="focus-ring rounded text-sm text-brand-700 hover:underline" aria-label={t('alerts:tasks.logNamed', { name: task.name })}>
              {t('alerts:list.log')}
            </Link>
          )}
          <TaskAction task={task} change={change} inList={inList} readOnly={readOnly} />
        </li>
      ))}
    </ul>
  );
}

/** The tasks the rule watches, paged, each removable. */
function WatchedTasks({ rule, change, readOnly }: { rule: AlertRule; change: TaskChange; readOnly: boolean }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const { data, isPending, isError, refetch } = useQuery(ruleTasksQuery({ ruleId: rule.id, ...paging }));
  if (isError) return <ListLoadError text={t('alerts:tasks.loadFailed')} onRetry={() => void refetch()} />;
  if (isPending) return <ListSkeleton rows={3} />;
  if (data.total === 0) return <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">{t('alerts:tasks.none')}</p>;
  return (
    <>
      <TaskRows rows={data.list} change={change} inList readOnly={readOnly} />
      <Pagination
        {...paging}
        total={data.total}
        totalText={(total) => t('alerts:tasks.total', { count: data.total, total })}
        onPage={(page) => setPaging({ ...paging, page })}
        onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
      />
    </>
  );
}

/** The customer's tasks of the rule's protocol matching a keyword: add one, or see why it cannot join. */
function TaskSearch({ rule, change }: { rule: AlertRule; change: TaskChange }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  // Empty: every task of the protocol, so a customer with a few tasks needs no search at all.
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const body = { ruleId: rule.id, search: true, ...paging, ...(keyword === '' ? {} : { keyword }) };
  const { data, isError, refetch, isFetching } = useQuery(ruleTasksQuery(body));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setKeyword(draft.trim());
    setPaging({ ...paging, page: 1 });
  };
  return (
    <div className="flex flex-col gap-3">
      <form role="search" onSubmit={onSubmit} className="flex flex-col gap-1">
        <label htmlFor="alert-task-search" className="text-sm font-medium text-slate-700">
          {t('alerts:tasks.searchLabel', { type: t(`alerts:types.${rule.monitorType}`) })}
        </label>
        <div className="flex gap-2">
          <input
            id="alert-task-search"
            type="search"
            value={draft}
            maxLength={LIMITS.nameMax}
            placeholder={t('alerts:tasks.searchPlaceholder')}
            onChange={(event) => setDraft(event.target.value)}
            className="focus-ring min-h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
          />
          <Button type="submit" className="shrink-0" disabled={isFetching}>
            {t('alerts:tasks.search')}
          </Button>
        </div>
      </form>
      {isError && <ListLoadError text={t('alerts:tasks.loadFailed')} onRetry={() => void refetch()} />}
      {data && data.total === 0 && <p className="text-sm text-slate-600">{t('alerts:tasks.noMatch')}</p>}
      {data && data.total > 0 && (
        <>
          <TaskRows rows={data.list} change={change} inList={false} readOnly={false} />
          <Pagination
            {...paging}
            total={data.total}
            totalText={(total) => t('alerts:tasks.found', { count: data.total, total })}
            onPage={(page) => setPaging({ ...paging, page })}
            onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
          />
        </>
      )}
    </div>
  );
}

/** "Add domains to a rule's query list": the watched tasks, and a search to add more. */
export function RuleTasks({ rule, readOnly }: { rule: AlertRule; readOnly: boolean }) {
  const { t } = useTranslation();
  const change = useTaskChange(rule);
  return (
    <section aria-labelledby="alert-rule-tasks" className="mt-6 flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-6">
      <div>
        <h2 id="alert-rule-tasks" className="text-lg font-semibold text-slate-900">
          {t('alerts:tasks.title', { count: rule.taskCount })}
        </h2>
        <p className="text-sm text-slate-600">{t('alerts:tasks.explain')}</p>
      </div>
      <WatchedTasks rule={rule} change={change} readOnly={readOnly} />
      {!readOnly && <TaskSearch rule={rule} change={change} />}
    </section>
  );
}
