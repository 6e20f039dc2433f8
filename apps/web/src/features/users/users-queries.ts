import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ApiClient } from '../../lib/api-client';
import { withPageLink, type PageData, type PageLink } from '../../lib/page-link';
import { queryKeys } from '../../lib/query-keys';
import type { TokenPair } from '../../lib/token-store';
import { useAuth } from '../auth/auth-provider';
import { scopeId, scopeOwnerPath, scopeUsersPath, type User, type UserBody, type UserScope } from './model/user-types';

/** One page of the scope's users, for EntityTable (errors raise the usual toast). */
export function fetchUsersPage(client: ApiClient, scope: UserScope, link: PageLink, signal: AbortSignal) {
  return client.get<PageData<User>>(withPageLink(scopeUsersPath(scope), link), { signal });
}

export const usersListKey = (scope: UserScope) => queryKeys.users.list(scope.kind, scopeId(scope));

/** Title of the tenant or customer (page header and breadcrumb). */
export function useOwnerTitle(scope: UserScope) {
  const { client } = useAuth();
  return useQuery({
    queryKey: queryKeys.users.owner(scope.kind, scopeId(scope)),
    queryFn: ({ signal }) => client.get<{ title?: string }>(scopeOwnerPath(scope), { signal }),
    select: (owner) => owner.title ?? '',
  });
}

/** The freshest copy of one user while its details are open; the table row is the placeholder. */
export function useUser(id: string | undefined, placeholder: User | undefined) {
  const { client } = useAuth();
  return useQuery({
    queryKey: queryKeys.users.detail(id ?? ''),
    queryFn: ({ signal }) => client.get<User>(`/api/user/${id}`, { signal }),
    enabled: Boolean(id),
    placeholderData: placeholder,
  });
}

/** GET /api/user/tokenAccessEnabled: any failure means "no login-as" rather than an error toast. */
export function useTokenAccessEnabled() {
  const { client } = useAuth();
  return useQuery({
    queryKey: queryKeys.users.tokenAccessEnabled,
    queryFn: async ({ signal }) => {
      try {
        return (await client.get<boolean>('/api/user/tokenAccessEnabled', { signal, ignoreErrors: true })) === true;
      } catch {
        return false;
      }
    },
    staleTime: 5 * 60_000,
  });
}

/** Every mutation refreshes every user query (lists and details alike). */
function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
}

export interface SaveUserRequest {
  body: UserBody;
  /** From saveUserQuery: sendActivationMail and password for a new user. */
  query: string;
}

/** POST /api/user; the form shows the server's message itself. */
export function useSaveUser() {
  const { client } = useAuth();
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ body, query }: SaveUserRequest) =>
      client.post<User>(query ? `/api/user?${query}` : '/api/user', body, { ignoreErrors: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: User) => client.delete(`/api/user/${user.id.id}`),
    // Refetching the deleted user's details would only answer 404: drop them, refresh the lists.
    onSuccess: (_answer, user) => {
      queryClient.removeQueries({ queryKey: queryKeys.users.detail(user.id.id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.users.lists });
    },
  });
}

export function useSetCredentialsEnabled() {
  const { client } = useAuth();
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ user, enabled }: { user: User; enabled: boolean }) =>
      client.post(`/api/user/${user.id.id}/userCredentialsEnabled?userCredentialsEnabled=${enabled}`),
    onSuccess: invalidate,
  });
}

export function useChangeCustomerRole() {
  const { client } = useAuth();
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ user, promote }: { user: User; promote: boolean }) =>
      client.post<User>(`/api/user/${user.id.id}/${promote ? 'promoteCustomerUser' : 'demoteCustomerAdmin'}`),
    onSuccess: invalidate,
  });
}

/** GET /api/user/{id}/activationLink (text/plain). The server renews an expired token, so the link works. */
export function useActivationLink() {
  const { client } = useAuth();
  return useMutation({
    mutationFn: (userId: string) => client.get<string>(`/api/user/${userId}/activationLink`),
  });
}

export function useSendActivationMail() {
  const { client } = useAuth();
  return useMutation({
    mutationFn: (email: string) => client.post(`/api/user/sendActivationMail?email=${encodeURIComponent(email)}`),
  });
}

/**
 * "Login as": GET /api/user/{id}/token gives that user's session. Every cached answer of the previous
 * user is dropped without refetching (this page's data may be forbidden to the new user); resetting the
 * signed-in user makes the route guard unmount the shell until the new user has loaded, so the menu and
 * every page mount afresh and load as the new user.
 */
export function useLoginAs() {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (user: User) => {
      const pair = await client.get<TokenPair>(`/api/user/${user.id.id}/token`);
      client.tokens.save(pair);
      const userHash = JSON.stringify(queryKeys.auth.user);
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== userHash });
      const reloaded = queryClient.resetQueries({ queryKey: queryKeys.auth.user });
      await navigate('/home', { replace: true });
      await reloaded;
    },
  });
}
