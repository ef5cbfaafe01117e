import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '../../shared/index.js';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const HTML_LANG: Record<Language, string> = { 'zh-tw': 'zh-Hant-TW', 'zh-cn': 'zh-Hans-CN', en: 'en' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language kept in the `lang` cookie, or the default. */
export function languageFromCookie(cookieHeader: string): Language {
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== STORAGE_KEYS.languageCookie) continue;
    const value = decodeURIComponent(rest.join('=')).toLowerCase();
    if (isLanguage(value)) return value;
  }
  return DEFAULT_LANGUAGE;
}

export function languageCookie(language: Language): string {
  return `${STORAGE_KEYS.languageCookie}=${language}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

export function htmlLangOf(language: Language): string {
  return HTML_LANG[language];
}
