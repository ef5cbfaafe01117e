import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_CATEGORIES, FEEDBACK_LIMITS, type FeedbackSendBody } from '../../../../shared/index.js';
import { Button, NetworkButton } from '../../../components/button.js';
import { LabelledSelect } from '../../../components/labelled-select.js';
import { Modal, ModalActions } from '../../../components/modal.js';
import { showSnackbar } from '../../../components/notification-store.js';
import { ApiError, fieldErrorsOf } from '../../../lib/api-failure.js';
import { fieldErrorMap, type FieldErrorMap } from '../../../lib/field-errors.js';
import { useFieldErrorText } from '../../../lib/use-field-error-text.js';
import { feedbackQueryKey, sendFeedback } from './api.js';
import { EMPTY_FEEDBACK, checkFeedback, codePoints, type FeedbackFormValues } from './feedback-form-values.js';
import { TaskPicker } from './task-picker.js';

const isTaskGone = (error: unknown) => error instanceof ApiError && error.failure.kind === 'envelope' && Number(error.failure.code) === 2127;

function FeedbackText({ value, onChange, error, disabled }: { value: string; onChange: (text: string) => void; error: string | undefined; disabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const length = codePoints(value.trim());
  const over = length > FEEDBACK_LIMITS.textMax;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t('feedback:form.text')}
      </label>
      <textarea
        id={id}
        data-autofocus
        rows={6}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        className={`focus-ring resize-y rounded-md border bg-white px-3 py-2 text-sm text-slate-900 ${error ? 'border-status-error' : 'border-slate-300'}`}
      />
      <p id={`${id}-count`} className={`text-right text-xs tabular-nums ${over ? 'text-status-error' : 'text-slate-500'}`}>
        {t('feedback:form.count', { count: length, max: FEEDBACK_LIMITS.textMax })}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-xs text-status-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Sending feedback: category, text, optionally a task; values stay when the server refuses. */
export function FeedbackDialog({ onClose, onSent, taskPicker }: { onClose: () => void; onSent: () => void; taskPicker: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<FeedbackFormValues>(EMPTY_FEEDBACK);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const errorText = useFieldErrorText(errors);
  const send = useMutation({
    mutationFn: (body: FeedbackSendBody) => sendFeedback(body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: feedbackQueryKey });
      showSnackbar(t('feedback:form.sent'));
      onSent();
    },
    onError: (error) => setErrors(fieldErrorMap(fieldErrorsOf(error))),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkFeedback(values);
    if ('errors' in checked) return setErrors(fieldErrorMap(checked.errors));
    setErrors({});
    send.mutate(checked.body);
  };
  const busy = send.isPending;
  const taskError = isTaskGone(send.error) ? t('feedback:form.taskGone') : errorText('taskId');
  return (
    <Modal open title={t('feedback:form.title')} onClose={onClose} wide>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
        <p className="text-sm text-slate-600">{t('feedback:form.intro')}</p>
        <div>
          <LabelledSelect
            label={t('feedback:form.category')}
            value={values.category}
            anyLabel={t('feedback:form.chooseCategory')}
            options={FEEDBACK_CATEGORIES.map((category) => ({ value: category, label: t(`feedback:categories.${category}`) }))}
            onChange={(category) => setValues((old) => ({ ...old, category: category as FeedbackFormValues['category'] }))}
          />
          {errorText('category') && <p className="mt-1 text-xs text-status-error">{errorText('category')}</p>}
        </div>
        <FeedbackText value={values.text} onChange={(text) => setValues((old) => ({ ...old, text }))} error={errorText('text')} disabled={busy} />
        {taskPicker && <TaskPicker value={values.task} onChange={(task) => setValues((old) => ({ ...old, task }))} error={taskError} disabled={busy} />}
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            {t('feedback:form.cancel')}
          </Button>
          <NetworkButton type="submit" disabled={busy}>
            {busy ? t('feedback:form.sending') : t('feedback:form.send')}
          </NetworkButton>
        </ModalActions>
      </form>
    </Modal>
  );
}
