import { Navigate, Outlet, createBrowserRouter, type RouteObject } from 'react-router-dom';
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

/** The console's router. */
export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
