import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ALERT_COOLDOWN_MINUTES, ALERT_SENSITIVITY, LIMITS, type MonitorType } from '../../../../shared/index.js';
import { ALERT_CONDITIONS, ALERT_LATENCY_THRESHOLD_MAX_MS, ALERT_MODES, type AlertCondition, type AlertMode } from '../../../../shared/alerts/rule-fields.js';
import { NetworkButton } from '../../../components/button.js';
import { errorText, type Translate, type Translator } from '../../../lib/error-text.js';
import type { RuleFormState } from '../hooks/use-rule-form.js';
import { measuresFigure, modesOf, withMode } from '../rule-form.js';
import { alertListPathOf } from '../rule-words.js';
import { Labelled, NumberField, SelectField, controlClass, describedBy, fieldId } from './form-parts.js';
import { ProblemNote, useRuleErrorText } from './notes.js';
import { SslDaysField } from './ssl-days-field.js';

interface SectionProps {
  form: RuleFormState;
  type: MonitorType;
  disabled: boolean;
}

function sensitivityHint(mode: AlertMode, t: Translate): string {
  const range = mode === ALERT_MODES.LATENCY ? ALERT_SENSITIVITY.latency : ALERT_SENSITIVITY.availability;
  return t('alerts:form.sensitivityHint', range);
}

function NameAndMode({ form, type, disabled }: SectionProps) {
  const { t } = useTranslation();
  const errorOf = useRuleErrorText();
  const nameError = errorOf(form.errors.name);
  const id = fieldId('name');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Labelled id={id} label={t('alerts:form.name')} error={nameError} className="sm:col-span-2">
        <input
          id={id}
          value={form.values.name}
          maxLength={LIMITS.nameMax}
          disabled={disabled}
          onChange={(event) => form.setField('name', event.target.value)}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={describedBy(id, undefined, nameError)}
          className={controlClass(nameError)}
        />
      </Labelled>
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-slate-700">{t('alerts:form.protocol')}</span>
        <span className="py-2 text-sm text-slate-900">{t(`alerts:types.${type}`)}</span>
      </div>
      <SelectField
        id={fieldId('mode')}
        label={t('alerts:form.mode')}
        value={String(form.values.mode)}
        options={modesOf(type).map((mode) => ({ value: String(mode), label: t(`alerts:modes.${mode}`) }))}
        onChange={(mode) => form.setValues(withMode(form.values, Number(mode) as AlertMode))}
        hint={t(`alerts:modeHints.${form.values.mode}`)}
        error={errorOf(form.errors.mode)}
        disabled={disabled}
      />
    </div>
  );
}

/** Latency and availability: compare the round's figure with a threshold, over consecutive rounds. */
function FigureFields({ form, disabled }: Omit<SectionProps, 'type'>) {
  const { t } = useTranslation();
  const errorOf = useRuleErrorText();
  const { mode } = form.values;
  const latency = mode === ALERT_MODES.LATENCY;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <SelectField
        id={fieldId('condition')}
        label={t('alerts:form.condition')}
        value={form.values.condition}
        options={ALERT_CONDITIONS.map((condition) => ({ value: condition, label: t(`alerts:conditionNames.${condition}`) }))}
        onChange={(condition) => form.setField('condition', condition as AlertCondition)}
        error={errorOf(form.errors.condition)}
        disabled={disabled}
      />
      <NumberField
        id={fieldId('threshold')}
        label={t(latency ? 'alerts:form.thresholdLatency' : 'alerts:form.thresholdAvailability')}
        value={form.values.threshold}
        onValueChange={(value) => form.setField('threshold', value)}
        unit={latency ? t('alerts:units.ms') : '%'}
        hint={latency ? t('alerts:form.thresholdLatencyHint', { max: ALERT_LATENCY_THRESHOLD_MAX_MS }) : t('alerts:form.thresholdAvailabilityHint')}
        error={errorOf(form.errors.threshold)}
        disabled={disabled}
      />
      <NumberField
        id={fieldId('sensitivity')}
        label={t('alerts:form.sensitivity')}
        value={form.values.sensitivity}
        onValueChange={(value) => form.setField('sensitivity', value)}
        unit={t('alerts:units.rounds')}
        hint={sensitivityHint(mode, t)}
        error={errorOf(form.errors.sensitivity)}
        disabled={disabled}
      />
    </div>
  );
}

