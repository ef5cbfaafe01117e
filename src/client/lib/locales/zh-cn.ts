// One language's texts: a chunk of their own, so a console loads only the language it shows.
import common from '../../../../locales/zh-cn/common.json';
import errors from '../../../../locales/zh-cn/errors.json';
import places from '../../../../locales/zh-cn/places.json';
import monitor from '../../../../locales/zh-cn/monitor.json';
import taskform from '../../../../locales/zh-cn/taskform.json';
import detail from '../../../../locales/zh-cn/detail.json';
import groups from '../../../../locales/zh-cn/groups.json';
import push from '../../../../locales/zh-cn/push.json';
import alertmsg from '../../../../locales/zh-cn/alertmsg.json';
import alerts from '../../../../locales/zh-cn/alerts.json';
import importTexts from '../../../../locales/zh-cn/import.json';
import type { LanguageResources } from '../locale-namespaces.js';

const resources: LanguageResources = { common, errors, places, monitor, taskform, detail, groups, push, alertmsg, alerts, import: importTexts };
export default resources;
