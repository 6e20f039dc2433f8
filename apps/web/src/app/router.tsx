import type { Authority } from '@sapo/common';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { PageProgress } from '../components/page-progress';
import { RequireFlag } from './flag-guard';
import type { RouteHandle } from './navigation/route-handle';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { PublicOnly, RequireAuth, RequireAuthOrPublic } from './route-guards';

const SYS_ADMIN: readonly Authority[] = ['SYS_ADMIN'];
const TENANT_ADMIN: readonly Authority[] = ['TENANT_ADMIN'];
const TENANT_ROLES: readonly Authority[] = ['TENANT_ADMIN', 'TENANT_USER'];
const ENTITY_ROLES: readonly Authority[] = ['TENANT_ADMIN', 'TENANT_USER', 'CUSTOMER_ADMIN', 'CUSTOMER_USER'];

/**
 * Routes of spec 1-client §2.1. Every page is its own chunk (ARCHITECTURE §5): the login page ships
 * little JavaScript. Pages that arrive with later issues are not registered yet, so their menu links
 * fall through to the unknown-path rule and land on home.
 */
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
      // Reachable signed in or not: an activation or reset link may be opened in a signed-in browser.
      {
        path: 'login/resetPasswordRequest',
        handle: { title: 'login.request-password-reset' } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../pages/reset-password-request-page')).ResetPasswordRequestPage,
        }),
      },
      {
        path: 'login/resetPassword',
        handle: { title: 'login.reset-password' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('../pages/reset-password-page')).ResetPasswordPage }),
      },
      {
        path: 'login/resetExpiredPassword',
        handle: { title: 'login.reset-password' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('../pages/reset-password-page')).ResetExpiredPasswordPage }),
      },
      {
        path: 'login/createPassword',
        handle: { title: 'login.create-password' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('../pages/create-password-page')).CreatePasswordPage }),
      },
      {
        // Spec 1-client §2.1: full screen, for signed-in users and for public links (?publicId=).
        path: 'dashboard/:dashboardId',
        Component: RequireAuthOrPublic,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../pages/dashboard-page')).FullscreenDashboardPage }),
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
                handle: { title: 'home.home', breadcrumb: { label: 'home.home', icon: 'home' } } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('../pages/home-page')).HomePage }),
              },
              {
                path: 'profile',
                handle: {
                  title: 'profile.profile',
                  breadcrumb: { label: 'profile.profile', icon: 'account_circle' },
                } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('../pages/profile-page')).ProfilePage }),
              },
              {
                path: 'tenants',
                handle: {
                  title: 'tenant.tenants',
                  breadcrumb: { label: 'tenant.tenants', icon: 'supervisor_account' },
                  auth: SYS_ADMIN,
                } satisfies RouteHandle,
                children: [
                  {
                    index: true,
                    handle: { search: true } satisfies RouteHandle,
                    lazy: async () => ({ Component: (await import('../pages/tenants-page')).TenantsPage }),
                  },
                  {
                    path: ':tenantId/users',
                    handle: {
                      title: 'user.users',
                      breadcrumb: { label: 'user.users', icon: 'account_circle' },
                      auth: SYS_ADMIN,
                      search: true,
                    } satisfies RouteHandle,
                    lazy: async () => ({ Component: (await import('../pages/tenant-users-page')).TenantUsersPage }),
                  },
                ],
              },
              {
                path: 'tenantProfiles',
                handle: {
                  title: 'tenant-profile.tenant-profiles',
                  breadcrumb: { label: 'tenant-profile.tenant-profiles', icon: 'mdi:alpha-t-box' },
                  auth: SYS_ADMIN,
                  search: true,
                } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('../pages/tenant-profiles-page')).TenantProfilesPage }),
              },
              {
                path: 'devices',
                handle: {
                  title: 'device.devices',
                  breadcrumb: { label: 'device.devices', icon: 'devices_other' },
                  auth: ENTITY_ROLES,
                  search: true,
                } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('../pages/devices-page')).DevicesPage }),
              },
              {
                path: 'deviceProfiles',
                handle: {
                  title: 'device-profile.device-profiles',
                  breadcrumb: { label: 'device-profile.device-profiles', icon: 'mdi:alpha-d-box' },
                  auth: TENANT_ROLES,
                  search: true,
                } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('../pages/device-profiles-page')).DeviceProfilesPage }),
              },
              {
                path: 'assets',
                handle: {
                  title: 'asset.assets',
                  breadcrumb: { label: 'asset.assets', icon: 'domain' },
                  auth: ENTITY_ROLES,
                  search: true,
                } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('../pages/assets-page')).AssetsPage }),
              },
              {
                path: 'entityViews',
                handle: {
                  title: 'entity-view.entity-views',
                  breadcrumb: { label: 'entity-view.entity-views', icon: 'view_quilt' },
                  auth: ENTITY_ROLES,
                  search: true,
                } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('../pages/entity-views-page')).EntityViewsPage }),
              },
              {
                path: 'dashboards',
                handle: {
                  title: 'dashboard.dashboards',
                  breadcrumb: { label: 'dashboard.dashboards', icon: 'dashboards' },
                  auth: ENTITY_ROLES,
                } satisfies RouteHandle,
                children: [
                  {
                    index: true,
                    handle: { search: true } satisfies RouteHandle,
                    lazy: async () => ({ Component: (await import('../pages/dashboards-page')).DashboardsPage }),
                  },
                  {
                    path: ':dashboardId',
                    handle: {
                      title: 'dashboard.dashboard',
                      breadcrumb: { label: 'dashboard.dashboard', icon: 'dashboard' },
                      auth: ENTITY_ROLES,
                    } satisfies RouteHandle,
                    lazy: async () => ({ Component: (await import('../pages/dashboard-page')).DashboardPage }),
                  },
                ],
              },
              {
                path: 'react-dashboard/alarm-center',
                handle: {
                  title: 'react-dashboard.alarm-center',
                  breadcrumb: { label: 'react-dashboard.alarm-center', icon: 'notifications_active' },
                  auth: ENTITY_ROLES,
                } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('../pages/alarm-center-page')).AlarmCenterPage }),
              },
              {
                // Optional building dashboard: only where dashboard_energy_enable is 1.
                element: <RequireFlag attribute="dashboard_energy_enable" />,
                children: [
                  {
                    path: 'react-dashboard/energy-dashboard',
                    handle: {
                      title: 'react-dashboard.energy',
                      breadcrumb: { label: 'react-dashboard.energy', icon: 'bolt' },
                      auth: ENTITY_ROLES,
                    } satisfies RouteHandle,
                    lazy: async () => ({
                      Component: (await import('../pages/energy-dashboard-page')).EnergyDashboardPage,
                    }),
                  },
                ],
              },
              {
                path: 'ruleChains',
                handle: {
                  title: 'rulechain.rulechains',
                  breadcrumb: { label: 'rulechain.rulechains', icon: 'settings_ethernet' },
                  auth: TENANT_ADMIN,
                } satisfies RouteHandle,
                children: [
                  {
                    index: true,
                    handle: { search: true } satisfies RouteHandle,
                    lazy: async () => ({ Component: (await import('../pages/rule-chains-page')).RuleChainsPage }),
                  },
                  {
                    path: ':ruleChainId',
                    handle: {
                      title: 'rulechain.rulechain',
                      breadcrumb: { label: 'rulechain.rulechain', icon: 'settings_ethernet' },
                      auth: TENANT_ADMIN,
                    } satisfies RouteHandle,
                    lazy: async () => ({ Component: (await import('../pages/rule-chain-page')).RuleChainPage }),
                  },
                ],
              },
              {
                path: 'customers',
                handle: {
                  title: 'customer.customers',
                  breadcrumb: { label: 'customer.customers', icon: 'supervisor_account' },
                  auth: TENANT_ADMIN,
                } satisfies RouteHandle,
                children: [
                  {
                    index: true,
                    handle: { search: true } satisfies RouteHandle,
                    lazy: async () => ({ Component: (await import('../pages/customers-page')).CustomersPage }),
                  },
                  {
                    path: ':customerId/users',
                    handle: {
                      title: 'user.users',
                      breadcrumb: { label: 'user.users', icon: 'account_circle' },
                      auth: TENANT_ADMIN,
                      search: true,
                    } satisfies RouteHandle,
                    lazy: async () => ({ Component: (await import('../pages/customer-users-page')).CustomerUsersPage }),
                  },
                ],
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
