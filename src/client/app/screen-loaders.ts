import { loadNamespaces } from '../lib/i18n.js';
import type { FeatureNamespace } from '../lib/locale-namespaces.js';
import { ROUTES, type AppRoute, type ScreenId } from './routes.js';

/**
 * The code of each lazily loaded screen, one import per feature: the screens render from it
 * (screens.tsx), and the start of the console asks for the opened screen's code before the rest of
 * the console has run. Light on purpose: the route table, no React.
 */
export const FEATURE_CODE = {
  account: () => import('../features/account/index.js'),
  auth: () => import('../features/auth/sign-in-screens.js'),
  alerts: () => import('../features/alerts/index.js'),
  apiKeys: () => import('../features/api-keys/index.js'),
  detail: () => import('../features/detail/index.js'),
  groups: () => import('../features/groups/index.js'),
  inboxScreen: () => import('../features/inbox/screen/index.js'),
  // The import feature's index is the part the session layout runs; its screen loads apart.
  import: () => import('../features/import/screen.js'),
  monitor: () => import('../features/monitor/index.js'),
  // The MTR screen picks nodes with the task form's picker: composed here, as features never import each other.
  mtr: () =>
    Promise.all([import('../features/mtr/index.js'), import('../features/task-form/node-chooser.js')]).then(([mtr, chooser]) => ({
      MtrPage: mtr.mtrPageWith(chooser.NodeChooser),
    })),
  nodes: () => import('../features/nodes/index.js'),
  overview: () => import('../features/overview/index.js'),
  profile: () => import('../features/profile/index.js'),
  taskForm: () => import('../features/task-form/index.js'),
  sslChain: () => import('../features/ssl-chain/index.js'),
} as const;

export type Feature = keyof typeof FEATURE_CODE;

/** The texts each feature's screens show beyond the start texts: they load with its code. */
export const FEATURE_TEXTS: Readonly<Record<Feature, readonly FeatureNamespace[]>> = {
  account: ['account'],
  auth: [],
  // Node names are place names (places).
  alerts: ['alerts', 'alertmsg', 'places'],
  apiKeys: ['apikeys'],
  detail: ['detail', 'charts', 'places', 'probe'],
  groups: ['groups'],
  // The lists' export writes the import template's headers; the list links to the import screen.
  monitor: ['monitor', 'import', 'places', 'probe'],
  mtr: ['mtr', 'taskform', 'places', 'probe'],
  import: ['import'],
  inboxScreen: ['inboxscreen', 'import', 'push'],
  nodes: ['nodes', 'places'],
  overview: ['overview', 'feedback'],
  profile: [],
  taskForm: ['taskform', 'places'],
  sslChain: ['sslchain', 'places', 'probe'],
};
export type FeatureModule<F extends Feature> = Awaited<ReturnType<(typeof FEATURE_CODE)[F]>>;

/** Which feature's code each lazily loaded screen renders from. */
export const FEATURE_OF_SCREEN: Readonly<Partial<Record<ScreenId, Feature>>> = {
  login: 'auth',
  sso: 'auth',
  account: 'account',
  accountTranslog: 'account',
  profileUpdate: 'profile',
  nodes: 'nodes',
  overview: 'overview',
  monitorList: 'monitor',
  monitorCreate: 'taskForm',
  monitorEdit: 'taskForm',
  monitorCreateTrace: 'taskForm',
  monitorEditTrace: 'taskForm',
  monitorDetail: 'detail',
  monitorTraceDetail: 'detail',
  monitorImport: 'import',
  monitorGroups: 'groups',
  matchIp: 'groups',
  alertList: 'alerts',
  alertCreate: 'alerts',
  alertEdit: 'alerts',
  alertSetting: 'alerts',
  alertLog: 'alerts',
  inbox: 'inboxScreen',
  apiKeys: 'apiKeys',
  detectMtr: 'mtr',
  sslChainChecker: 'sslChain',
};

const loaded = new Map<Feature, unknown>();
const loading = new Map<Feature, Promise<unknown>>();

/** A feature's code and texts, loaded once; a failed load may be asked again (a deploy replaced it). */
export function loadFeature<F extends Feature>(feature: F): Promise<FeatureModule<F>> {
  let pending = loading.get(feature);
  if (!pending) {
    pending = Promise.all([FEATURE_CODE[feature](), loadNamespaces(FEATURE_TEXTS[feature])]).then(([module]) => {
      loaded.set(feature, module);
      return module;
    });
    pending.catch(() => loading.delete(feature));
    loading.set(feature, pending);
  }
  return pending as Promise<FeatureModule<F>>;
}

/** The feature's code if it is already in, so a screen renders at once instead of suspending. */
export function loadedFeature<F extends Feature>(feature: F): FeatureModule<F> | undefined {
  return loaded.get(feature) as FeatureModule<F> | undefined;
}

type Segment = { kind: 'static'; text: string } | { kind: 'param' } | { kind: 'splat' };

function segmentsOf(path: string): string[] {
  return path.split('/').filter((part) => part !== '');
}

const PATTERNS = ROUTES.map((route) => ({
  route,
  segments: segmentsOf(route.path).map((part): Segment => {
    if (part === '*') return { kind: 'splat' };
    return part.startsWith(':') ? { kind: 'param' } : { kind: 'static', text: part.toLowerCase() };
  }),
}));

/** How many leading segments a pattern fixes, or -1 when it does not match the path. */
function staticScore(pattern: readonly Segment[], parts: readonly string[]): number {
  let score = 0;
  for (const [index, segment] of pattern.entries()) {
    if (segment.kind === 'splat') return score;
    const part = parts[index];
    if (part === undefined) return -1;
    if (segment.kind === 'static') {
      if (segment.text !== part.toLowerCase()) return -1;
      score += 1;
    }
  }
  return pattern.length === parts.length ? score : -1;
}

/**
 * The route a path opens, matched as the router ranks routes (fixed segments before parameters,
 * a catch-all last); tests keep the two in agreement.
 */
export function routeAt(pathname: string): AppRoute | undefined {
  const parts = segmentsOf(pathname);
  let best: { route: AppRoute; score: number } | undefined;
  for (const { route, segments } of PATTERNS) {
    const score = staticScore(segments, parts);
    const splat = segments.at(-1)?.kind === 'splat';
    const ranked = splat ? score - 0.5 : score;
    if (score >= 0 && (!best || ranked > best.score)) best = { route, score: ranked };
  }
  return best?.route;
}

/** Loads the code of the screen at this path (nothing for the screens that come with the console). */
export async function loadScreenCodeAt(pathname: string): Promise<void> {
  const screen = routeAt(pathname)?.screen;
  const feature = screen ? FEATURE_OF_SCREEN[screen] : undefined;
  if (feature) await loadFeature(feature);
}
