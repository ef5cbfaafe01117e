import type { MessageLine } from '../calls/alert-settings.js';

/**
 * One message line in the reader's language, through an i18next `t` that has the `alertmsg`
 * texts and the formats of message-format.ts (the server's renderer and the console's alert log
 * both read lines here). i18next puts a value in by replacing the first `{{name}}` it finds, so a
 * value that itself holds `{{…}}` (a task named "{{domain}}") would be filled in again; such
 * values go in as inert marks and are put back afterwards, escaped like any other value.
 */

export type LineTranslate = (key: string, options: Record<string, unknown>) => string;

const MARK = '\u2063';
const MARKED = new RegExp(`${MARK}(\\d+)${MARK}`, 'g');
const NEEDS_MARK = new RegExp(`[{}${MARK}]|\\$t\\(`);

export const ALERT_MESSAGE_NAMESPACE = 'alertmsg';

export function alertLineKey(line: Pick<MessageLine, 'key'>): string {
  return `${ALERT_MESSAGE_NAMESPACE}:${line.key}`;
}

/** The line's text; `escape` is applied to the values put back (i18next escapes the others). */
export function alertLineText(t: LineTranslate, line: MessageLine, options: Record<string, unknown> = {}, escape: (text: string) => string = (text) => text): string {
  const held: string[] = [];
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(line.params)) {
    if (typeof value === 'string' && NEEDS_MARK.test(value)) {
      params[name] = `${MARK}${held.length}${MARK}`;
      held.push(value);
    } else {
      params[name] = value;
    }
  }
  const text = t(alertLineKey(line), { ...params, ...options });
  return held.length === 0 ? text : text.replace(MARKED, (whole, index: string) => {
    const value = held[Number(index)];
    return value === undefined ? whole : escape(value);
  });
}
