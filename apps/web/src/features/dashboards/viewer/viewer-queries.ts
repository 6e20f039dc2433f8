import { coerceMaxDatapoints, DEFAULT_MAX_DATAPOINTS } from '@sapo/common';
import { useQuery } from '@tanstack/react-query';
import type { PageData } from '../../../lib/page-link';
import { useAuth } from '../../auth/auth-provider';
import { useCurrentUser } from '../../auth/auth-queries';
import type { Dashboard, DashboardInfo } from '../dashboard-types';
import { dashboardPickerPath, pickerOptions } from '../model/dashboard-picker';
import type { WidgetTypeRef } from '../model/dashboard-config';
import { parseWidgetDescriptor, type WidgetDescriptor } from '../model/widget-descriptor';

export const viewerKeys = {
  dashboard: (id: string) => ['dashboards', 'detail', id] as const,
  widgetType: (ref: WidgetTypeRef) => ['widget-types', ref.isSystemType, ref.bundleAlias, ref.typeAlias] as const,
  maxDatapoints: ['dashboards', 'max-datapoints'] as const,
};

/** GET /api/dashboard/{id}: the full configuration. */
export function useDashboard(id: string) {
  const { client } = useAuth();
  return useQuery({
    queryKey: viewerKeys.dashboard(id),
    queryFn: ({ signal }) => client.get<Dashboard>(`/api/dashboard/${id}`, { signal, ignoreErrors: true }),
    retry: false,
  });
}

interface WidgetTypeWire {
  descriptor?: unknown;
  name?: string;
}

/** A widget type's descriptor (settings schema and defaults; tenant code for custom widgets). */
export function useWidgetDescriptor(ref: WidgetTypeRef | undefined) {
  const { client } = useAuth();
  return useQuery({
    queryKey: ref ? viewerKeys.widgetType(ref) : ['widget-types', 'none'],
    enabled: Boolean(ref),
    staleTime: 10 * 60_000,
    retry: false,
    queryFn: async ({ signal }): Promise<WidgetDescriptor | null> => {
      if (!ref) return null;
      const q = new URLSearchParams({
        isSystem: String(ref.isSystemType),
        bundleAlias: ref.bundleAlias,
        alias: ref.typeAlias,
      });
      const type = await client.get<WidgetTypeWire | ''>(`/api/widgetType?${q}`, {
        signal,
        ignoreErrors: true,
        ignoreLoading: true,
      });
      return type && type.descriptor ? parseWidgetDescriptor(type.descriptor) : null;
    },
  });
}

/**
 * The server's limit of datapoints per request (2-calls §9), coerced as the spec says; undefined until
 * it is known (subscriptions wait for it), the default when the call failed.
 */
export function useMaxDatapoints(): number | undefined {
  const { client } = useAuth();
  const query = useQuery({
    queryKey: viewerKeys.maxDatapoints,
    staleTime: Infinity,
    queryFn: ({ signal }) =>
      client.get<unknown>('/api/dashboard/maxDatapointsLimit', { signal, ignoreErrors: true, ignoreLoading: true }),
  });
  if (query.isError) return DEFAULT_MAX_DATAPOINTS;
  return query.data === undefined ? undefined : coerceMaxDatapoints(query.data);
}

/** The dashboards the signed-in user may target: first 100 by title (spec 1-client §6 picker). */
export function usePickerDashboards() {
  const { client } = useAuth();
  const { data: user } = useCurrentUser();
  const path = user ? dashboardPickerPath(user.authority, user.customerId.id) : null;
  return useQuery({
    queryKey: ['dashboard-editor', 'picker', path],
    queryFn: async ({ signal }) =>
      path
        ? pickerOptions((await client.get<PageData<DashboardInfo>>(path, { signal, ignoreLoading: true })).data)
        : [],
    enabled: Boolean(user),
    staleTime: 60_000,
  });
}
