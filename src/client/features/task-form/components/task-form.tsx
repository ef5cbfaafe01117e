import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { DomainInfo } from '../../../../shared/index.js';
import { Button, NetworkButton } from '../../../components/button.js';
import { notify } from '../../../components/notification-store.js';
import { PageHeader } from '../../../components/page-header.js';
import { errorCount } from '../form-body.js';
import type { TaskFormValues } from '../form-values.js';
import { useLeaveGuard } from '../hooks/use-leave-guard.js';
import { usePoints } from '../hooks/use-points.js';
import { useTaskForm } from '../hooks/use-task-form.js';
import { returnPathOf } from '../return-path.js';
import { TASK_TYPE_SPECS, type FormTaskType } from '../task-types.js';
import { DnsFields } from './dns-fields.js';
import { DeployingNote, ErrorSummary, LeaveDialog, ReadOnlyNote, SaveProblemNotice } from './form-notices.js';
import { LabelFields } from './label-fields.js';
import { MatchFields } from './match-fields.js';
import { NodePicker } from './node-picker.js';
import { PointsPanel } from './points-panel.js';
import { TargetFields } from './target-fields.js';

/** Who is looking decides whether the form can save and where the remaining points come from. */
export interface TaskFormAccess {
  /** Why saving is not open to this session: an administrator's view, or view-only privilege. */
  readOnly: 'admin' | 'viewOnly' | null;
  /** The session may read /account/info (the overview area). */
  contractReadable: boolean;
}

interface TaskFormProps extends TaskFormAccess {
  type: FormTaskType;
  initial: TaskFormValues;
  /** The task being edited, as loaded when the form opened. */
  task?: DomainInfo | undefined;
}

/** Moves focus to the first field in error each time checking finds errors, so the keyboard user lands on it. */
function useFocusFirstError(form: HTMLFormElement | null, round: number) {
  useEffect(() => {
    if (round === 0) return;
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, round]);
}

/** The create and edit form of a monitor task of any of the seven types. */
export function TaskForm({ type, initial, task, readOnly, contractReadable }: TaskFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [formElement, setFormElement] = useState<HTMLFormElement | null>(null);
  const returnTo = returnPathOf(location.state, type);

  const onSaved = (saved: DomainInfo) => {
    guard.release();
    // Lists, counts, the overview, the contract's points and the group and tag lists (the server
    // adds names new to the customer in the task's own transaction) all moved.
    void queryClient.invalidateQueries();
    const nodes = saved.nodeIds.length;
    notify(task ? t('taskform:saved.updated', { name: saved.name, nodes }) : t('taskform:saved.created', { name: saved.name, nodes }), 'success');
    void navigate(returnTo);
  };

  const form = useTaskForm({ type, initial, taskId: task?.id, onSaved });
  const guard = useLeaveGuard(form.dirty && readOnly === null);
  const points = usePoints({
    type,
    frequencyMinutes: form.values.frequencyMinutes,
    nodeIds: form.values.nodeIds,
    taskId: task?.id,
    held: task?.pointsCost ?? 0,
    contractReadable,
  });
  useFocusFirstError(formElement, form.errorRound);

  const disabled = readOnly !== null || form.saving;
  const sectionProps = { type, values: form.values, errors: form.errors, setField: form.setField, setFieldError: form.setFieldError, disabled };
  // One phrase per type: Chinese puts no spaces around 路由追蹤 as it does around ICMP.
  const title = t(`taskform:title.${task ? 'edit' : 'create'}.${type}`);
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={title}>{task && <p className="w-full text-sm break-all text-slate-600 sm:w-auto">{task.name}</p>}</PageHeader>
      <form
        ref={setFormElement}
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
        className="flex flex-col gap-5"
      >
        <ReadOnlyNote reason={readOnly} />
        <DeployingNote show={task?.deployStatus === 'processing'} />
        <ErrorSummary count={errorCount(form.errors)} />
        <TargetFields {...sectionProps} />
        <DnsFields {...sectionProps} />
        <NodePicker {...sectionProps} />
        {TASK_TYPE_SPECS[type].hasMatching && <MatchFields {...sectionProps} />}
        <LabelFields {...sectionProps} />
        <PointsPanel view={points} frequencyMinutes={form.values.frequencyMinutes} editing={task !== undefined} refused={form.problem?.kind === 'points'} />
        <SaveProblemNotice problem={form.problem} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => void navigate(returnTo)}>
            {t('taskform:actions.cancel')}
          </Button>
          {readOnly === null && (
            <NetworkButton type="submit" disabled={form.saving} taskChange>
              {form.saving ? t('taskform:actions.saving') : task ? t('taskform:actions.saveChanges') : t('taskform:actions.create')}
            </NetworkButton>
          )}
        </div>
      </form>
      <LeaveDialog open={guard.asking} onStay={guard.stay} onLeave={guard.leave} />
    </div>
  );
}
