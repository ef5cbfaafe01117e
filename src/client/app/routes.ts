import { ALERTABLE_MONITOR_TYPES, MONITOR_TYPES, MONITOR_TYPE_CODES, type TaskArea } from '../../shared/index.js';

/**
 * public: anyone. guest: only without a token (with one, go on). session: signed in; the menu and
 * the guards check `canAccess(user, {area, roles})`.
 */
export type RouteAccess = 'public' | 'guest' | 'session';

/** The screens built so far; every other session route shows the "not yet available" state. */
export type ScreenId =
  | 'login'
  | 'sso'
  | 'notFound'
  | 'redirect'
  | 'account'
  | 'accountTranslog'
  | 'profileUpdate'
  | 'nodes'
  | 'overview'
  | 'monitorList'
  | 'monitorCreate'
  | 'monitorEdit'
  | 'monitorCreateTrace'
  | 'monitorEditTrace'
  | 'monitorDetail'
  | 'monitorTraceDetail'
  | 'monitorImport'
  | 'monitorGroups'
  | 'matchIp'
  | 'alertList'
  | 'alertCreate'
  | 'alertEdit'
  | 'alertSetting'
  | 'alertLog'
  | 'inbox'
  | 'apiKeys'
  | 'detectMtr'
  | 'sslChainChecker';

export interface AppRoute {
  id: string;
  /** Path pattern in React Router syntax. */
  path: string;
  access: RouteAccess;
  /** Key in the common namespace: the screen's title and its menu label. */
  titleKey: string;
  screen?: ScreenId;
  redirectTo?: string;
  area?: TaskArea;
  roles?: readonly string[];
  /** Allowed values of path parameters; other values are "not found". */
  params?: Readonly<Record<string, RegExp>>;
}

const oneOf = (values: readonly number[]) => new RegExp(`^(${values.join('|')})$`);
const ID = /^\d+$/;
const MONITOR_TYPE = oneOf(MONITOR_TYPE_CODES);
/** Traceroute tasks have their own create screen (createtrace). */
const MONITOR_CREATE_TYPE = oneOf(MONITOR_TYPE_CODES.filter((type) => type !== MONITOR_TYPES.TRACEROUTE));
const ALERT_TYPE = oneOf(ALERTABLE_MONITOR_TYPES);

const redirect = (id: string, path: string, redirectTo: string): AppRoute => ({
  id,
  path,
  access: 'session',
  titleKey: `routes.${id}`,
  redirectTo,
});

