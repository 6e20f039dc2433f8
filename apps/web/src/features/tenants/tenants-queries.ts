import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { withPageLink, type PageData, type PageLink } from '../../lib/page-link';
import { queryKeys } from '../../lib/query-keys';
import { useAuth } from '../auth/auth-provider';
import type { Tenant, TenantInfo } from './tenant-types';

/** Page fetcher for the tenants table: GET /api/tenantInfos (rows carry the profile name). */
export function useTenantPages() {
  const { client } = useAuth();
  return (link: PageLink, signal: AbortSignal) =>
    client.get<PageData<TenantInfo>>(withPageLink('/api/tenantInfos', link), { signal });
}

/** GET /api/tenant/info/{id}; `placeholder` (the table row) shows at once while it loads. */
export function useTenantInfo(id: string | undefined, placeholder?: TenantInfo) {
  const { client } = useAuth();
  return useQuery({
    queryKey: queryKeys.tenants.detail(id ?? ''),
    queryFn: ({ signal }) => client.get<TenantInfo>(`/api/tenant/info/${id}`, { signal }),
    enabled: Boolean(id),
    placeholderData: placeholder,
  });
}

function useInvalidateTenants() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.tenants.all });
    // Users pages show their tenant's title, and a deleted tenant takes its users along.
    await queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
  };
}

/** POST /api/tenant; the form shows the server's message itself. */
export function useSaveTenant() {
  const { client } = useAuth();
  const invalidate = useInvalidateTenants();
  return useMutation({
    mutationFn: (body: unknown) => client.post<Tenant>('/api/tenant', body, { ignoreErrors: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteTenant() {
  const { client } = useAuth();
  const invalidate = useInvalidateTenants();
  return useMutation({
    mutationFn: (id: string) => client.delete(`/api/tenant/${id}`),
    onSuccess: invalidate,
  });
}
