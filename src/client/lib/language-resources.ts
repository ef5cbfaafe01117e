import type { Language } from '../../shared/index.js';
import type { FeatureNamespace, StartResources } from './locale-namespaces.js';

/** Each language's start texts as a chunk of their own, precached by the service worker, so they work offline too. */
const START_LOADERS: Record<Language, () => Promise<{ default: StartResources }>> = {
  'zh-tw': () => import('./locales/zh-tw.js'),
  'zh-cn': () => import('./locales/zh-cn.js'),
  en: () => import('./locales/en.js'),
};

/** A feature's texts, one chunk per language and namespace (precached too). */
const FEATURE_LOADERS = import.meta.glob<{ default: object }>([
  '../../../locales/*/places.json',
  '../../../locales/*/monitor.json',
  '../../../locales/*/taskform.json',
  '../../../locales/*/detail.json',
  '../../../locales/*/groups.json',
  '../../../locales/*/push.json',
  '../../../locales/*/alertmsg.json',
  '../../../locales/*/alerts.json',
  '../../../locales/*/import.json',
  '../../../locales/*/probe.json',
  '../../../locales/*/overview.json',
  '../../../locales/*/inboxscreen.json',
  '../../../locales/*/nodes.json',
  '../../../locales/*/charts.json',
  '../../../locales/*/account.json',
  '../../../locales/*/apikeys.json',
  '../../../locales/*/mtr.json',
  '../../../locales/*/sslchain.json',
  '../../../locales/*/feedback.json',
]);

export async function loadLanguageResources(language: Language): Promise<StartResources> {
  return (await START_LOADERS[language]()).default;
}

export async function loadFeatureTexts(language: Language, namespace: FeatureNamespace): Promise<object> {
  const load = FEATURE_LOADERS[`../../../locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`no ${language} texts for ${namespace}`);
  return (await load()).default;
}
