import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type AlertSettingAnswer, type Language } from '../../../../shared/index.js';
import { Button, NetworkButton } from '../../../components/button.js';
import { ListLoadError, ListSkeleton } from '../../../components/list-states.js';
import { showSnackbar } from '../../../components/notification-store.js';
import { PageHeader } from '../../../components/page-header.js';
import { fieldErrorsOf } from '../../../lib/api-failure.js';
import { fieldErrorText } from '../../../lib/error-text.js';
import { saveSetting, settingQuery } from '../api.js';
import { checkSettingValues, hasSettingErrors, newChatRow, settingBodyOf, settingErrorsOf, settingValuesOf, type SettingErrors, type SettingValues } from '../setting-form.js';
import { ChatRowFields } from './chat-rows.js';
import { SelectField } from './form-parts.js';
import { ProblemNote, ReadOnlyNote } from './notes.js';
import { RecentChats } from './recent-chats.js';

function useSettingForm(answer: AlertSettingAnswer) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<SettingValues>(() => settingValuesOf(answer));
  const [errors, setErrors] = useState<SettingErrors>({ chats: {} });
  const save = useMutation({
    mutationFn: () => saveSetting(settingBodyOf(values)),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingQuery.queryKey, saved);
      setValues(settingValuesOf(saved));
      setErrors({ chats: {} });
      showSnackbar(t('alerts:setting.saved'));
    },
    onError: (error) => setErrors(settingErrorsOf(fieldErrorsOf(error), values)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkSettingValues(values);
    setErrors(found);
    if (!hasSettingErrors(found)) save.mutate();
  };
  const change = (next: SettingValues) => {
    setValues(next);
    if (hasSettingErrors(errors)) setErrors({ chats: {} });
  };
  return { values, errors, saving: save.isPending, submit, change };
}

/** A refusal the rows do not show (not expected from the server, but never silent). */
function OtherErrors({ errors }: { errors: SettingErrors }) {
  const { t } = useTranslation();
  const first = errors.other?.[0];
  if (!first) return null;
  return <ProblemNote>{fieldErrorText(first, { t })}</ProblemNote>;
}

function SettingForm({ answer, readOnly }: { answer: AlertSettingAnswer; readOnly: boolean }) {
  const { t } = useTranslation();
  const form = useSettingForm(answer);
  const { values } = form;
  const savedOf = (chatId: string) => answer.chats.find((chat) => chat.chatId === chatId);
  const room = values.chats.length < answer.chatIdMax;
  const addChat = (chatId = '') => form.change({ ...values, chats: [...values.chats, newChatRow(chatId)] });
  return (
    <form noValidate onSubmit={form.submit} aria-label={t('alerts:setting.label')} className="flex flex-col gap-5">
      <div className="rounded-lg border border-slate-200 bg-white p-4 sm:max-w-sm">
        <SelectField
          id="alert-language"
          label={t('alerts:setting.language')}
          value={values.language}
          options={LANGUAGES.map((language) => ({ value: language, label: t(`language.names.${language}`) }))}
          onChange={(language) => form.change({ ...values, language: language as Language })}
          hint={t('alerts:setting.languageHint')}
          error={form.errors.language === undefined ? undefined : t(`errors:${form.errors.language}`)}
          disabled={readOnly}
        />
      </div>
      <section aria-labelledby="alert-chats" className="flex flex-col gap-3">
        <h2 id="alert-chats" className="text-base font-semibold text-slate-900">
          {t('alerts:setting.chats', { count: values.chats.length, max: answer.chatIdMax })}
        </h2>
        {values.chats.length === 0 && <p className="text-sm text-slate-600">{t('alerts:setting.noChats')}</p>}
        <ul className="flex flex-col gap-3">
          {values.chats.map((chat, index) => (
            <ChatRowFields
              key={chat.key}
              chat={chat}
              index={index}
              saved={savedOf(chat.chatId.trim())}
              error={form.errors.chats[chat.key] === undefined ? undefined : t(`errors:${form.errors.chats[chat.key]}`)}
              readOnly={readOnly}
              onChange={(next) => form.change({ ...values, chats: values.chats.map((row) => (row.key === chat.key ? next : row)) })}
              onRemove={() => form.change({ ...values, chats: values.chats.filter((row) => row.key !== chat.key) })}
            />
          ))}
        </ul>
        {!readOnly && (
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" disabled={!room} onClick={() => addChat()}>
              {t('alerts:setting.addChat')}
            </Button>
            {!room && <p className="text-xs text-slate-600">{t('alerts:setting.full', { max: answer.chatIdMax })}</p>}
          </div>
        )}
      </section>
      <OtherErrors errors={form.errors} />
      {!readOnly && (
        <div className="flex justify-end">
          <NetworkButton type="submit" disabled={form.saving}>
            {form.saving ? t('alerts:actions.saving') : t('alerts:setting.save')}
          </NetworkButton>
        </div>
      )}
      {!readOnly && <RecentChats chosen={new Set(values.chats.map((chat) => chat.chatId.trim()))} canAdd={room} onUse={(chatId) => addChat(chatId)} />}
    </form>
  );
}

/** /alert/setting: the message language, the chats alerts go to, test messages and finding a chat id. */
export function AlertSettingPage({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const { data, isError, refetch } = useQuery(settingQuery);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('routes.alertSetting')} />
      {readOnly && <ReadOnlyNote />}
      {data && !data.botConfigured && (
        <p role="note" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t('alerts:setting.noBot')}
        </p>
      )}
      {isError && <ListLoadError text={t('alerts:setting.loadFailed')} onRetry={() => void refetch()} />}
      {!isError && !data && <ListSkeleton rows={3} />}
      {data && <SettingForm answer={data} readOnly={readOnly} />}
    </div>
  );
}
