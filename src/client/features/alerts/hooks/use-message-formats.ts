import type { i18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { registerAlertMessageFormats } from '../../../../shared/alerts/message-format.js';

const registered = new WeakSet<i18n>();

/** The browser's zone: the log shows times where its reader is (the chats read the server's zone). */
const readerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The `alertmsg` formats (`{{isp, isp}}`, `{{startedAt, time}}` …) on the console's i18next, once
 * per instance, when the log first shows a message: the same formats the server renders chats
 * with, so a line reads the same in the log and in the chat.
 */
export function useAlertMessageFormats(): void {
  const { i18n: instance } = useTranslation();
  if (registered.has(instance)) return;
  registerAlertMessageFormats(instance, readerTimeZone());
  registered.add(instance);
}
