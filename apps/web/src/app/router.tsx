import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { PageProgress } from '../components/page-progress';
import { RootLayout, type RouteHandle } from './root-layout';
import { RouteError } from './route-error';
import { PublicOnly, RequireAuth } from './route-guards';

// Every page is its own chunk (ARCHITECTURE §5): the login page ships little JavaScript.
const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageProgress,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      {
        Component: PublicOnly,
        children: [
          {
            path: 'login',
            handle: { title: 'login.login' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('../pages/login-page')).LoginPage }),
          },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: async () => ({ Component: (await import('./shell/app-shell')).AppShell }),
            children: [
              {
                path: 'home',
                handle: { title: 'home.home' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('../pages/home-page')).HomePage }),
              },
            ],
          },
        ],
      },
      // Spec 1-client §2.1: any unknown path goes home (and from there to login when signed out).
      { path: '*', element: <Navigate to="/home" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
