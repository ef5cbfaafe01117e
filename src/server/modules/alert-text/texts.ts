import type { i18n } from 'i18next';
import enAlertmsg from '../../../../locales/en/alertmsg.json' with { type: 'json' };
import enCommon from '../../../../locales/en/common.json' with { type: 'json' };
import enPlaces from '../../../../locales/en/places.json' with { type: 'json' };
import cnAlertmsg from '../../../../locales/zh-cn/alertmsg.json' with { type: 'json' };
import cnCommon from '../../../../locales/zh-cn/common.json' with { type: 'json' };
import cnPlaces from '../../../../locales/zh-cn/places.json' with { type: 'json' };
import twAlertmsg from '../../../../locales/zh-tw/alertmsg.json' with { type: 'json' };
import twCommon from '../../../../locales/zh-tw/common.json' with { type: 'json' };
import twPlaces from '../../../../locales/zh-tw/places.json' with { type: 'json' };
import { registerAlertMessageFormats } from '../../../shared/alerts/message-format.js';
import { DEFAULT_ALERT_TIME_ZONE } from '../../config.js';
import { serverI18n } from '../../texts/server-i18n.js';

/**
 * The server's i18next for alert messages: the console's own `alertmsg`, `common` and `places`
 * texts, loaded synchronously, with the formats the console's alert log registers too, so a chat
 * and the log say the same. One instance per escaping (Telegram HTML or plain) and time zone.
 */

export const ALERT_NAMESPACE = 'alertmsg';

const RESOURCES = {
  'zh-tw': { alertmsg: twAlertmsg, common: twCommon, places: twPlaces },
  'zh-cn': { alertmsg: cnAlertmsg, common: cnCommon, places: cnPlaces },
  en: { alertmsg: enAlertmsg, common: enCommon, places: enPlaces },
};

export { DEFAULT_ALERT_TIME_ZONE };

export type Escaping = 'html' | 'plain';

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The entities Telegram's HTML parse mode knows: the named four and numeric ones. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

function createTexts(escaping: Escaping, timeZone: string): i18n {
  const instance = serverI18n({
    ns: [ALERT_NAMESPACE, 'common', 'places'],
    resources: RESOURCES,
    interpolation: escaping === 'html' ? { escapeValue: true, escape: escapeHtml } : { escapeValue: false },
  });
  registerAlertMessageFormats(instance, timeZone);
  return instance;
}

const INSTANCES = new Map<string, i18n>();

/** The instance for an escaping and a zone, made once. */
export function alertTexts(escaping: Escaping, timeZone: string): i18n {
  const id = `${escaping} ${timeZone}`;
  let instance = INSTANCES.get(id);
  if (!instance) {
    instance = createTexts(escaping, timeZone);
    INSTANCES.set(id, instance);
  }
  return instance;
}
