import type { i18n } from 'i18next';
import type { MessageLine } from '../../../shared/calls/alert-settings.js';
import type { Language } from '../../../shared/constants.js';
import { alertLineKey, alertLineText } from '../../../shared/alerts/message-line.js';
import { DEFAULT_ALERT_TIME_ZONE, alertTexts, escapeHtml, type Escaping } from './texts.js';

/**
 * A message's lines (`{key, params}` of the `alertmsg` namespace) as a chat or an inbox reads them.
 * Every value is escaped by i18next's interpolation (Telegram HTML: & < > " '), never the texts
 * themselves, which hold no markup; the headline (first line) is bold. A message stays within
 * Telegram's 4096 characters by leaving out whole lines from the end (node lists come last) and
 * saying how many, so no entity or tag is ever cut.
 */

/** Telegram's limit for a message's text. */
export const TELEGRAM_MESSAGE_MAX = 4096;
/** A name or list longer than this (before escaping) is cut with an ellipsis, so one line never fills a message. */
export const PARAM_TEXT_MAX = 300;

type Params = MessageLine['params'];

function shortened(params: Params): Params {
  const result: Params = {};
  for (const [name, value] of Object.entries(params)) {
    const chars = typeof value === 'string' ? Array.from(value) : null;
    result[name] = chars && chars.length > PARAM_TEXT_MAX ? `${chars.slice(0, PARAM_TEXT_MAX - 1).join('')}…` : value;
  }
  return result;
}

interface RenderStyle {
  escaping: Escaping;
  escape: (text: string) => string;
  headline: (text: string) => string;
}

const HTML: RenderStyle = { escaping: 'html', escape: escapeHtml, headline: (text) => `<b>${text}</b>` };
const PLAIN: RenderStyle = { escaping: 'plain', escape: (text) => text, headline: (text) => text };

/** The line's text, or null for a key the namespace lacks (never shown as a raw key). */
function lineText(texts: i18n, line: MessageLine, language: Language, style: RenderStyle): string | null {
  const shortLine = { key: line.key, params: shortened(line.params) };
  if (!texts.exists(alertLineKey(line), { ...shortLine.params, lng: language })) return null;
  return alertLineText((key, options) => texts.t(key, options), shortLine, { lng: language }, style.escape);
}

export interface RenderOptions {
  /** IANA zone of the times printed (VIGIL_ALERT_TIME_ZONE); Asia/Shanghai when left out. */
  timeZone?: string;
  /** Longest message, in UTF-16 code units as Telegram counts; 4096 when left out. */
  maxLength?: number;
}

/** The first lines that fit with the line saying how many were left out. */
function fitted(rendered: string[], cutLine: (count: number) => string, maxLength: number): string {
  const whole = rendered.join('\n');
  if (whole.length <= maxLength) return whole;
  let kept = rendered.length - 1;
  while (kept > 1) {
    const text = [...rendered.slice(0, kept), cutLine(rendered.length - kept)].join('\n');
    if (text.length <= maxLength) return text;
    kept -= 1;
  }
  return rendered[0] ?? '';
}

function render(lines: readonly MessageLine[], language: Language, style: RenderStyle, options: RenderOptions): string {
  const texts = alertTexts(style.escaping, options.timeZone ?? DEFAULT_ALERT_TIME_ZONE);
  const rendered = lines
    .map((line) => lineText(texts, line, language, style))
    .filter((text): text is string => text !== null)
    .map((text, index) => (index === 0 ? style.headline(text) : text));
  const cutLine = (count: number) => lineText(texts, { key: 'cut', params: { count } }, language, style) ?? '';
  return fitted(rendered, cutLine, options.maxLength ?? TELEGRAM_MESSAGE_MAX);
}

/** The message in Telegram's HTML parse mode, in the language. */
export function renderTelegramHtml(lines: readonly MessageLine[], language: Language, options: RenderOptions = {}): string {
  return render(lines, language, HTML, options);
}

/** The message as plain text (inbox items, push bodies), in the language. */
export function renderPlainText(lines: readonly MessageLine[], language: Language, options: RenderOptions = {}): string {
  return render(lines, language, PLAIN, options);
}
