import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageProgress } from '../components/page-progress';
import { useAuth } from '../features/auth/auth-provider';
import { useCurrentUser } from '../features/auth/auth-queries';

interface RedirectState {
  from?: string;
}

/** Authenticated routes: without a session go to login, remembering where the user wanted to go. */
export function RequireAuth() {
  const { client, isAuthenticated, signedOut } = useAuth();
  const location = useLocation();
  const user = useCurrentUser();

  // Spec 1-client §8: a failed user load gives an unauthenticated state.
  useEffect(() => {
    if (user.isError) client.tokens.clear();
  }, [user.isError, client]);

  if (!isAuthenticated) {
    const from = location.pathname + location.search + location.hash;
    const state: RedirectState = signedOut ? {} : { from };
    return <Navigate to="/login" replace state={state} />;
  }
  if (!user.data) return <PageProgress />;
  return <Outlet />;
}

/** Public-only routes (login): a signed-in user goes on to the remembered page, else home. */
export function PublicOnly() {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  if (isAuthenticated) {
    const from = (location.state as RedirectState | null)?.from;
    return <Navigate to={from && from !== '/login' ? from : '/home'} replace />;
  }
  return <Outlet />;
}
