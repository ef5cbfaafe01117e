import { useTranslation } from 'react-i18next';
import { ENABLE_STATUS, FREQUENCIES_MINUTES, LIMITS, type EnableStatus } from '../../../../shared/index.js';
import { TASK_TYPE_SPECS } from '../task-types.js';
import { FieldMessages, FormSection, SelectInput, TextInput, describedBy, fieldId, useErrorText, type SectionProps } from './form-controls.js';

const STATUSES: readonly EnableStatus[] = [ENABLE_STATUS.ENABLED, ENABLE_STATUS.DISABLED];

function StatusRadios({ values, setField, disabled, errors }: SectionProps) {
  const { t } = useTranslation();
  const id = fieldId('status');
  const error = useErrorText(errors.status);
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={describedBy(id, undefined, error)}>
      <legend className="text-sm font-medium text-slate-700">{t('taskform:fields.status')}</legend>
      <div className="flex flex-wrap gap-4 py-1.5">
        {STATUSES.map((status) => (
          <label key={status} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name="status"
              id={status === ENABLE_STATUS.ENABLED ? id : undefined}
              value={status}
              checked={values.status === status}
              onChange={() => setField('status', status)}
              disabled={disabled}
              className="focus-ring size-4"
            />
            {t(`taskform:status.${status}`)}
          </label>
        ))}
      </div>
      <FieldMessages id={id} error={error} />
    </fieldset>
  );
}

function PortAndPath({ type, values, errors, setField, disabled }: SectionProps) {
  const { t } = useTranslation();
  const spec = TASK_TYPE_SPECS[type];
  const portError = useErrorText(errors.port);
  const pathError = useErrorText(errors.otherPath);
  if (!spec.hasPort) return null;
  const portHint = spec.portRequired ? t('taskform:hints.portRequired') : t('taskform:hints.portDefault', { port: spec.defaultPort ?? '' });
  return (
    <>
      <TextInput
        id={fieldId('port')}
        label={t('taskform:fields.port')}
        value={values.port}
        onValueChange={(value) => setField('port', value)}
        inputMode="numeric"
        autoComplete="off"
        required={spec.portRequired}
        hint={portHint}
        error={portError}
        disabled={disabled}
      />
      {spec.hasPath && (
        <TextInput
          id={fieldId('otherPath')}
          label={t('taskform:fields.otherPath')}
          value={values.otherPath}
          onValueChange={(value) => setField('otherPath', value)}
          autoComplete="off"
          placeholder="/health"
          hint={t('taskform:hints.otherPath', { max: LIMITS.pathMax })}
          error={pathError}
          disabled={disabled}
        />
      )}
    </>
  );
}

/** What to watch and how often: name, target, port and path, frequency, status, serial number and region. */
export function TargetFields(props: SectionProps) {
  const { t } = useTranslation();
  const { type, values, errors, setField, disabled } = props;
  const spec = TASK_TYPE_SPECS[type];
  const nameError = useErrorText(errors.name);
  const domainError = useErrorText(errors.domain);
  const frequencyError = useErrorText(errors.frequencyMinutes);
  const serialError = useErrorText(errors.serialNumber);
  const regionError = useErrorText(errors.region);
  const domainHint = spec.isDns ? t('taskform:hints.domainDns') : spec.hasPath ? t('taskform:hints.domainWeb') : t('taskform:hints.domainHost');
  const frequencies = FREQUENCIES_MINUTES.map((minutes) => ({ value: String(minutes), label: t('taskform:frequency.option', { minutes }) }));
  return (
    <FormSection title={t('taskform:sections.target')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          id={fieldId('name')}
          label={t('taskform:fields.name')}
          value={values.name}
          onValueChange={(value) => setField('name', value)}
          autoComplete="off"
          required
          hint={t('taskform:hints.name', { max: LIMITS.nameMax })}
          error={nameError}
          disabled={disabled}
        />
        <TextInput
          id={fieldId('domain')}
          label={t(spec.isDns ? 'taskform:fields.domainName' : 'taskform:fields.domain')}
          value={values.domain}
          onValueChange={(value) => setField('domain', value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          hint={domainHint}
          error={domainError}
          disabled={disabled}
        />
        <PortAndPath {...props} />
        <SelectInput
          id={fieldId('frequencyMinutes')}
          label={t('taskform:fields.frequency')}
          value={String(values.frequencyMinutes)}
          options={frequencies}
          onValueChange={(value) => setField('frequencyMinutes', Number(value))}
          hint={t('taskform:hints.frequency')}
          error={frequencyError}
          disabled={disabled}
        />
        <StatusRadios {...props} />
        <TextInput
          id={fieldId('serialNumber')}
          label={t('taskform:fields.serialNumber')}
          value={values.serialNumber}
          onValueChange={(value) => setField('serialNumber', value)}
          autoComplete="off"
          hint={t('taskform:hints.optional')}
          error={serialError}
          disabled={disabled}
        />
        <TextInput
          id={fieldId('region')}
          label={t('taskform:fields.region')}
          value={values.region}
          onValueChange={(value) => setField('region', value)}
          autoComplete="off"
          hint={t('taskform:hints.optional')}
          error={regionError}
          disabled={disabled}
        />
      </div>
    </FormSection>
  );
}
