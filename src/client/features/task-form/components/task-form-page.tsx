import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { MONITOR_TYPES, type DomainInfo } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import { NotAvailableScreen } from '../../../components/not-available-screen.js';
import { PageHeader } from '../../../components/page-header.js';
import { ApiError } from '../../../lib/api-failure.js';
import { domainInfoQuery, traceResourceQuery } from '../api.js';
import { newTaskValues, valuesFromInfo } from '../form-values.js';
import { editPathOf } from '../../../lib/task-paths.js';
import { TASK_TYPE_SPECS, isFormTaskType, type FormTaskType } from '../task-types.js';
import { TaskForm, type TaskFormAccess } from './task-form.js';

/** A new task's form; the starting values are made once, so a background refresh never resets them. */
function NewTaskForm({ type, frequencyMinutes, access }: { type: FormTaskType; frequencyMinutes?: number | undefined; access: TaskFormAccess }) {
  const [initial] = useState(() => newTaskValues(type, TASK_TYPE_SPECS[type].defaultPort, frequencyMinutes));
  return <TaskForm type={type} initial={initial} {...access} />;
}

/** /monitor/create/{createType}: a new task of types 1-5 or SSL (traceroute has /monitor/createtrace). */
export function TaskCreatePage(access: TaskFormAccess) {
  const { createType = '' } = useParams();
  const type = Number(createType);
  if (type === MONITOR_TYPES.TRACEROUTE) return <Navigate to="/monitor/createtrace" replace />;
  if (!isFormTaskType(type)) return <NotAvailableScreen titleKey="routes.monitorCreate" />;
  return <NewTaskForm key={type} type={type} access={access} />;
}

/** /monitor/createtrace: a new traceroute task, checking every traceresource's default frequency. */
export function TraceCreatePage(access: TaskFormAccess) {
  const { t } = useTranslation();
  const resource = useQuery(traceResourceQuery());
  if (resource.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {t('taskform:loading')}
      </p>
    );
  }
  // Without the resource the form still opens (its node list offers a retry) at the usual frequency.
  return <NewTaskForm type={MONITOR_TYPES.TRACEROUTE} frequencyMinutes={resource.data?.defaultFrequencyMinutes} access={access} />;
}

/** The task as it was when the form opened: a background refresh must not move the form's starting point. */
function LoadedTaskForm({ task, trace, access }: { task: DomainInfo; trace: boolean; access: TaskFormAccess }) {
  const [loaded] = useState(() => ({ task, initial: valuesFromInfo(task) }));
  // Traceroute tasks are edited at edittrace/{id}, every other type at edit/{id}.
  if ((loaded.task.type === MONITOR_TYPES.TRACEROUTE) !== trace) return <Navigate to={editPathOf(loaded.task.type, loaded.task.id)} replace />;
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

/** /monitor/edit/{id} and /monitor/edittrace/{id} (`trace`): the task's own values (POST /domain/info); its type decides the form. */
export function TaskEditPage({ trace = false, ...access }: TaskFormAccess & { trace?: boolean }) {
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
  return <LoadedTaskForm key={info.data.id} task={info.data} trace={trace} access={access} />;
}
