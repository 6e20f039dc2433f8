import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { ApiClient } from '../../lib/api-client';

interface AuthContextValue {
  client: ApiClient;
  /** True while stored tokens can authenticate a call (the user itself loads via useCurrentUser). */
  isAuthenticated: boolean;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Session state is the token store itself: login saves tokens, logout or a refused refresh clears
 * them, and every component re-renders from that one source (another tab included).
 */
export function AuthProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  const { tokens } = client;
  const isAuthenticated = useSyncExternalStore(tokens.subscribe, tokens.hasSession);
  const queryClient = useQueryClient();

  // When a session ends, drop every cached answer so the next user never sees the previous one's data.
  useEffect(() => {
    if (!isAuthenticated) queryClient.clear();
  }, [isAuthenticated, queryClient]);

  const value = useMemo(() => ({ client, isAuthenticated }), [client, isAuthenticated]);
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
