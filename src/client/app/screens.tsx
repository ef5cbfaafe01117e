import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { canAccess, type UserInfo } from '../../shared/index.js';
import { NotAvailableScreen } from '../components/not-available-screen.js';
import { ForbiddenPage, NotFoundPage } from '../components/status-page.js';
import { AccountPage } from '../features/account/index.js';
import { LoginPage, SsoPage, userInfoQueryKey } from '../features/auth/index.js';
import { TaskDetailPage, TraceDetailPage } from '../features/detail/index.js';
import { GroupsPage, MatchIpPage } from '../features/groups/index.js';
import { MonitorListPage } from '../features/monitor/index.js';
import { NodesPage } from '../features/nodes/index.js';
import { OverviewPage } from '../features/overview/index.js';
import { ProfileUpdatePage } from '../features/profile/index.js';
import { TaskCreatePage, TaskEditPage, TraceCreatePage, type TaskFormAccess } from '../features/task-form/index.js';
import { GuestOnly } from './guards.js';
import { canSeeRoute, paramsAreValid } from './navigation.js';
import type { AppRoute } from './routes.js';
import { useSession } from './session-context.js';

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

function ProfileUpdateScreen() {
  const { user, adminMode } = useSession();
  const queryClient = useQueryClient();
  const onSaved = (saved: UserInfo) => queryClient.setQueryData(userInfoQueryKey, saved);
  return <ProfileUpdatePage user={user} readOnly={adminMode} onSaved={onSaved} />;
}

/** Administrator view or a view-only task privilege: the list hides what the server would refuse. */
function MonitorListScreen() {
  const { user, adminMode } = useSession();
  return <MonitorListPage readOnly={adminMode || !canAccess(user, { area: 'monitor', mutation: true })} />;
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

function TraceEditScreen() {
  return <TaskEditPage trace {...useTaskFormAccess()} />;
}

/** The traceroute forms, kept out of ScreenBody's switch, which is at the complexity limit. */
function traceFormScreen(screen: AppRoute['screen']) {
  if (screen === 'monitorCreateTrace') return <TraceCreateScreen />;
  if (screen === 'monitorEditTrace') return <TraceEditScreen />;
  return null;
}

/** Groups, tags and matched-IP groups: changes are refused in administrator view and with a view-only task privilege. */
function useGroupsReadOnly(): boolean {
  const { user, adminMode } = useSession();
  return adminMode || !canAccess(user, { area: 'monitor', mutation: true });
}

function GroupsScreen() {
  return <GroupsPage readOnly={useGroupsReadOnly()} />;
}

function MatchIpScreen() {
  return <MatchIpPage readOnly={useGroupsReadOnly()} />;
}

/** The group screens, kept out of ScreenBody's switch, which is at the complexity limit. */
function groupsScreen(screen: AppRoute['screen']) {
  if (screen === 'monitorGroups') return <GroupsScreen />;
  if (screen === 'matchIp') return <MatchIpScreen />;
  return null;
}

/** A task's detail screens, kept out of ScreenBody's switch, which is at the complexity limit. */
function taskDetailScreen(screen: AppRoute['screen']) {
  if (screen === 'monitorDetail') return <TaskDetailPage />;
  if (screen === 'monitorTraceDetail') return <TraceDetailPage />;
  return null;
}

/** Screens answered by small helpers, so ScreenBody's switch stays under the complexity limit. */
const HELPER_SCREENS = [taskDetailScreen, groupsScreen, traceFormScreen] as const;

function helperScreen(screen: AppRoute['screen']) {
  for (const screenOf of HELPER_SCREENS) {
    const element = screenOf(screen);
    if (element) return element;
  }
  return null;
}

function ScreenBody({ route }: { route: AppRoute }) {
  const helped = helperScreen(route.screen);
  if (helped) return helped;
  switch (route.screen) {
    case 'login':
      return (
        <GuestOnly>
          <LoginPage />
        </GuestOnly>
      );
    case 'sso':
      return <SsoPage />;
    case 'redirect':
      return <RedirectScreen />;
    case 'account':
      return <AccountPage />;
    case 'profileUpdate':
      return <ProfileUpdateScreen />;
    case 'nodes':
      return <NodesPage />;
    case 'overview':
      return <OverviewPage />;
    case 'monitorList':
      return <MonitorListScreen />;
    case 'monitorCreate':
      return <TaskCreateScreen />;
    case 'monitorEdit':
      return <TaskEditScreen />;
    case 'notAvailable':
      return <NotAvailableScreen titleKey={route.titleKey} />;
    default:
      return (
        <main>
          <NotFoundPage />
        </main>
      );
  }
}

/** A public route: its screen and its title. */
export function PublicScreen({ route }: { route: AppRoute }) {
  useDocumentTitle(route.titleKey);
  return <ScreenBody route={route} />;
}

/** A session route: redirect, "not found" for bad parameters, 403 without access, else the screen. */
export function SessionScreen({ route }: { route: AppRoute }) {
  const params = useParams();
  const { user } = useSession();
  useDocumentTitle(route.titleKey);
  if (route.redirectTo) return <Navigate to={route.redirectTo} replace />;
  if (!paramsAreValid(route, params)) return <Navigate to="/404" replace />;
  if (!canSeeRoute(user, route)) return <ForbiddenPage />;
  return <ScreenBody route={route} />;
}
