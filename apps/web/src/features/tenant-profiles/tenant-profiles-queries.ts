import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { withPageLink, type PageData, type PageLink } from '../../lib/page-link';
import { queryKeys } from '../../lib/query-keys';
import { useAuth } from '../auth/auth-provider';
import type { TenantProfile } from './tenant-profile-types';

/** Page fetcher for the profiles table (GET /api/tenantProfiles carries the default flag and limits). */
export function useTenantProfilePages() {
  const { client } = useAuth();
  return (link: PageLink, signal: AbortSignal) =>
    client.get<PageData<TenantProfile>>(withPageLink('/api/tenantProfiles', link), { signal });
}

/** One profile, fresh; `placeholder` (the table row) shows at once while it loads. */
export function useTenantProfile(id: string | undefined, placeholder?: TenantProfile) {
  const { client } = useAuth();
  return useQuery({
    queryKey: queryKeys.tenantProfiles.detail(id ?? ''),
    queryFn: ({ signal }) => client.get<TenantProfile>(`/api/tenantProfile/${id}`, { signal }),
    enabled: Boolean(id),
    placeholderData: placeholder,
  });
}

/** Size 1024 is ThingsBoard's "all" page; a system has a handful of profiles. */
const ALL_BY_NAME: PageLink = { page: 0, pageSize: 1024, sortProperty: 'name', sortOrder: 'ASC' };

/** Every profile by name, for the tenant form (the default one is preselected there). */
export function useTenantProfileOptions() {
  const { client } = useAuth();
  return useQuery({
    queryKey: queryKeys.tenantProfiles.options,
    queryFn: async ({ signal }) =>
      (await client.get<PageData<TenantProfile>>(withPageLink('/api/tenantProfiles', ALL_BY_NAME), { signal })).data,
    staleTime: 30_000,
  });
}

function useInvalidateProfiles() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.tenantProfiles.all });
    // Tenant rows show their profile's name.
    await queryClient.invalidateQueries({ queryKey: queryKeys.tenants.all });
  };
}

/** POST /api/tenantProfile; the form shows the server's message itself. */
export function useSaveTenantProfile() {
  const { client } = useAuth();
  const invalidate = useInvalidateProfiles();
  return useMutation({
    mutationFn: (body: unknown) => client.post<TenantProfile>('/api/tenantProfile', body, { ignoreErrors: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteTenantProfile() {
  const { client } = useAuth();
  const invalidate = useInvalidateProfiles();
  return useMutation({
    mutationFn: (id: string) => client.delete(`/api/tenantProfile/${id}`),
    onSuccess: invalidate,
  });
}

export function useSetDefaultTenantProfile() {
  const { client } = useAuth();
  const invalidate = useInvalidateProfiles();
  return useMutation({
    mutationFn: (id: string) => client.post<TenantProfile>(`/api/tenantProfile/${id}/default`),
    onSuccess: invalidate,
  });
}
