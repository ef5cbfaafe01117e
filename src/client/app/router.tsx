import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RequireToken } from './guards.js';
import { AppLayout } from './layout/app-layout.js';
import { ROUTES, type AppRoute } from './routes.js';
import { RootShell } from './root-shell.js';
import { PublicScreen, SessionScreen } from './screens.js';

function publicRoute(route: AppRoute): RouteObject {
  return { path: route.path, element: <PublicScreen route={route} /> };
}

function sessionRoute(route: AppRoute): RouteObject {
  return { path: route.path, element: <SessionScreen route={route} /> };
}

/** Built from the route table; anything it does not know goes to /404. */
export function buildRoutes(routes: readonly AppRoute[] = ROUTES): RouteObject[] {
  return [
    {
      element: <RootShell />,
      children: [
        ...routes.filter((route) => route.access !== 'session').map(publicRoute),
        {
          element: <RequireToken />,
          children: [{ element: <AppLayout />, children: routes.filter((route) => route.access === 'session').map(sessionRoute) }],
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
