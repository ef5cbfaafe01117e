import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RecentChatsAnswer } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import { recentChats } from '../api.js';

interface RecentChatsProps {
  /** Chat ids already in the form: offered as "added" instead of "use". */
  chosen: ReadonlySet<string>;
  /** No room for another chat, or changes are not offered. */
  canAdd: boolean;
  onUse: (chatId: string) => void;
}

function ChatList({ answer, chosen, canAdd, onUse }: { answer: RecentChatsAnswer } & RecentChatsProps) {
  const { t, i18n } = useTranslation();
  if (answer.state !== 'ok') return <p className="text-sm text-slate-700">{t(`alerts:recent.states.${answer.state}`)}</p>;
  if (answer.chats.length === 0) return <p className="text-sm text-slate-700">{t('alerts:recent.none')}</p>;
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <ul aria-label={t('alerts:recent.listLabel')} className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
      {answer.chats.map((chat) => (
        <li key={chat.chatId} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2">
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words text-slate-900">{chat.title}</p>
            <p className="text-xs text-slate-500">
              <span className="font-mono">{chat.chatId}</span> · {t(`alerts:recent.kinds.${chat.kind}`, { defaultValue: chat.kind })} · {time.format(new Date(chat.lastMessageAt))}
            </p>
          </div>
          {chosen.has(chat.chatId) ? (
            <span className="text-xs text-slate-500">{t('alerts:recent.added')}</span>
          ) : (
            canAdd && (
              <Button variant="secondary" onClick={() => onUse(chat.chatId)} aria-label={t('alerts:recent.useNamed', { title: chat.title })}>
                {t('alerts:recent.use')}
              </Button>
            )
          )}
        </li>
      ))}
    </ul>
  );
}

/** "Find my chat id": the chats that recently wrote to the bot, read when asked. */
export function RecentChats(props: RecentChatsProps) {
  const { t } = useTranslation();
  const find = useMutation({ mutationFn: recentChats });
  return (
    <section aria-labelledby="alert-recent-chats" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h2 id="alert-recent-chats" className="text-base font-semibold text-slate-900">
        {t('alerts:recent.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('alerts:recent.explain')}</p>
      <div>
        <Button variant="secondary" disabled={find.isPending} onClick={() => find.mutate()}>
          {find.isPending ? t('alerts:actions.working') : t(find.data ? 'alerts:recent.again' : 'alerts:recent.find')}
        </Button>
      </div>
      <div aria-live="polite">{find.data && <ChatList answer={find.data} {...props} />}</div>
    </section>
  );
}
