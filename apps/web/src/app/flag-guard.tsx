import { Navigate, Outlet } from 'react-router';
import { PageProgress } from '../components/page-progress';
import { useCurrentUser } from '../features/auth/auth-queries';
import { isFlagEnabled } from './navigation/menu-model';
import { useMenuFlags } from './shell/use-menu-data';

/**
 * A building dashboard is reachable only where its attribute flag is 1 (spec 1-client §2.7): the same
 * flags the menu reads. With the flag off the route behaves like an unknown path and goes home.
 */
export function RequireFlag({ attribute }: { attribute: string }) {
  const user = useCurrentUser();
  if (!user.data) return <PageProgress />;
  return <FlagGate attribute={attribute} user={user.data} />;
}

function FlagGate({ attribute, user }: { attribute: string; user: Parameters<typeof useMenuFlags>[0] }) {
  const flags = useMenuFlags(user);
  // isLoading, not isPending: a role with no flag owner (system administrator) has the query disabled.
  if (flags.isLoading) return <PageProgress />;
  if (!isFlagEnabled(flags.data ?? {}, attribute)) return <Navigate to="/home" replace />;
  return <Outlet />;
}
