import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useReloadEntitySubtypes } from '../../components/entity-subtype/use-entity-subtypes';
import { withPageLink, type PageData, type PageLink } from '../../lib/page-link';
import { queryKeys } from '../../lib/query-keys';
import { useAuth } from '../auth/auth-provider';
import type { DeviceCredentials, DeviceInfo, Device } from './device-types';
import { deviceListPath, type DeviceFilter, type DeviceListScope } from './model/device-list';

/** Page fetcher for the devices table (and its CSV export): tenant or customer infos, filtered. */
export function useDevicePages(scope: DeviceListScope | undefined, filter: DeviceFilter) {
  const { client } = useAuth();
  return (link: PageLink, signal: AbortSignal) => {
    if (!scope)
      return Promise.resolve<PageData<DeviceInfo>>({ data: [], totalPages: 0, totalElements: 0, hasNext: false });
    return client.get<PageData<DeviceInfo>>(withPageLink(deviceListPath(scope, filter), link), { signal });
  };
}

/** GET /api/device/info/{id}; the table row shows at once while it loads. */
export function useDeviceInfo(id: string | undefined, placeholder?: DeviceInfo) {
  const { client } = useAuth();
  return useQuery({
    queryKey: queryKeys.devices.detail(id ?? ''),
    queryFn: ({ signal }) => client.get<DeviceInfo>(`/api/device/info/${id}`, { signal }),
    enabled: Boolean(id),
    placeholderData: placeholder,
  });
}

/** GET /api/device/{id}/credentials (customer users may read them too). */
export function useDeviceCredentials(id: string | undefined, enabled = true) {
  const { client } = useAuth();
  return useQuery({
    queryKey: queryKeys.devices.credentials(id ?? ''),
    queryFn: ({ signal }) => client.get<DeviceCredentials>(`/api/device/${id}/credentials`, { signal }),
    enabled: Boolean(id) && enabled,
  });
}

function useInvalidateDevices() {
  const queryClient = useQueryClient();
  const reloadSubtypes = useReloadEntitySubtypes();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.devices.all });
    // A save may bring a new type (spec 1-client §4.3), and profiles count their devices.
    await reloadSubtypes('DEVICE');
  };
}

/** POST /api/device[?accessToken=]; the dialog places the server's message itself. */
export function useSaveDevice() {
  const { client } = useAuth();
  const invalidate = useInvalidateDevices();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body: unknown }) =>
      client.post<Device>(path, body, { ignoreErrors: true }),
    onSuccess: invalidate,
  });
}

/** POST /api/device/credentials. */
export function useSaveDeviceCredentials() {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) =>
      client.post<DeviceCredentials>('/api/device/credentials', body, { ignoreErrors: true }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.devices.credentials(saved.deviceId.id), saved),
  });
}

/** DELETE /api/device/{id}, quiet: bulk deletes sum the failures up in one toast. */
export function useDeleteDeviceCall() {
  const { client } = useAuth();
  return (id: string) => client.delete(`/api/device/${id}`, { ignoreErrors: true });
}

export function useRefreshDevices() {
  return useInvalidateDevices();
}