function WhenFields({ form, disabled }: Omit<SectionProps, 'type'>) {
  const { t } = useTranslation();
  const errorOf = useRuleErrorText();
  const { mode } = form.values;
  if (measuresFigure(mode)) return <FigureFields form={form} disabled={disabled} />;
  if (mode === ALERT_MODES.SSL_EXPIRY_DAYS) {
    return (
      <SslDaysField
        days={form.values.sslDays}
        onDays={(days) => form.setField('sslDays', days)}
        error={errorOf(form.errors.sslDays)}
        onError={(error) => form.setFieldError('sslDays', error)}
        disabled={disabled}
      />
    );
  }
  return <p className="text-sm text-slate-600">{t('alerts:form.ipNotMatchedExplain')}</p>;
}

function CooldownAndEnable({ form, disabled }: Omit<SectionProps, 'type'>) {
  const { t } = useTranslation();
  const errorOf = useRuleErrorText();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        id={fieldId('cooldownMinutes')}
        label={t('alerts:form.cooldown')}
        value={String(form.values.cooldownMinutes)}
        options={ALERT_COOLDOWN_MINUTES.map((minutes) => ({ value: String(minutes), label: minutes === 0 ? t('alerts:cooldown.none') : t('alerts:cooldown.minutes', { count: minutes }) }))}
        onChange={(minutes) => form.setField('cooldownMinutes', Number(minutes))}
        hint={t('alerts:form.cooldownHint')}
        error={errorOf(form.errors.cooldownMinutes)}
        disabled={disabled}
      />
      <label className="flex items-center gap-2 self-end py-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={form.values.enable === 1}
          disabled={disabled}
          onChange={(event) => form.setField('enable', event.target.checked ? 1 : 2)}
          className="focus-ring size-5 rounded border-slate-300"
        />
        {t('alerts:form.enable')}
      </label>
    </div>
  );
}

function problemText(form: RuleFormState, translator: Translator): string | null {
  const { problem } = form;
  if (!problem) return null;
  if (problem.kind === 'notFound') return translator.t('alerts:form.notFound');
  return problem.failure ? errorText(problem.failure, translator) : translator.t('alerts:form.saveFailed');
}

interface RuleFormProps {
  form: RuleFormState;
  type: MonitorType;
  readOnly: boolean;
  submitLabel: string;
}

/** The rule's fields per §3/§5: the modes its type offers, and only the fields its mode uses. */
export function RuleForm({ form, type, readOnly, submitLabel }: RuleFormProps) {
  const { t, i18n } = useTranslation();
  const disabled = readOnly || form.saving;
  const problem = problemText(form, { t, exists: (key) => i18n.exists(key) });
  const errorCount = Object.keys(form.errors).length;
  return (
    <form noValidate onSubmit={form.submit} aria-label={t('alerts:form.label')} className="flex flex-col gap-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <NameAndMode form={form} type={type} disabled={disabled} />
      <WhenFields form={form} disabled={disabled} />
      <CooldownAndEnable form={form} disabled={disabled} />
      {errorCount > 0 && (
        <p role="alert" className="text-sm text-status-error">
          {t('alerts:form.errorCount', { count: errorCount })}
        </p>
      )}
      {problem && <ProblemNote>{problem}</ProblemNote>}
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={alertListPathOf(type)} className="focus-ring inline-flex min-h-9 items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
          {t('alerts:form.back')}
        </Link>
        {!readOnly && (
          <NetworkButton type="submit" disabled={form.saving}>
            {form.saving ? t('alerts:actions.saving') : submitLabel}
          </NetworkButton>
        )}
      </div>
    </form>
  );
}
