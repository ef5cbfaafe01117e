import { Navigate, Outlet, UNSAFE_createBrowserHistory, unstable_HistoryRouter as HistoryRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { blockingHistory, type BlockingHistory } from '../lib/blocking-history.js';
import { BlockingHistoryContext } from '../lib/use-navigation-block.js';
import { RequireToken } from './guards.js';
import { AppLayout } from './layout/app-layout.js';
import { UpdatePrompt } from './pwa/index.js';
import { ROUTES, type AppRoute } from './routes.js';
import { RootShell } from './root-shell.js';
import { PublicScreen, SessionScreen } from './screens.js';

function publicRoute(route: AppRoute): RouteObject {
  return { path: route.path, element: <PublicScreen route={route} /> };
}

function sessionRoute(route: AppRoute): RouteObject {
  return { path: route.path, element: <SessionScreen route={route} /> };
}

/** Around the screens without a session (sign-in, SSO): the update prompt the session layout shows too. */
function PublicFrame() {
  return (
    <>
      <Outlet />
      <UpdatePrompt />
    </>
  );
}

/** Built from the route table; anything it does not know goes to /404. */
export function buildRoutes(routes: readonly AppRoute[] = ROUTES): RouteObject[] {
  return [
    {
      element: <RootShell />,
      children: [
        { element: <PublicFrame />, children: routes.filter((route) => route.access !== 'session').map(publicRoute) },
        {
          element: <RequireToken />,
          children: [{ element: <AppLayout />, children: routes.filter((route) => route.access === 'session').map(sessionRoute) }],
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

/** The browser's history, whose navigations a dirty form can hold (lib/blocking-history.ts). */
export function createAppHistory(): BlockingHistory {
  return blockingHistory(UNSAFE_createBrowserHistory({ v5Compat: true }));
}

const APP_ROUTES = buildRoutes();

function AppRoutes() {
  return useRoutes(APP_ROUTES);
}

/**
 * The console's router: declarative (the data router's loaders, actions and fetchers are not
 * used, and it weighs about 16 KB gzip more in the first screen's JavaScript); the history is ours
 * so navigations can wait for a dirty form's question, as useBlocker would do.
 */
export function AppRouter({ history }: { history: BlockingHistory }) {
  return (
    <BlockingHistoryContext value={history}>
      <HistoryRouter history={history}>
        <AppRoutes />
      </HistoryRouter>
    </BlockingHistoryContext>
  );
}
