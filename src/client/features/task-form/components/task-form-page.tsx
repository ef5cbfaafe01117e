import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { MONITOR_TYPES, type DomainInfo } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import { NotAvailableScreen } from '../../../components/not-available-screen.js';
import { PageHeader } from '../../../components/page-header.js';
import { ApiError } from '../../../lib/api-failure.js';
import { domainInfoQuery } from '../api.js';
import { emptyTaskValues, valuesFromInfo } from '../form-values.js';
import { isFormTaskType } from '../task-types.js';
import { TaskForm, type TaskFormAccess } from './task-form.js';

/** /monitor/create/{createType}: a new task of types 1-5 (SSL, type 7, comes with a later screen). */
export function TaskCreatePage(access: TaskFormAccess) {
  const { createType = '' } = useParams();
  const type = Number(createType);
  const [initial] = useState(emptyTaskValues);
  if (!isFormTaskType(type)) return <NotAvailableScreen titleKey="routes.monitorCreate" />;
  return <TaskForm key={type} type={type} initial={initial} {...access} />;
}

/** The task as it was when the form opened: a background refresh must not move the form's starting point. */
function LoadedTaskForm({ task, access }: { task: DomainInfo; access: TaskFormAccess }) {
  const [loaded] = useState(() => ({ task, initial: valuesFromInfo(task) }));
  // Traceroute tasks have their own edit screen; SSL tasks get theirs with a later screen.
  if (loaded.task.type === MONITOR_TYPES.TRACEROUTE) return <Navigate to={`/monitor/edittrace/${loaded.task.id}`} replace />;
  if (!isFormTaskType(loaded.task.type)) return <NotAvailableScreen titleKey="routes.monitorEdit" />;
  return <TaskForm type={loaded.task.type} initial={loaded.initial} task={loaded.task} {...access} />;
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.failure.kind === 'envelope' && Number(error.failure.code) === 2127;

function LoadProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const notFound = isNotFound(error);
  return (
    <div>
      <PageHeader title={t('routes.monitorEdit')} />
      <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-slate-200 bg-white p-8 text-center">
        <p className="text-sm text-slate-700">{notFound ? t('taskform:problems.notFound') : t('taskform:loadFailed')}</p>
        {notFound ? (
          <Link to="/monitor" className="focus-ring rounded text-sm font-medium text-brand-700 underline">
            {t('taskform:actions.toList')}
          </Link>
        ) : (
          <Button variant="secondary" onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** /monitor/edit/{id}: the task's own values (POST /domain/info); its type decides the form. */
export function TaskEditPage(access: TaskFormAccess) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const taskId = Number(id);
  const info = useQuery(domainInfoQuery(taskId));
  if (info.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {t('taskform:loading')}
      </p>
    );
  }
  if (info.isError) return <LoadProblem error={info.error} onRetry={() => void info.refetch()} />;
  return <LoadedTaskForm key={info.data.id} task={info.data} access={access} />;
}
