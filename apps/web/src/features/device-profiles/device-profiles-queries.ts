import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { withPageLink, type PageData, type PageLink } from '../../lib/page-link';
import { queryKeys } from '../../lib/query-keys';
import { useAuth } from '../auth/auth-provider';
import type { DeviceProfile, DeviceProfileInfo } from './device-profile-types';

/** Page fetcher for the profiles table: GET /api/deviceProfiles (full profiles: provision type shows). */
export function useDeviceProfilePages() {
  const { client } = useAuth();
  return (link: PageLink, signal: AbortSignal) =>
    client.get<PageData<DeviceProfile>>(withPageLink('/api/deviceProfiles', link), { signal });
}

export function useDeviceProfile(id: string | undefined, placeholder?: DeviceProfile) {
  const { client } = useAuth();
  return useQuery({
    queryKey: queryKeys.deviceProfiles.detail(id ?? ''),
    queryFn: ({ signal }) => client.get<DeviceProfile>(`/api/deviceProfile/${id}`, { signal }),
    enabled: Boolean(id),
    placeholderData: placeholder,
  });
}

/** Profile infos whose name starts with `search` (GET /api/deviceProfileInfos), for pickers. */
export function useDeviceProfileInfos(search: string, enabled = true) {
  const { client } = useAuth();
  return useQuery({
    queryKey: [...queryKeys.deviceProfiles.options, search],
    queryFn: ({ signal }) =>
      client.get<PageData<DeviceProfileInfo>>(
        withPageLink('/api/deviceProfileInfos', {
          page: 0,
          pageSize: 50,
          textSearch: search,
          sortProperty: 'name',
          sortOrder: 'ASC',
        }),
        { signal, ignoreLoading: true },
      ),
    select: (page) => page.data,
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 30_000,
  });
}

/** GET /api/deviceProfileInfo/default: preselected for a new device. */
export function useDefaultDeviceProfileInfo(enabled = true) {
  const { client } = useAuth();
  return useQuery({
    queryKey: queryKeys.deviceProfiles.defaultInfo,
    queryFn: ({ signal }) => client.get<DeviceProfileInfo>('/api/deviceProfileInfo/default', { signal }),
    enabled,
    staleTime: 30_000,
  });
}

function useInvalidateProfiles() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.deviceProfiles.all });
    // Devices show their profile's name (and type = profile name) in the table.
    await queryClient.invalidateQueries({ queryKey: queryKeys.devices.all });
    await queryClient.invalidateQueries({ queryKey: queryKeys.entitySubtypes('DEVICE') });
  };
}

/** POST /api/deviceProfile; the dialog places the server's message itself. */
export function useSaveDeviceProfile() {
  const { client } = useAuth();
  const invalidate = useInvalidateProfiles();
  return useMutation({
    mutationFn: (body: unknown) => client.post<DeviceProfile>('/api/deviceProfile', body, { ignoreErrors: true }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/deviceProfile/{id}; a refusal (default, in use) is the server's toast. */
export function useDeleteDeviceProfile() {
  const { client } = useAuth();
  const invalidate = useInvalidateProfiles();
  return useMutation({
    mutationFn: (id: string) => client.delete(`/api/deviceProfile/${id}`),
    onSuccess: invalidate,
  });
}

export function useSetDefaultDeviceProfile() {
  const { client } = useAuth();
  const invalidate = useInvalidateProfiles();
  return useMutation({
    mutationFn: (id: string) => client.post<DeviceProfile>(`/api/deviceProfile/${id}/default`),
    onSuccess: invalidate,
  });
}
