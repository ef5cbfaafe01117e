// One language's texts: a chunk of their own, so a console loads only the language it shows.
import common from '../../../../locales/en/common.json';
import errors from '../../../../locales/en/errors.json';
import places from '../../../../locales/en/places.json';
import monitor from '../../../../locales/en/monitor.json';
import taskform from '../../../../locales/en/taskform.json';
import detail from '../../../../locales/en/detail.json';
import groups from '../../../../locales/en/groups.json';
import push from '../../../../locales/en/push.json';
import alertmsg from '../../../../locales/en/alertmsg.json';
import alerts from '../../../../locales/en/alerts.json';
import importTexts from '../../../../locales/en/import.json';
import type { LanguageResources } from '../locale-namespaces.js';

const resources: LanguageResources = { common, errors, places, monitor, taskform, detail, groups, push, alertmsg, alerts, import: importTexts };
export default resources;
