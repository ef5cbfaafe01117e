import i18next, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { registerAlertMessageFormats } from '../../shared/alerts/message-format.js';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/index.js';
import type { Translator } from './error-text.js';
import { htmlLangOf, languageCookie, languageFromCookie } from './language.js';
import { NAMESPACES, type LanguageResources } from './locale-namespaces.js';
import { RESOURCES } from './locale-resources.js';

export function currentLanguage(): Language {
  return languageFromCookie(document.cookie);
}

function baseOptions(language: Language): InitOptions {
  return {
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    lowerCaseLng: true,
    // Every screen asks for many texts: no region-less fallback (only the shown language is
    // loaded), and keys are always `ns:path.to.text`, never prose to guess about.
    load: 'currentOnly',
    nsSeparator: ':',
    keySeparator: '.',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  };
}

/** i18next options with every language's texts (tests render in any language without loading). */
export function i18nOptions(language: Language): InitOptions {
  return { ...baseOptions(language), resources: RESOURCES };
}

/**
 * The console's texts: only the language it shows is loaded (its own chunk, precached, so offline
 * too); switching language reloads the page (switchLanguage).
 */
export async function initI18n(language: Language, texts: Promise<LanguageResources>): Promise<typeof i18next> {
  document.documentElement.lang = htmlLangOf(language);
  await i18next.use(initReactI18next).init({ ...baseOptions(language), resources: { [language]: await texts } });
  // The alert log's lines name ISPs, places, durations and times through these formats, in the device's zone.
  registerAlertMessageFormats(i18next, Intl.DateTimeFormat().resolvedOptions().timeZone);
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
