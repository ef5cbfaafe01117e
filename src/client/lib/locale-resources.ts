import enCommon from '../../../locales/en/common.json';
import enErrors from '../../../locales/en/errors.json';
import enPlaces from '../../../locales/en/places.json';
import zhCnCommon from '../../../locales/zh-cn/common.json';
import zhCnErrors from '../../../locales/zh-cn/errors.json';
import zhCnPlaces from '../../../locales/zh-cn/places.json';
import zhTwCommon from '../../../locales/zh-tw/common.json';
import zhTwErrors from '../../../locales/zh-tw/errors.json';
import zhTwPlaces from '../../../locales/zh-tw/places.json';
import type { Language } from '../../shared/index.js';

/** common: the console's texts; errors: texts of error codes; places: names of the node catalogue's cities and provinces. */
export const NAMESPACES = ['common', 'errors', 'places'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Bundled translations, so the console reads in its language offline. */
export const RESOURCES: Record<Language, Record<Namespace, object>> = {
  'zh-tw': { common: zhTwCommon, errors: zhTwErrors, places: zhTwPlaces },
  'zh-cn': { common: zhCnCommon, errors: zhCnErrors, places: zhCnPlaces },
  en: { common: enCommon, errors: enErrors, places: enPlaces },
};
