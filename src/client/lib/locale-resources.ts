import enCommon from '../../../locales/en/common.json';
import enErrors from '../../../locales/en/errors.json';
import enPlaces from '../../../locales/en/places.json';
import zhCnCommon from '../../../locales/zh-cn/common.json';
import zhCnErrors from '../../../locales/zh-cn/errors.json';
import zhCnPlaces from '../../../locales/zh-cn/places.json';
import zhTwCommon from '../../../locales/zh-tw/common.json';
import zhTwErrors from '../../../locales/zh-tw/errors.json';
import zhTwPlaces from '../../../locales/zh-tw/places.json';
import enMonitor from '../../../locales/en/monitor.json';
import enTaskform from '../../../locales/en/taskform.json';
import zhCnMonitor from '../../../locales/zh-cn/monitor.json';
import zhCnTaskform from '../../../locales/zh-cn/taskform.json';
import zhTwMonitor from '../../../locales/zh-tw/monitor.json';
import zhTwTaskform from '../../../locales/zh-tw/taskform.json';
import enDetail from '../../../locales/en/detail.json';
import enGroups from '../../../locales/en/groups.json';
import zhCnDetail from '../../../locales/zh-cn/detail.json';
import zhCnGroups from '../../../locales/zh-cn/groups.json';
import zhTwDetail from '../../../locales/zh-tw/detail.json';
import zhTwGroups from '../../../locales/zh-tw/groups.json';
import type { Language } from '../../shared/index.js';

/**
 * common: the console's texts; errors: texts of error codes; places: names of the node catalogue's
 * cities and provinces; monitor: the overview and task lists; taskform: the task forms; detail:
 * a task's detail and traceroute history; groups: domain groups, tags and matched-IP groups.
 */
export const NAMESPACES = ['common', 'errors', 'places', 'monitor', 'taskform', 'detail', 'groups'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Bundled translations, so the console reads in its language offline. */
export const RESOURCES: Record<Language, Record<Namespace, object>> = {
  'zh-tw': { common: zhTwCommon, errors: zhTwErrors, places: zhTwPlaces, monitor: zhTwMonitor, taskform: zhTwTaskform, detail: zhTwDetail, groups: zhTwGroups },
  'zh-cn': { common: zhCnCommon, errors: zhCnErrors, places: zhCnPlaces, monitor: zhCnMonitor, taskform: zhCnTaskform, detail: zhCnDetail, groups: zhCnGroups },
  en: { common: enCommon, errors: enErrors, places: enPlaces, monitor: enMonitor, taskform: enTaskform, detail: enDetail, groups: enGroups },
};
