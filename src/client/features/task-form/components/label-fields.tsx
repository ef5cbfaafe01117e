import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../shared/index.js';
import { domainGroupNamesQuery, tagNamesQuery } from '../api.js';
import { useSettled } from '../hooks/use-settled.js';
import { withTag } from '../list-entries.js';
import { EntryList } from './entry-list.js';
import { FormSection, TextInput, fieldId, useErrorText, type SectionProps } from './form-controls.js';

const TYPING_PAUSE_MS = 300;

/** Domain group (one, picked from the customer's or typed new) and tags (several). */
export function LabelFields({ values, errors, setField, setFieldError, disabled }: SectionProps) {
  const { t } = useTranslation();
  const [tagDraft, setTagDraft] = useState('');
  const groupKeyword = useSettled(values.domainGroup, TYPING_PAUSE_MS);
  const tagKeyword = useSettled(tagDraft, TYPING_PAUSE_MS);
  const groupNames = useQuery(domainGroupNamesQuery(groupKeyword));
  const tagNames = useQuery(tagNamesQuery(tagKeyword));
  const groupError = useErrorText(errors.domainGroup);
  const tagsError = useErrorText(errors.tags);
  const groupListId = `${fieldId('domainGroup')}-suggestions`;
  return (
    <FormSection title={t('taskform:sections.labels')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col">
          <TextInput
            id={fieldId('domainGroup')}
            label={t('taskform:fields.domainGroup')}
            value={values.domainGroup}
            onValueChange={(value) => setField('domainGroup', value)}
            list={groupListId}
            autoComplete="off"
            hint={t('taskform:hints.domainGroup', { max: LIMITS.groupNameMax })}
            error={groupError}
            disabled={disabled}
          />
          <datalist id={groupListId}>
            {(groupNames.data ?? []).map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
        <EntryList
          id={fieldId('tags')}
          label={t('taskform:fields.tags')}
          entries={values.tags}
          onEntries={(tags) => setField('tags', tags)}
          add={withTag}
          onError={(error) => setFieldError('tags', error)}
          error={tagsError}
          hint={t('taskform:hints.tags', { max: LIMITS.tagNameMax })}
          addLabel={t('taskform:entries.add')}
          removeLabel={(tag) => t('taskform:tags.remove', { tag })}
          emptyText={t('taskform:tags.none')}
          disabled={disabled}
          suggestions={tagNames.data ?? []}
          onDraft={setTagDraft}
        />
      </div>
    </FormSection>
  );
}
