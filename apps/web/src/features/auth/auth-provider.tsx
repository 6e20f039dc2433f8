import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { ApiClient } from '../../lib/api-client';
import { clearSessionData } from './session-cache';

interface AuthContextValue {
  client: ApiClient;
  /** True while stored tokens can authenticate a call (the user itself loads via useCurrentUser). */
  isAuthenticated: boolean;
  /** True right after this user signed out (so login does not send the next user back to their page). */
  signedOut: boolean;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Session state is the token store itself: login saves tokens, logout or a refused refresh clears
 * them, and every component re-renders from that one source (another tab included).
 */
export function AuthProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  const { tokens } = client;
  const status = useSyncExternalStore(tokens.subscribe, tokens.status);
  const isAuthenticated = status === 'active';
  const queryClient = useQueryClient();

  // When a session ends, drop every cached answer so the next user never sees the previous one's data.
  // The sign-in screens' public answers (branding, OAuth2 links) are the same for everyone: kept, the
  // login page shows at once instead of waiting for them again after every sign-out.
  useEffect(() => {
    if (!isAuthenticated) clearSessionData(queryClient);
  }, [isAuthenticated, queryClient]);

  const value = useMemo(
    () => ({ client, isAuthenticated, signedOut: status === 'signed-out' }),
    [client, isAuthenticated, status],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
