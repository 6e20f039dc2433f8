import type { PageData, PasswordPolicy } from '@sapo/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import type { TokenPair } from '../../lib/token-store';
import { useAuth } from '../auth/auth-provider';
import type { User } from '../auth/auth-types';
import { dashboardListPath, pickableDashboards, type DashboardOption } from './dashboard-options';

const NO_DASHBOARDS: DashboardOption[] = [];

/**
 * Dashboards the user may pick as default. Any failure (including a server without the dashboards API
 * yet) is an empty list: the picker then says 'No dashboards' rather than raising an error toast.
 */
export function useDefaultDashboardOptions(user: User, enabled: boolean) {
  const { client } = useAuth();
  const path = dashboardListPath(user);
  return useQuery({
    queryKey: queryKeys.profile.dashboards(path ?? 'none'),
    queryFn: async ({ signal }) => {
      if (!path) return NO_DASHBOARDS;
      try {
        const page = await client.get<PageData<DashboardOption>>(path, { signal, ignoreErrors: true });
        return pickableDashboards(page.data);
      } catch {
        return NO_DASHBOARDS;
      }
    },
    enabled: enabled && path !== null,
    staleTime: 60_000,
  });
}

/** POST /api/user with the whole user; the answer becomes the current user everywhere (menu, home). */
export function useSaveProfile() {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: User) => client.post<User>('/api/user', user, { ignoreErrors: true }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.auth.user, saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.auth.user });
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.all }); // user tables show the new name
    },
  });
}

/** The server's password policy, shown as a checklist; without it the card simply shows no list. */
export function usePasswordPolicy() {
  const { client } = useAuth();
  return useQuery({
    queryKey: queryKeys.profile.passwordPolicy,
    queryFn: ({ signal }) =>
      client.get<PasswordPolicy>('/api/noauth/userPasswordPolicy', { signal, auth: false, ignoreErrors: true }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

/**
 * POST /api/auth/changePassword. The server ends every session of the user on a password change and
 * answers with a fresh pair for this one; storing it keeps this tab signed in.
 */
export function useChangePassword() {
  const { client } = useAuth();
  return useMutation({
    mutationFn: async (request: ChangePasswordRequest) => {
      const pair = await client.post<TokenPair | undefined>('/api/auth/changePassword', request, {
        ignoreErrors: true,
      });
      if (pair?.token && pair.refreshToken) client.tokens.save(pair);
    },
  });
}
