import type { Language } from '../../shared/index.js';
import type { LanguageResources, Namespace } from './locale-namespaces.js';

export { NAMESPACES, type Namespace } from './locale-namespaces.js';

const FILES = import.meta.glob<object>('../../../locales/*/*.json', { eager: true, import: 'default' });

function resourcesOf(language: Language): LanguageResources {
  const entries = Object.entries(FILES).flatMap(([path, texts]) => {
    const [, fileLanguage, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    return fileLanguage === language ? [[namespace as Namespace, texts] as const] : [];
  });
  return Object.fromEntries(entries) as LanguageResources;
}

/**
 * Every language's texts at once (tests; the console loads one language: language-resources.ts).
 * Marked pure so the console's build, which never reads it, leaves every text out of the entry.
 */
export const RESOURCES: Record<Language, LanguageResources> = {
  'zh-tw': /* @__PURE__ */ resourcesOf('zh-tw'),
  'zh-cn': /* @__PURE__ */ resourcesOf('zh-cn'),
  en: /* @__PURE__ */ resourcesOf('en'),
};
