import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AlertRule, AlertRuleFields, MonitorType } from '../../../../shared/index.js';
import { refreshRules } from '../api.js';
import { bodyOf, checkRuleValues, ruleSaveFailureOf, type RuleField, type RuleFormErrors, type RuleFormValues, type RuleSaveProblem } from '../rule-form.js';

export interface RuleFormState {
  values: RuleFormValues;
  errors: RuleFormErrors;
  problem: RuleSaveProblem | null;
  saving: boolean;
  setField: <K extends RuleField>(field: K, value: RuleFormValues[K]) => void;
  /** Replaces several fields at once (a new mode brings its own condition and threshold). */
  setValues: (values: RuleFormValues) => void;
  setFieldError: (field: RuleField, error: RuleFormErrors[RuleField]) => void;
  submit: (event: FormEvent) => void;
}

/**
 * The rule form's values and errors: checked with the shared rules before sending, the server's
 * refusals put back on their fields; the form keeps every value either way.
 */
export function useRuleForm(initial: RuleFormValues, type: MonitorType, save: (body: AlertRuleFields) => Promise<AlertRule>, onSaved: (rule: AlertRule) => void): RuleFormState {
  const queryClient = useQueryClient();
  const [values, setValuesState] = useState(initial);
  const [errors, setErrors] = useState<RuleFormErrors>({});
  const [problem, setProblem] = useState<RuleSaveProblem | null>(null);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (rule) => {
      void refreshRules(queryClient);
      onSaved(rule);
    },
    onError: (error) => {
      const failure = ruleSaveFailureOf(error);
      setErrors(failure.fields);
      setProblem(failure.problem);
    },
  });
  const setField = <K extends RuleField>(field: K, value: RuleFormValues[K]) => {
    setValuesState((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _changed, ...rest }) => rest);
  };
  const setValues = (next: RuleFormValues) => {
    setValuesState(next);
    setErrors({});
  };
  const setFieldError = (field: RuleField, error: RuleFormErrors[RuleField]) => setErrors((current) => ({ ...current, [field]: error }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkRuleValues(values, type);
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length === 0) mutation.mutate(bodyOf(values, type));
  };
  return { values, errors, problem, saving: mutation.isPending, setField, setValues, setFieldError, submit };
}
