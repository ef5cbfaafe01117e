import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LANGUAGES, type AlertChat, type Language } from '../../../../shared/index.js';
import { Button, NetworkButton } from '../../../components/button.js';
import { showSnackbar } from '../../../components/notification-store.js';
import { refreshLog, sendTestMessage } from '../api.js';
import { isSavedChat, type ChatRow } from '../setting-form.js';
import { alertLogPathOf } from '../rule-words.js';
import { DeliveryBadge } from './badges.js';
import { controlClass, describedBy } from './form-parts.js';

interface ChatRowProps {
  chat: ChatRow;
  index: number;
  /** The server's view of this chat (delivery state), when it is saved. */
  saved: AlertChat | undefined;
  error: string | undefined;
  readOnly: boolean;
  onChange: (chat: ChatRow) => void;
  onRemove: () => void;
}

/** "Send a test message": queued, then delivered by the outbox; the log shows how it went. */
function TestButton({ chatId }: { chatId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const test = useMutation({
    mutationFn: () => sendTestMessage(chatId),
    onSuccess: () => {
      showSnackbar(t('alerts:setting.testQueued', { chatId }));
      void refreshLog(queryClient);
    },
  });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <NetworkButton variant="secondary" disabled={test.isPending} onClick={() => test.mutate()} aria-label={t('alerts:setting.testNamed', { chatId })}>
        {test.isPending ? t('alerts:actions.working') : t('alerts:setting.test')}
      </NetworkButton>
      {test.isSuccess && (
        <p role="status" className="text-xs text-slate-700">
          {t('alerts:setting.testQueuedNote')}{' '}
          <Link to={alertLogPathOf({})} className="focus-ring rounded font-medium text-brand-700 underline">
            {t('alerts:setting.testSeeLog')}
          </Link>
        </p>
      )}
    </div>
  );
}

function DeliveryState({ saved }: { saved: AlertChat }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <span className="flex items-center gap-2 text-xs text-slate-600">
        {t('alerts:setting.delivery')} <DeliveryBadge state={saved.delivery} />
      </span>
      {saved.delivery !== 'ok' && <p className="text-xs text-slate-700">{t(`alerts:setting.deliveryExplain.${saved.delivery}`)}</p>}
    </div>
  );
}

/** One chat: its id, its own language (or the customer's), its delivery state and test message. */
export function ChatRowFields({ chat, index, saved, error, readOnly, onChange, onRemove }: ChatRowProps) {
  const { t } = useTranslation();
  const idField = `alert-chat-${chat.key}`;
  const hint = index === 0 ? t('alerts:setting.chatIdHint') : undefined;
  return (
    <li data-chat-id={chat.chatId} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={idField} className="text-sm font-medium text-slate-700">
            {t('alerts:setting.chatId', { number: index + 1 })}
          </label>
          <input
            id={idField}
            value={chat.chatId}
            disabled={readOnly}
            onChange={(event) => onChange({ ...chat, chatId: event.target.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(idField, hint, error)}
            className={controlClass(error)}
          />
          {hint && (
            <p id={`${idField}-hint`} className="text-xs text-slate-500">
              {hint}
            </p>
          )}
          {error && (
            <p id={`${idField}-error`} className="text-xs text-status-error">
              {error}
            </p>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${idField}-language`} className="text-sm font-medium text-slate-700">
            {t('alerts:setting.chatLanguage', { number: index + 1 })}
          </label>
          <select
            id={`${idField}-language`}
            value={chat.language}
            disabled={readOnly}
            onChange={(event) => onChange({ ...chat, language: event.target.value as Language | '' })}
            className={controlClass(undefined)}
          >
            <option value="">{t('alerts:setting.customerLanguage')}</option>
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`language.names.${language}`)}
              </option>
            ))}
          </select>
        </div>
        {!readOnly && (
          <Button variant="secondary" className="sm:mt-6" onClick={onRemove} aria-label={t('alerts:setting.removeNamed', { number: index + 1 })}>
            {t('alerts:setting.remove')}
          </Button>
        )}
      </div>
      {saved && isSavedChat(chat) && (
        <div className="flex flex-wrap items-start justify-between gap-3 border-t border-slate-100 pt-2">
          <DeliveryState saved={saved} />
          {!readOnly && <TestButton chatId={saved.chatId} />}
        </div>
      )}
      {!isSavedChat(chat) && chat.chatId.trim() !== '' && <p className="text-xs text-slate-500">{t('alerts:setting.saveToTest')}</p>}
    </li>
  );
}
