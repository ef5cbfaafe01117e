import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { DomainInfo, TaskCreateBody } from '../../../../shared/index.js';
import { createTask, updateTask } from '../api.js';
import { changesAnything, checkCreate, checkUpdate, errorCount, pendingEntryErrors, withFieldError, type FormErrors, type TaskUpdateRequest } from '../form-body.js';
import { valuesDiffer, type TaskFormField, type TaskFormValues } from '../form-values.js';
import { saveFailureOf, type SaveProblem } from '../save-failure.js';
import type { FormTaskType } from '../task-types.js';

type SaveRequest = { kind: 'create'; body: TaskCreateBody } | { kind: 'update'; body: TaskUpdateRequest };

export interface UseTaskFormOptions {
  type: FormTaskType;
  /** The values the form starts from: empty for a new task, the task's own when editing. */
  initial: TaskFormValues;
  /** The task being edited; none for a new task. */
  taskId?: number | undefined;
  onSaved: (saved: DomainInfo, values: TaskFormValues) => void;
}

export interface TaskFormState {
  values: TaskFormValues;
  errors: FormErrors;
  problem: SaveProblem | null;
  dirty: boolean;
  saving: boolean;
  /** Goes up each time checking found errors, so the form can move focus to the first one. */
  errorRound: number;
  setField: <K extends TaskFormField>(field: K, value: TaskFormValues[K]) => void;
  setFieldError: (field: TaskFormField, error: FormErrors[TaskFormField]) => void;
  submit: () => void;
}

/** The form's values, its errors (shared-schema checks first, then the server's), and saving. */
export function useTaskForm({ type, initial, taskId, onSaved }: UseTaskFormOptions): TaskFormState {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [errorRound, setErrorRound] = useState(0);

  const showErrors = useCallback((next: FormErrors) => {
    setErrors(next);
    if (errorCount(next) > 0) setErrorRound((round) => round + 1);
  }, []);

  const save = useMutation({
    mutationFn: (request: SaveRequest) => (request.kind === 'create' ? createTask(type, request.body) : updateTask(type, request.body)),
    onSuccess: (saved) => onSaved(saved, values),
    // Nothing is reset: what the user typed stays, with the reason next to it.
    onError: (error) => {
      const failure = saveFailureOf(error, values);
      showErrors(failure.fields);
      setProblem(failure.problem);
    },
  });

  const setField = useCallback(<K extends TaskFormField>(field: K, value: TaskFormValues[K]) => {
    setValues((old) => ({ ...old, [field]: value }));
    setErrors((old) => withFieldError(old, field, undefined));
  }, []);

  // A chip field clears its error with `undefined` on every entry it adds: the key must go with it.
  const setFieldError = useCallback((field: TaskFormField, error: FormErrors[TaskFormField]) => {
    setErrors((old) => withFieldError(old, field, error));
  }, []);

  const submit = () => {
    setProblem(null);
    const checked = taskId === undefined ? checkCreate(type, values) : checkUpdate(type, taskId, values, initial);
    const pending = pendingEntryErrors(errors, values);
    if (!checked.ok || errorCount(pending) > 0) return showErrors({ ...(checked.ok ? {} : checked.errors), ...pending });
    setErrors({});
    if (taskId === undefined) return save.mutate({ kind: 'create', body: checked.body as TaskCreateBody });
    const body = checked.body as TaskUpdateRequest;
    if (!changesAnything(body)) return setProblem({ kind: 'unchanged' });
    save.mutate({ kind: 'update', body });
  };

  return {
    values,
    errors,
    problem,
    dirty: valuesDiffer(values, initial),
    saving: save.isPending,
    errorRound,
    setField,
    setFieldError,
    submit,
  };
}
