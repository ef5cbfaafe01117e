import i18next, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/index.js';
import type { Translator } from './error-text.js';
import { htmlLangOf, languageCookie, languageFromCookie } from './language.js';
import { loadFeatureTexts } from './language-resources.js';
import { NAMESPACES, type FeatureNamespace, type Namespace, type StartResources } from './locale-namespaces.js';
import { RESOURCES } from './locale-resources.js';

export function currentLanguage(): Language {
  return languageFromCookie(document.cookie);
}

/** The shown language; outside a browser (tests, a static render) the default. */
const shownLanguage = (): Language => (typeof document === 'undefined' ? DEFAULT_LANGUAGE : currentLanguage());

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
export async function initI18n(language: Language, texts: Promise<StartResources>): Promise<typeof i18next> {
  document.documentElement.lang = htmlLangOf(language);
  const startTexts = await texts;
  await i18next.use(initReactI18next).init({ ...baseOptions(language), resources: { [language]: { ...startTexts, ...textsBeforeInit } } });
  return i18next;
}

/** A feature's texts that arrived before i18next was set up (the opened screen's, asked for at the start). */
const textsBeforeInit: Partial<Record<Namespace, object>> = {};
const namespaceLoads = new Map<FeatureNamespace, Promise<void>>();

function addTexts(language: Language, namespace: FeatureNamespace, texts: object): void {
  if (i18next.isInitialized) i18next.addResourceBundle(language, namespace, texts, true, true);
  else textsBeforeInit[namespace] = texts;
}

function loadNamespace(language: Language, namespace: FeatureNamespace): Promise<void> {
  let pending = namespaceLoads.get(namespace);
  if (!pending) {
    pending = loadFeatureTexts(language, namespace).then((texts) => addTexts(language, namespace, texts));
    pending.catch(() => namespaceLoads.delete(namespace));
    namespaceLoads.set(namespace, pending);
  }
  return pending;
}

/** A feature's texts in the shown language, loaded once (a failed load may be asked again) and in i18next before its screens render. */
export async function loadNamespaces(namespaces: readonly FeatureNamespace[]): Promise<void> {
  const language = shownLanguage();
  await Promise.all(namespaces.map((namespace) => loadNamespace(language, namespace)));
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
