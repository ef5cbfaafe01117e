import en from '../../../../locales/en/push.json' with { type: 'json' };
import zhCn from '../../../../locales/zh-cn/push.json' with { type: 'json' };
import zhTw from '../../../../locales/zh-tw/push.json' with { type: 'json' };
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/constants.js';

/**
 * Push titles and bodies in the subscriber's language, from the console's own `push` namespace
 * (locales/<lng>/push.json), so the notification and the inbox bell say the same thing.
 */

export const PUSH_NAMESPACE = 'push';

type Tree = { [key: string]: string | Tree };
const TEXTS: Record<Language, Tree> = { 'zh-tw': zhTw, 'zh-cn': zhCn, en };

export type TextParams = Record<string, string | number>;

export function languageOf(value: string): Language {
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : DEFAULT_LANGUAGE;
}

function lookUp(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `push:events.deploy.completed.title` (or without the namespace) in the language, `{{name}}` filled in; the key when unknown. */
export function pushText(language: Language, key: string, params: TextParams = {}): string {
  const path = key.startsWith(`${PUSH_NAMESPACE}:`) ? key.slice(PUSH_NAMESPACE.length + 1) : key;
  const text = lookUp(TEXTS[language], path) ?? lookUp(TEXTS[DEFAULT_LANGUAGE], path) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
