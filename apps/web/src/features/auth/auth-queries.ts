import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import type { TokenPair } from '../../lib/token-store';
import type { LoginRequest, User } from './auth-types';
import { useAuth } from './auth-provider';

/** GET /api/auth/user as one query, for the hook and for the prefetch at start-up. */
export const currentUserQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.auth.user,
    queryFn: ({ signal }) => client.get<User>('/api/auth/user', { signal }),
    staleTime: 5 * 60_000,
  });

/** The signed-in user (GET /api/auth/user); idle while there is no session. */
export function useCurrentUser() {
  const { client, isAuthenticated } = useAuth();
  return useQuery({ ...currentUserQuery(client), enabled: isAuthenticated });
}

/** POST /api/auth/login; on success the tokens are stored, which signs the app in. */
export function useLogin() {
  const { client } = useAuth();
  return useMutation({
    mutationFn: async (credentials: LoginRequest) => {
      const pair = await client.post<TokenPair>('/api/auth/login', credentials, { auth: false });
      client.tokens.save(pair); // throws on a token without a lifetime: shown like any login error
    },
  });
}

/**
 * Sign-out (spec 1-client §7): the session ends in this browser at once, so the login page shows
 * without waiting for the server; then POST /api/auth/logout revokes it there with the old token. On
 * a busy machine that call took 0.5–1.8 s, which the user used to spend looking at the page they left.
 */
export function useLogout() {
  const { client } = useAuth();
  return useMutation({
    mutationFn: async () => {
      // An expired access token is refreshed first (rare), so the server still learns of the sign-out.
      const token = client.tokens.accessToken() ?? (await client.accessToken().catch(() => null));
      client.tokens.clear('signed-out'); // the route guard then shows the login page
      if (!token) return;
      try {
        await client.post('/api/auth/logout', undefined, { token, ignoreErrors: true, ignoreLoading: true });
      } catch {
        // The call is only the server's record and revocation; signing out here has happened already.
      }
    },
  });
}
