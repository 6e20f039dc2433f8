import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { forbiddenDialog } from '../../components/dialogs/dialog-store';
import { useLogout } from '../../features/auth/auth-queries';

/**
 * Spec 1-client §4.2 step 4: a route the user's authority may not open shows the forbidden dialog
 * instead of the page. 'Sign in' logs out (to sign in as someone else); cancel goes back.
 */
export function ForbiddenGate() {
  const navigate = useNavigate();
  const logout = useLogout();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    void forbiddenDialog().then((signIn) => {
      if (signIn) logout.mutate();
      else if (window.history.state && (window.history.state as { idx?: number }).idx) void navigate(-1);
      else void navigate('/home', { replace: true });
    });
  }, [logout, navigate]);
  return null;
}
