import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ipGroupOptionsQuery } from '../api.js';
import { FormSection, SelectInput, TextArea, fieldId, useErrorText, type SectionProps } from './form-controls.js';

const NO_GROUP = '';

/** The addresses answers must match: typed one per line, and/or a matched-IP group of the customer. */
export function MatchFields({ values, errors, setField, disabled }: SectionProps) {
  const { t } = useTranslation();
  const ipsError = useErrorText(errors.matchingIps);
  const groupError = useErrorText(errors.matchedIpGroupId);
  const groups = useQuery(ipGroupOptionsQuery());
  const options = [
    { value: NO_GROUP, label: t('taskform:matching.noGroup') },
    ...(groups.data?.list ?? []).map((group) => ({ value: String(group.id), label: group.name })),
  ];
  // A group the list does not (yet) show stays chosen rather than silently turning into "none".
  const chosen = values.matchedIpGroupId === null ? NO_GROUP : String(values.matchedIpGroupId);
  if (chosen !== NO_GROUP && !options.some((option) => option.value === chosen)) {
    options.push({ value: chosen, label: groups.isPending ? t('taskform:matching.groupLoading') : t('taskform:matching.groupUnknown', { id: chosen }) });
  }
  return (
    <FormSection title={t('taskform:sections.matching')}>
      <p className="mb-4 text-sm text-slate-600">{t('taskform:matching.intro')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextArea
          id={fieldId('matchingIps')}
          label={t('taskform:fields.matchingIps')}
          value={values.matchingIps}
          onValueChange={(value) => setField('matchingIps', value)}
          rows={4}
          spellCheck={false}
          autoCapitalize="none"
          placeholder={'203.0.113.10\n2001:db8::10'}
          hint={t('taskform:hints.matchingIps')}
          error={ipsError}
          disabled={disabled}
        />
        <SelectInput
          id={fieldId('matchedIpGroupId')}
          label={t('taskform:fields.matchedIpGroup')}
          value={chosen}
          options={options}
          onValueChange={(value) => setField('matchedIpGroupId', value === NO_GROUP ? null : Number(value))}
          hint={groups.isError ? t('taskform:matching.groupsFailed') : t('taskform:hints.matchedIpGroup')}
          error={groupError}
          disabled={disabled}
        />
      </div>
    </FormSection>
  );
}
