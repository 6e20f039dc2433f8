import { isCustomerAuthority, isTenantAuthority } from '@sapo/common';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { User } from '../../features/auth/auth-types';
import { useAuth } from '../../features/auth/auth-provider';
import { queryKeys } from '../../lib/query-keys';
import { FLAG_ATTRIBUTES, buildHome, buildMenu, type MenuDashboard } from '../navigation/menu-model';

/** Spec 1-client §9: the menu reads up to 1000 dashboards. */
export const MENU_DASHBOARD_PAGE_SIZE = 1000;

interface AttributeEntry {
  key: string;
  value: unknown;
}

/** Where the role's flags and dashboards live: the tenant for tenant roles, the customer for customers. */
function ownerOf(user: User): { type: 'TENANT' | 'CUSTOMER'; id: string } | null {
  if (isTenantAuthority(user.authority)) return { type: 'TENANT', id: user.tenantId.id };
  if (isCustomerAuthority(user.authority)) return { type: 'CUSTOMER', id: user.customerId.id };
  return null;
}

/**
 * The role's building-dashboard flags (tenant or customer SERVER_SCOPE attributes). Shared by the menu
 * and the flag guard of those routes (one query, one cache entry).
 */
export function useMenuFlags(user: User) {
  const { client } = useAuth();
  const owner = ownerOf(user);
  return useQuery({
    queryKey: queryKeys.menu.flags(owner?.type ?? 'NONE', owner?.id ?? ''),
    enabled: owner !== null,
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<Record<string, unknown>> => {
      if (!owner) return {};
      const path = `/api/plugins/telemetry/${owner.type}/${owner.id}/values/attributes/SERVER_SCOPE?keys=${FLAG_ATTRIBUTES.join(',')}`;
      const entries = await client
        .get<AttributeEntry[]>(path, { ignoreErrors: true, ignoreLoading: true, signal })
        .catch(() => []);
      return Object.fromEntries((Array.isArray(entries) ? entries : []).map((entry) => [entry.key, entry.value]));
    },
  });
}

/**
 * The menu and home sections for the signed-in user, rebuilt whenever the user (authority) changes.
 * Flags and dashboards are optional extras: a failing call (e.g. no dashboards module yet) leaves
 * them out quietly instead of raising an error toast on every page.
 */
export function useMenuData(user: User) {
  const { client } = useAuth();
  const owner = ownerOf(user);
  const quiet = { ignoreErrors: true, ignoreLoading: true } as const;
  const flags = useMenuFlags(user);

  const dashboards = useQuery({
    queryKey: queryKeys.menu.dashboards(owner?.type ?? 'NONE', owner?.id ?? ''),
    enabled: owner !== null,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      if (!owner) return [];
      const base = owner.type === 'TENANT' ? '/api/tenant/dashboards' : `/api/customer/${owner.id}/dashboards`;
      const page = await client
        .get<{ data?: MenuDashboard[] }>(`${base}?pageSize=${MENU_DASHBOARD_PAGE_SIZE}&page=0`, { ...quiet, signal })
        .catch(() => ({ data: [] }));
      return page?.data ?? [];
    },
  });

  return useMemo(() => {
    const input = { authority: user.authority, flags: flags.data ?? {}, dashboards: dashboards.data ?? [] };
    return { menu: buildMenu(input), home: buildHome(input) };
  }, [user.authority, flags.data, dashboards.data]);
}
