import enCommon from '../../../locales/en/common.json';
import enErrors from '../../../locales/en/errors.json';
import zhCnCommon from '../../../locales/zh-cn/common.json';
import zhCnErrors from '../../../locales/zh-cn/errors.json';
import zhTwCommon from '../../../locales/zh-tw/common.json';
import zhTwErrors from '../../../locales/zh-tw/errors.json';
import type { Language } from '../../shared/index.js';

export const NAMESPACES = ['common', 'errors'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Bundled translations, so the console reads in its language offline. */
export const RESOURCES: Record<Language, Record<Namespace, object>> = {
  'zh-tw': { common: zhTwCommon, errors: zhTwErrors },
  'zh-cn': { common: zhCnCommon, errors: zhCnErrors },
  en: { common: enCommon, errors: enErrors },
};
