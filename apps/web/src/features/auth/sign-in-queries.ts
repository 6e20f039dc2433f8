import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { ApiClient } from '../../lib/api-client';
import type { TokenPair } from '../../lib/token-store';
import type { LoginRequest } from './auth-types';
import { useAuth } from './auth-provider';
import { expiredPasswordResetToken, resetExpiredPasswordPath } from './expired-password';
import { toLoginBranding } from './login-white-label';
import { toOAuth2Clients } from './oauth2-clients';

/** Keys of the sign-in screens' public data (no session, so nothing user-specific in them). */
export const signInQueryKeys = {
  // The first element is checked by public-query-keys.ts: these survive a sign-out.
  loginWhiteLabel: (host: string) => ['sign-in', 'white-label', host] as const,
  oauth2Clients: ['sign-in', 'oauth2-clients'] as const,
};

// The sign-in page waits for these before it shows (spec 1-client §4.2 step 6); a hung server must
// not keep it blank.
const PUBLIC_DATA_TIMEOUT_MS = 5000;
const withTimeout = (signal: AbortSignal) => AbortSignal.any([signal, AbortSignal.timeout(PUBLIC_DATA_TIMEOUT_MS)]);
const PUBLIC_CALL = { auth: false, ignoreErrors: true } as const;

/** The login white-label for this host name; any failure (404 included) means none (spec §7). */
export function useLoginBranding() {
  const { client } = useAuth();
  const host = window.location.hostname;
  return useQuery({
    queryKey: signInQueryKeys.loginWhiteLabel(host),
    queryFn: ({ signal }) =>
      client
        .get<unknown>(`/api/noauth/whiteLabel/${encodeURIComponent(host)}`, {
          ...PUBLIC_CALL,
          signal: withTimeout(signal),
        })
        .then(toLoginBranding, () => null),
    staleTime: Infinity,
    retry: false,
  });
}

/** OAuth2 sign-in links; errors give an empty list (spec §7). */
export function useOAuth2Clients() {
  const { client } = useAuth();
  return useQuery({
    queryKey: signInQueryKeys.oauth2Clients,
    queryFn: ({ signal }) =>
      client
        .post<unknown>('/api/noauth/oauth2Clients', undefined, { ...PUBLIC_CALL, signal: withTimeout(signal) })
        .then(toOAuth2Clients, () => []),
    staleTime: Infinity,
    retry: false,
  });
}

/** Stores a token pair from any sign-in flow; the token store change signs the app in. */
export function useStartSession() {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  return useCallback(
    (pair: TokenPair) => {
      // A reset or activation link opened while someone else is signed in switches user: drop the
      // previous user's cached answers (signing out already clears them, switching does not).
      if (client.tokens.hasSession()) queryClient.clear();
      client.tokens.save(pair);
    },
    [client, queryClient],
  );
}

/** POST /api/auth/login; `ignoreErrors` when the caller shows the error itself. */
export function signIn(client: ApiClient, credentials: LoginRequest, ignoreErrors: boolean): Promise<TokenPair> {
  return client.post<TokenPair>('/api/auth/login', credentials, { auth: false, ignoreErrors });
}

/**
 * Sign-in for the form: errors stay in the form (no toast), and an expired password leads to the
 * reset screen with the token from the answer (spec 1-client §7).
 */
export function useSignIn() {
  const { client } = useAuth();
  const startSession = useStartSession();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (credentials: LoginRequest) => startSession(await signIn(client, credentials, true)),
    onError: (error) => {
      const resetToken = expiredPasswordResetToken(error);
      if (resetToken) void navigate(resetExpiredPasswordPath(resetToken));
    },
  });
}

/** POST /api/noauth/resetPasswordByEmail; the answer is the same whether or not the address exists. */
export function useRequestPasswordReset() {
  const { client } = useAuth();
  return useMutation({
    mutationFn: (email: string) => client.post<unknown>('/api/noauth/resetPasswordByEmail', { email }, PUBLIC_CALL),
  });
}

/** POST /api/noauth/resetPassword: the answer is a token pair, so the user ends signed in. */
export function useResetPassword() {
  const { client } = useAuth();
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async ({ resetToken, password }: { resetToken: string; password: string }) =>
      startSession(await client.post<TokenPair>('/api/noauth/resetPassword', { resetToken, password }, PUBLIC_CALL)),
  });
}

/** POST /api/noauth/activate: the first password of an invited user; signs them in. */
export function useActivateAccount() {
  const { client } = useAuth();
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async ({ activateToken, password }: { activateToken: string; password: string }) =>
      startSession(
        await client.post<TokenPair>(
          '/api/noauth/activate?sendActivationMail=false',
          { activateToken, password },
          PUBLIC_CALL,
        ),
      ),
  });
}
