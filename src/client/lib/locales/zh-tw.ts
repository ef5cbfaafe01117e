// One language's texts: a chunk of their own, so a console loads only the language it shows.
import common from '../../../../locales/zh-tw/common.json';
import errors from '../../../../locales/zh-tw/errors.json';
import places from '../../../../locales/zh-tw/places.json';
import monitor from '../../../../locales/zh-tw/monitor.json';
import taskform from '../../../../locales/zh-tw/taskform.json';
import detail from '../../../../locales/zh-tw/detail.json';
import groups from '../../../../locales/zh-tw/groups.json';
import push from '../../../../locales/zh-tw/push.json';
import alertmsg from '../../../../locales/zh-tw/alertmsg.json';
import alerts from '../../../../locales/zh-tw/alerts.json';
import importTexts from '../../../../locales/zh-tw/import.json';
import type { LanguageResources } from '../locale-namespaces.js';

const resources: LanguageResources = { common, errors, places, monitor, taskform, detail, groups, push, alertmsg, alerts, import: importTexts };
export default resources;
