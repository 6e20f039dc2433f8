import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withPageLink, type PageData, type PageLink } from '../../lib/page-link';
import { useAuth } from '../auth/auth-provider';
import type { Dashboard, DashboardInfo } from './dashboard-types';

/** Query keys of this feature; the menu's dashboard list is refreshed with them. */
export const dashboardKeys = {
  all: ['dashboards'] as const,
  list: (owner: string) => ['dashboards', 'list', owner] as const,
};

/**
 * Page fetcher for the dashboards table: the tenant's list for tenant roles, the customer's own list
 * for customer roles (spec 1-client §6).
 */
export function useDashboardPages(customerId: string | undefined) {
  const { client } = useAuth();
  const base = customerId ? `/api/customer/${customerId}/dashboards` : '/api/tenant/dashboards';
  return (link: PageLink, signal: AbortSignal) =>
    client.get<PageData<DashboardInfo>>(withPageLink(base, link), { signal });
}

function useInvalidateDashboards() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    await queryClient.invalidateQueries({ queryKey: ['menu', 'dashboards'] });
  };
}

/** POST /api/dashboard; forms show the server's message themselves. */
export function useSaveDashboard() {
  const { client } = useAuth();
  const invalidate = useInvalidateDashboards();
  return useMutation({
    mutationFn: (body: Partial<Dashboard>) => client.post<Dashboard>('/api/dashboard', body, { ignoreErrors: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteDashboard() {
  const { client } = useAuth();
  const invalidate = useInvalidateDashboards();
  return useMutation({
    mutationFn: (id: string) => client.delete(`/api/dashboard/${id}`),
    onSuccess: invalidate,
  });
}

/** Replaces the dashboard's customers (POST /api/dashboard/{id}/customers). */
export function useSetDashboardCustomers() {
  const { client } = useAuth();
  const invalidate = useInvalidateDashboards();
  return useMutation({
    mutationFn: ({ id, customerIds }: { id: string; customerIds: string[] }) =>
      client.post<Dashboard>(`/api/dashboard/${id}/customers`, customerIds),
    onSuccess: invalidate,
  });
}

/** Makes a dashboard public (true) or private (false). */
export function useDashboardVisibility() {
  const { client } = useAuth();
  const invalidate = useInvalidateDashboards();
  return useMutation({
    mutationFn: ({ id, makePublic }: { id: string; makePublic: boolean }) =>
      makePublic
        ? client.post<Dashboard>(`/api/customer/public/dashboard/${id}`)
        : client.delete<Dashboard>(`/api/customer/public/dashboard/${id}`),
    onSuccess: invalidate,
  });
}

/** Plain calls used outside render (export). */
export function useDashboardApi() {
  const { client } = useAuth();
  return { getDashboard: (id: string) => client.get<Dashboard>(`/api/dashboard/${id}`) };
}
