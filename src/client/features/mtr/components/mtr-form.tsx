import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, MTR_DEFAULT_COUNT, MTR_RUN_NODES_MAX, MtrStartBody } from '../../../../shared/index.js';
import { validate } from '../../../../shared/validation/validate.js';
import { NetworkButton } from '../../../components/button.js';
import { TextField } from '../../../components/text-field.js';
import { ApiError, fieldErrorsOf } from '../../../lib/api-failure.js';
import { errorText } from '../../../lib/error-text.js';
import { fieldErrorMap, type FieldErrorMap } from '../../../lib/field-errors.js';
import { useFieldErrorText } from '../../../lib/use-field-error-text.js';
import { HISTORY_ROOT, startRun } from '../api.js';

/** The node picker of the task form, handed in by app/ (features do not import each other). */
export interface NodeChooserProps {
  /** Nodes whose agent lacks mtr are shown disabled, with the reason. */
  tool: 'mtr';
  intro: string;
  selected: number[];
  onSelected: (ids: number[]) => void;
  error: string | undefined;
  disabled: boolean;
}
export type NodeChooser = ComponentType<NodeChooserProps>;

interface MtrFormProps {
  readOnly: boolean;
  NodeChooser: NodeChooser;
  onStarted: (id: number) => void;
}

function useStart(onStarted: (id: number) => void, setErrors: (errors: FieldErrorMap) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startRun,
    networkMode: 'always',
    onSuccess: ({ id }) => {
      void queryClient.invalidateQueries({ queryKey: HISTORY_ROOT });
      onStarted(id);
    },
    onError: (error) => setErrors(fieldErrorMap(fieldErrorsOf(error))),
  });
}

/** Target, nodes and count of a new run; refusals under their fields, the others above the button. */
export function MtrForm({ readOnly, NodeChooser, onStarted }: MtrFormProps) {
  const { t, i18n } = useTranslation();
  const [target, setTarget] = useState('');
  const [count, setCount] = useState(String(MTR_DEFAULT_COUNT));
  const [nodeIds, setNodeIds] = useState<number[]>([]);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const start = useStart(onStarted, setErrors);
  const errorOf = useFieldErrorText(errors);
  const disabled = readOnly || start.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { target: target.trim(), nodeIds, count: count.trim() === '' ? undefined : Number(count) };
    const checked = validate(MtrStartBody, body);
    if (!checked.ok) return setErrors(fieldErrorMap(checked.errors));
    setErrors({});
    start.mutate(checked.data);
  };
  const failure = start.error instanceof ApiError && fieldErrorsOf(start.error).length === 0 ? start.error.failure : null;
  const exists = (key: string) => i18n.exists(key);
  return (
    <form onSubmit={submit} noValidate aria-labelledby="mtr-form-title" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="mtr-form-title" className="text-sm font-semibold text-slate-800">
        {t('mtr:form.title')}
      </h2>
      {readOnly && <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t('mtr:form.readOnly')}</p>}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <TextField label={t('mtr:form.target')} value={target} onValueChange={setTarget} error={errorOf('target')} disabled={disabled} placeholder="example.com" autoComplete="off" />
        <TextField
          label={t('mtr:form.count', { min: LIMITS.mtrProbeCountMin, max: LIMITS.mtrProbeCountMax })}
          value={count}
          onValueChange={setCount}
          error={errorOf('count')}
          disabled={disabled}
          type="number"
          inputMode="numeric"
          min={LIMITS.mtrProbeCountMin}
          max={LIMITS.mtrProbeCountMax}
        />
      </div>
      <NodeChooser
        tool="mtr"
        intro={t('mtr:form.nodesIntro', { max: MTR_RUN_NODES_MAX })}
        selected={nodeIds}
        onSelected={setNodeIds}
        error={errorOf('nodeIds')}
        disabled={disabled}
      />
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {errorText(failure, { t, exists })}
          {failure.kind === 'envelope' && Number(failure.code) === 2555 && ` ${t('mtr:form.busy')}`}
        </p>
      )}
      <div>
        <NetworkButton type="submit" disabled={disabled}>
          {start.isPending ? t('mtr:form.starting') : t('mtr:form.start')}
        </NetworkButton>
      </div>
    </form>
  );
}
