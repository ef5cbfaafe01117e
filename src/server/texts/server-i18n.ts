import { createInstance, type i18n, type InitOptions, type Resource } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../shared/constants.js';

/**
 * An i18next instance over some of the console's own namespaces (locales/<lng>/*.json, imported
 * synchronously by the caller), so the server words a text exactly as the console does: the
 * three languages, the default language as fallback, ready when this returns.
 */
export function serverI18n(options: { ns: string[]; resources: Resource; interpolation: InitOptions['interpolation'] }): i18n {
  const instance = createInstance();
  void instance.init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    lowerCaseLng: true,
    load: 'currentOnly',
    ns: options.ns,
    defaultNS: options.ns[0],
    nsSeparator: ':',
    keySeparator: '.',
    initAsync: false,
    resources: options.resources,
    returnNull: false,
    showSupportNotice: false,
    interpolation: options.interpolation,
  });
  return instance;
}
