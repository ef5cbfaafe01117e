import type { Language } from '../../shared/index.js';
import type { LanguageResources } from './locale-namespaces.js';

/** Each language's texts as a chunk of its own, precached by the service worker, so they work offline too. */
const LOADERS: Record<Language, () => Promise<{ default: LanguageResources }>> = {
  'zh-tw': () => import('./locales/zh-tw.js'),
  'zh-cn': () => import('./locales/zh-cn.js'),
  en: () => import('./locales/en.js'),
};

export async function loadLanguageResources(language: Language): Promise<LanguageResources> {
  return (await LOADERS[language]()).default;
}
