import i18next, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/index.js';
import type { Translator } from './error-text.js';
import { htmlLangOf, languageCookie, languageFromCookie } from './language.js';
import { NAMESPACES, RESOURCES } from './locale-resources.js';

export function currentLanguage(): Language {
  return languageFromCookie(document.cookie);
}

/** The console's i18next options for a language: bundled resources, so texts work offline too. */
export function i18nOptions(language: Language): InitOptions {
  return {
    resources: RESOURCES,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    lowerCaseLng: true,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  };
}

export function initI18n(): typeof i18next {
  const language = currentLanguage();
  document.documentElement.lang = htmlLangOf(language);
  void i18next.use(initReactI18next).init(i18nOptions(language));
  return i18next;
}

/** Stores the choice and reloads, so every screen and cached text comes back in the new language. */
export function switchLanguage(language: Language): void {
  document.cookie = languageCookie(language);
  window.location.reload();
}

export const i18nTranslator: Translator = {
  t: (key, options) => i18next.t(key, options ?? {}),
  exists: (key) => i18next.exists(key),
};
