import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageProgress } from '../components/page-progress';
import { useAuth } from '../features/auth/auth-provider';
import { useCurrentUser } from '../features/auth/auth-queries';
import { defaultPlace } from './navigation/default-place';

interface RedirectState {
  from?: string;
}

/**
 * Authenticated routes (spec 1-client §4.2): wait until the user is loaded; without a session go
 * to login, remembering the requested URL for after sign-in.
 */
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

/** Public-only routes (login): a signed-in user goes on to the remembered page or their default place. */
export function PublicOnly() {
  const { client, isAuthenticated } = useAuth();
  const location = useLocation();
  const user = useCurrentUser();
  useEffect(() => {
    if (user.isError) client.tokens.clear();
  }, [user.isError, client]);
  if (isAuthenticated) {
    if (!user.data) return <PageProgress />;
    const from = (location.state as RedirectState | null)?.from;
    return <Navigate to={defaultPlace(user.data, from)} replace />;
  }
  return <Outlet />;
}

/**
 * A public dashboard link (spec 1-client §4.2): while the start-up parameters sign the visitor in by
 * `publicId`, wait instead of sending them to the login page. Without the parameter (or once a failed
 * public login removed it) this is RequireAuth.
 */
export function RequireAuthOrPublic() {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  const publicId = new URLSearchParams(location.search).get('publicId');
  if (!isAuthenticated && publicId) return <PageProgress />;
  return <RequireAuth />;
}