/** The route table of §2: the router, the guards and the menu all read it. */
export const ROUTES: readonly AppRoute[] = [
  { id: 'login', path: '/login', access: 'guest', titleKey: 'routes.login', screen: 'login' },
  { id: 'sso', path: '/sso', access: 'public', titleKey: 'routes.sso', screen: 'sso' },
  { id: 'notFound', path: '/404', access: 'public', titleKey: 'routes.notFound', screen: 'notFound' },
  { id: 'redirect', path: '/redirect/*', access: 'public', titleKey: 'routes.redirect', screen: 'redirect' },

  redirect('home', '/', '/overview'),
  { id: 'overview', path: '/overview', access: 'session', titleKey: 'routes.overview', screen: 'overview', area: 'overview' },

  redirect('monitor', '/monitor', '/monitor/1'),
  {
    id: 'monitorList',
    path: '/monitor/:type',
    access: 'session',
    titleKey: 'routes.monitorList',
    screen: 'monitorList',
    area: 'monitor',
    params: { type: MONITOR_TYPE },
  },
  {
    id: 'monitorCreate',
    path: '/monitor/create/:createType',
    access: 'session',
    titleKey: 'routes.monitorCreate',
    screen: 'monitorCreate',
    area: 'monitor',
    params: { createType: MONITOR_CREATE_TYPE },
  },
  { id: 'monitorEdit', path: '/monitor/edit/:id', access: 'session', titleKey: 'routes.monitorEdit', screen: 'monitorEdit', area: 'monitor', params: { id: ID } },
  { id: 'monitorCreateTrace', path: '/monitor/createtrace', access: 'session', titleKey: 'routes.monitorCreateTrace', screen: 'monitorCreateTrace', area: 'monitor' },
  { id: 'monitorEditTrace', path: '/monitor/edittrace/:id', access: 'session', titleKey: 'routes.monitorEditTrace', screen: 'monitorEditTrace', area: 'monitor', params: { id: ID } },
  { id: 'monitorImport', path: '/monitor/import', access: 'session', titleKey: 'routes.monitorImport', screen: 'monitorImport', area: 'monitor' },
  { id: 'monitorDetail', path: '/monitor/:type/detail/:id', access: 'session', titleKey: 'routes.monitorDetail', screen: 'monitorDetail', area: 'monitor', params: { type: MONITOR_TYPE, id: ID } },
  { id: 'monitorTraceDetail', path: '/monitor/:type/tracedetail/:id', access: 'session', titleKey: 'routes.monitorTraceDetail', screen: 'monitorTraceDetail', area: 'monitor', params: { type: MONITOR_TYPE, id: ID } },
  // A key acts in every area its creator may, so the screen needs none of its own (keys: any user of the customer).
  { id: 'apiManager', path: '/apimanager', access: 'session', titleKey: 'routes.apiManager', screen: 'apiKeys' },
  { id: 'detectMtr', path: '/detect_mtr', access: 'session', titleKey: 'routes.detectMtr', screen: 'detectMtr', area: 'monitor' },
  { id: 'sslChainChecker', path: '/ssl_chain_checker', access: 'session', titleKey: 'routes.sslChainChecker', screen: 'sslChainChecker', area: 'monitor' },
  { id: 'monitorGroups', path: '/monitor/groups', access: 'session', titleKey: 'routes.monitorGroups', screen: 'monitorGroups', area: 'monitor' },
  { id: 'matchIp', path: '/matchip', access: 'session', titleKey: 'routes.matchIp', screen: 'matchIp', area: 'monitor' },

  redirect('alert', '/alert', '/alert/1'),
  { id: 'alertList', path: '/alert/:type', access: 'session', titleKey: 'routes.alertList', screen: 'alertList', area: 'alert', params: { type: ALERT_TYPE } },
  { id: 'alertCreate', path: '/alert/create/:createType', access: 'session', titleKey: 'routes.alertCreate', screen: 'alertCreate', area: 'alert', params: { createType: ALERT_TYPE } },
  { id: 'alertEdit', path: '/alert/edit/:id', access: 'session', titleKey: 'routes.alertEdit', screen: 'alertEdit', area: 'alert', params: { id: ID } },
  { id: 'alertSetting', path: '/alert/setting', access: 'session', titleKey: 'routes.alertSetting', screen: 'alertSetting', area: 'alert' },
  { id: 'alertLog', path: '/alert/log', access: 'session', titleKey: 'routes.alertLog', screen: 'alertLog', area: 'alert' },

  { id: 'inbox', path: '/inbox', access: 'session', titleKey: 'routes.inbox', screen: 'inbox' },

  { id: 'nodes', path: '/nodes', access: 'session', titleKey: 'routes.nodes', screen: 'nodes', area: 'nodes' },

  redirect('profile', '/profile', '/profile/update'),
  { id: 'profileUpdate', path: '/profile/update', access: 'session', titleKey: 'routes.profileUpdate', screen: 'profileUpdate' },
  { id: 'account', path: '/account', access: 'session', titleKey: 'routes.account', screen: 'account', area: 'overview' },
  { id: 'accountTranslog', path: '/account/translog', access: 'session', titleKey: 'routes.accountTranslog', screen: 'accountTranslog', area: 'overview' },
];

export interface NavItem {
  routeId: string;
  /** Where the menu entry leads (parameterized routes need concrete values). */
  to: string;
}

export interface NavSection {
  id: string;
  titleKey: string;
  items: readonly NavItem[];
}

/** The top bar tabs (§2) and the entries under each. */
export const NAV_SECTIONS: readonly NavSection[] = [
  { id: 'overview', titleKey: 'nav.overview', items: [{ routeId: 'overview', to: '/overview' }] },
  {
    id: 'monitor',
    titleKey: 'nav.monitor',
    items: [
      { routeId: 'monitorList', to: '/monitor/1' },
      { routeId: 'monitorImport', to: '/monitor/import' },
      { routeId: 'monitorGroups', to: '/monitor/groups' },
      { routeId: 'matchIp', to: '/matchip' },
      { routeId: 'detectMtr', to: '/detect_mtr' },
      { routeId: 'sslChainChecker', to: '/ssl_chain_checker' },
    ],
  },
  { id: 'apiManager', titleKey: 'nav.apiManager', items: [{ routeId: 'apiManager', to: '/apimanager' }] },
  {
    id: 'alert',
    titleKey: 'nav.alert',
    items: [
      { routeId: 'alertList', to: '/alert/1' },
      { routeId: 'alertSetting', to: '/alert/setting' },
      { routeId: 'alertLog', to: '/alert/log' },
    ],
  },
  { id: 'nodes', titleKey: 'nav.nodes', items: [{ routeId: 'nodes', to: '/nodes' }] },
];

/** Which tab a path belongs to: the first path segment, with the tools under task management. */
export const SECTION_OF_SEGMENT: Readonly<Record<string, string>> = {
  overview: 'overview',
  monitor: 'monitor',
  matchip: 'monitor',
  detect_mtr: 'monitor',
  ssl_chain_checker: 'monitor',
  apimanager: 'apiManager',
  alert: 'alert',
  nodes: 'nodes',
};
