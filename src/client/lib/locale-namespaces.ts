/**
 * common: the console's texts; errors: texts of error codes; places: names of the node catalogue's
 * cities and provinces and of its codes (countries, regions, ISPs, map types, node states); overview: the overview's cards; monitor: the task lists; taskform: the task forms; detail:
 * a task's detail and traceroute history; groups: domain groups, tags and matched-IP groups;
 * push: notifications of inbox events (also read by the server for the pushes' texts); alertmsg: alert
 * messages, line by line (the server renders chats' messages from the same texts); alerts: the
 * alert rules, settings and log screens; import: bulk import (template columns, the import screen,
 * failed rows; the server writes templates and failed rows from the same texts); probe: a check's
 * failure reasons and certificate verdicts in words (lib/failure-text.ts); inboxscreen: the inbox
 * screen (filters, each message's detail); nodes: the node list; charts: the detail's charts and map;
 * account: the account screen and the points log; apikeys: the API keys screen (/apimanager); mtr:
 * the on-demand MTR screen; sslchain: the SSL chain checker; feedback: the overview's feedback and
 * news.
 */
export const NAMESPACES = [
  'common',
  'errors',
  'places',
  'monitor',
  'taskform',
  'detail',
  'groups',
  'push',
  'alertmsg',
  'alerts',
  'import',
  'probe',
  'overview',
  'inboxscreen',
  'nodes',
  'charts',
  'account',
  'apikeys',
  'mtr',
  'sslchain',
  'feedback',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export type LanguageResources = Record<Namespace, object>;

/**
 * Texts any screen may show (the shell, notices, errors): loaded as the console starts. The inbox's
 * messages (push) load with the bell's panel and the inbox screen; place names with the screens
 * naming nodes.
 */
export const START_NAMESPACES = ['common', 'errors'] as const;
export type StartNamespace = (typeof START_NAMESPACES)[number];
export type StartResources = Pick<LanguageResources, StartNamespace>;
/** The texts of one feature's screens, loaded with the feature's code (app/screen-loaders.ts). */
export type FeatureNamespace = Exclude<Namespace, StartNamespace>;
