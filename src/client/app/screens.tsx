import { useQueryClient } from '@tanstack/react-query';
import { Component, Suspense, createElement, lazy, useEffect, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { canAccess, type TaskArea, type UserInfo } from '../../shared/index.js';
import { ListLoadError, ListSkeleton } from '../components/list-states.js';
import { ForbiddenPage, NotFoundPage } from '../components/status-page.js';
import { userInfoQueryKey } from '../features/auth/index.js';
import type { TaskFormAccess } from '../features/task-form/index.js';
import { GuestOnly } from './guards.js';
import { canSeeRoute, paramsAreValid } from './navigation.js';
import type { AppRoute, ScreenId } from './routes.js';
import { loadFeature, loadScreenCodeAt, loadedFeature, type Feature, type FeatureModule } from './screen-loaders.js';
import { useSession } from './session-context.js';

// Each feature's screens load with their first visit (precached by the service worker), so the
// first screen carries only the shell, the sign-in and what it shows itself.
// Once a screen's code is in (asked for at the start for the opened screen, or visited before), it
// renders at once: no Suspense fallback, so React adds no reveal delay (it holds a boundary's
// content back up to 300 ms after its fallback showed).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component props; each use is typed by P
function lazyPage<F extends Feature, P extends ComponentType<any>>(feature: F, pageOf: (module: FeatureModule<F>) => P) {
  const Lazy = lazy(async () => ({ default: pageOf(await loadFeature(feature)) }));
  function Page(props: ComponentProps<P>) {
    const module = loadedFeature(feature);
    return module ? createElement(pageOf(module), props) : <Lazy {...props} />;
  }
  return Page;
}

const AccountPage = lazyPage('account', (module) => module.AccountPage);
const TranslogPage = lazyPage('account', (module) => module.TranslogPage);
const LoginPage = lazyPage('auth', (module) => module.LoginPage);
const SsoPage = lazyPage('auth', (module) => module.SsoPage);
const AlertListPage = lazyPage('alerts', (module) => module.AlertListPage);
const AlertCreatePage = lazyPage('alerts', (module) => module.AlertCreatePage);
const AlertEditPage = lazyPage('alerts', (module) => module.AlertEditPage);
const AlertSettingPage = lazyPage('alerts', (module) => module.AlertSettingPage);
const AlertLogPage = lazyPage('alerts', (module) => module.AlertLogPage);
const ApiKeysPage = lazyPage('apiKeys', (module) => module.ApiKeysPage);
const TaskDetailPage = lazyPage('detail', (module) => module.TaskDetailPage);
const TraceDetailPage = lazyPage('detail', (module) => module.TraceDetailPage);
const GroupsPage = lazyPage('groups', (module) => module.GroupsPage);
const InboxPage = lazyPage('inboxScreen', (module) => module.InboxPage);
const ImportPage = lazyPage('import', (module) => module.ImportPage);
const MatchIpPage = lazyPage('groups', (module) => module.MatchIpPage);
const MonitorListPage = lazyPage('monitor', (module) => module.MonitorListPage);
const MtrPage = lazyPage('mtr', (module) => module.MtrPage);
const NodesPage = lazyPage('nodes', (module) => module.NodesPage);
const OverviewPage = lazyPage('overview', (module) => module.OverviewPage);
const ProfileUpdatePage = lazyPage('profile', (module) => module.ProfileUpdatePage);
const TaskCreatePage = lazyPage('taskForm', (module) => module.TaskCreatePage);
const TaskEditPage = lazyPage('taskForm', (module) => module.TaskEditPage);
const TraceCreatePage = lazyPage('taskForm', (module) => module.TraceCreatePage);
const SslChainPage = lazyPage('sslChain', (module) => module.SslChainPage);

/** A screen whose code could not load (a deploy replaced it while offline): reloading fetches the current console. */
class ScreenLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ScreenLoadError /> : this.props.children;
  }
}

function ScreenLoadError() {
  const { t } = useTranslation();
  return <ListLoadError text={t('loadFailed')} onRetry={() => window.location.reload()} />;
}

/** While a screen's code loads: the list skeleton, in the layout that is already there. */
function LazyScreen({ children }: { children: ReactNode }) {
  return (
    <ScreenLoadBoundary>
      <Suspense fallback={<ListSkeleton />}>{children}</Suspense>
    </ScreenLoadBoundary>
  );
}

export function useDocumentTitle(titleKey: string): void {
  const { t } = useTranslation();
  const title = t(titleKey);
  useEffect(() => {
    document.title = `${title} · ${t('appName')}`;
  }, [title, t]);
}

/** /redirect/{path}: goes to /{path}, which renders that route afresh. */
function RedirectScreen() {
  const { '*': rest = '' } = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={`/${rest}${search}${hash}`} replace />;
}

/** Administrator view or a view-only privilege in the area: the screens hide what the server would refuse. */
function useReadOnly(area: TaskArea): boolean {
  const { user, adminMode } = useSession();
  return adminMode || !canAccess(user, { area, mutation: true });
}

function ProfileUpdateScreen() {
  const { user, adminMode } = useSession();
  const queryClient = useQueryClient();
  const onSaved = (saved: UserInfo) => queryClient.setQueryData(userInfoQueryKey, saved);
  return <ProfileUpdatePage user={user} readOnly={adminMode} onSaved={onSaved} />;
}

/** Saving is refused in administrator view and with a view-only task privilege; remaining points need the overview area. */
function useTaskFormAccess(): TaskFormAccess {
  const { user, adminMode } = useSession();
  const readOnly = adminMode ? 'admin' : canAccess(user, { area: 'monitor', mutation: true }) ? null : 'viewOnly';
  return { readOnly, contractReadable: canAccess(user, { area: 'overview' }) };
}

function TaskCreateScreen() {
  return <TaskCreatePage {...useTaskFormAccess()} />;
}

function TaskEditScreen() {
  return <TaskEditPage {...useTaskFormAccess()} />;
}

function TraceCreateScreen() {
  return <TraceCreatePage {...useTaskFormAccess()} />;
}

/** Uploading is refused like saving a task: in administrator view and with a view-only task privilege. */
function ImportScreen() {
  return <ImportPage readOnly={useTaskFormAccess().readOnly} />;
}

function TraceEditScreen() {
  return <TaskEditPage trace {...useTaskFormAccess()} />;
}

/** A screen that hides its changes where the server would refuse them (see useReadOnly). */
function readOnlyIn(area: TaskArea, Page: ComponentType<{ readOnly: boolean }>): ComponentType {
  function ReadOnlyAwareScreen() {
    return <Page readOnly={useReadOnly(area)} />;
  }
  return ReadOnlyAwareScreen;
}

/** The detail links to the task's alert log for those who may read alerts. */
function TaskDetailScreen() {
  const { user } = useSession();
  return <TaskDetailPage alertLog={canAccess(user, { area: 'alert' })} />;
}

/** Feedback is sent by the customer's users only; its task picker lists tasks for those who see them. */
function OverviewScreen() {
  const { user, adminMode } = useSession();
  return <OverviewPage feedback={{ readOnly: adminMode, taskPicker: canAccess(user, { area: 'monitor' }) }} />;
}

/** The inbox is every user's own: an administrator viewing a customer reads it without marking. */
function InboxScreen() {
  const { adminMode } = useSession();
  return <InboxPage readOnly={adminMode} />;
}

/** Keys are created and revoked by the customer's users only: an administrator viewing reads the list. */
function ApiKeysScreen() {
  const { adminMode } = useSession();
  return <ApiKeysPage readOnly={adminMode} />;
}

function LoginScreen() {
  return (
    <GuestOnly>
      <LoginPage />
    </GuestOnly>
  );
}

/** What each built screen renders; every one reads what it needs (session, URL) itself. */
const SCREENS: Readonly<Partial<Record<ScreenId, ComponentType>>> = {
  login: LoginScreen,
  sso: SsoPage,
  redirect: RedirectScreen,
  account: AccountPage,
  accountTranslog: TranslogPage,
  profileUpdate: ProfileUpdateScreen,
  nodes: NodesPage,
  overview: OverviewScreen,
  monitorList: readOnlyIn('monitor', MonitorListPage),
  monitorCreate: TaskCreateScreen,
  monitorEdit: TaskEditScreen,
  monitorCreateTrace: TraceCreateScreen,
  monitorEditTrace: TraceEditScreen,
  monitorDetail: TaskDetailScreen,
  monitorTraceDetail: TraceDetailPage,
  monitorImport: ImportScreen,
  monitorGroups: readOnlyIn('monitor', GroupsPage),
  matchIp: readOnlyIn('monitor', MatchIpPage),
  alertList: readOnlyIn('alert', AlertListPage),
  alertCreate: readOnlyIn('alert', AlertCreatePage),
  alertEdit: readOnlyIn('alert', AlertEditPage),
  alertSetting: readOnlyIn('alert', AlertSettingPage),
  alertLog: AlertLogPage,
  inbox: InboxScreen,
  apiKeys: ApiKeysScreen,
  detectMtr: readOnlyIn('monitor', MtrPage),
  sslChainChecker: SslChainPage,
};

function ScreenBody({ route }: { route: AppRoute }) {
  const Screen = route.screen === undefined ? undefined : SCREENS[route.screen];
  if (Screen) return <Screen />;
  return (
    <main>
      <NotFoundPage />
    </main>
  );
}

/** A public route: its screen and its title. */
export function PublicScreen({ route }: { route: AppRoute }) {
  useDocumentTitle(route.titleKey);
  return (
    <LazyScreen key={route.path}>
      <ScreenBody route={route} />
    </LazyScreen>
  );
}

/** A session route: redirect, "not found" for bad parameters, 403 without access, else the screen. */
export function SessionScreen({ route }: { route: AppRoute }) {
  const params = useParams();
  const { user } = useSession();
  useDocumentTitle(route.titleKey);
  if (route.redirectTo) return <Navigate to={route.redirectTo} replace />;
  if (!paramsAreValid(route, params)) return <Navigate to="/404" replace />;
  if (!canSeeRoute(user, route)) return <ForbiddenPage />;
  return (
    <LazyScreen key={route.path}>
      <ScreenBody route={route} />
    </LazyScreen>
  );
}

/** Loads the code of the screen at this path (a cold start awaits it with the restore, so the first screen shows at once). */
export function preloadScreenFor(pathname: string): Promise<void> {
  return loadScreenCodeAt(pathname);
}
