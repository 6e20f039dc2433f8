import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, type Location } from 'react-router';
import { alertDialog } from '../../components/dialogs/dialog-store';
import { decodeJwtPayload } from '../../lib/jwt';
import type { TokenPair } from '../../lib/token-store';
import { useAuth } from './auth-provider';
import { expiredPasswordResetToken, resetExpiredPasswordPath } from './expired-password';
import { signIn, useStartSession } from './sign-in-queries';
import {
  hasStartupValues,
  needsPublicLogin,
  pathWithoutParam,
  readStartupParams,
  withoutParam,
  type StartupValues,
} from './startup-params-parse';

/**
 * Read once, when this module loads: it is imported with the root layout, before the router is
 * created, so tokens and passwords are taken out of the address before the router (its history, a
 * remembered redirect) ever sees them.
 */
function captureStartupValues(): StartupValues | null {
  if (typeof window === 'undefined') return null;
  const { location, history } = window;
  const { values, remaining } = readStartupParams(location.search);
  if (remaining !== location.search)
    history.replaceState(history.state, '', `${location.pathname}${remaining}${location.hash}`);
  return hasStartupValues(values) ? values : null;
}

const captured = captureStartupValues();
/** Once per page load, whatever remounts (StrictMode runs effects twice in development). */
let handled = false;

/** The redirect the route guard remembers, when it holds one (its `from` path). */
function withoutPublicIdInState(state: unknown): unknown {
  if (typeof state !== 'object' || state === null || typeof (state as { from?: unknown }).from !== 'string')
    return state;
  return { ...state, from: pathWithoutParam((state as { from: string }).from, 'publicId') };
}

/**
 * The query parameters handled at start-up (spec 1-client §2.2, §4.2, §8): a token pair, a username
 * with a password, a public-dashboard publicId, and a loginError to show. Renders nothing.
 */
export function StartupParams() {
  const { t } = useTranslation();
  const { client } = useAuth();
  const startSession = useStartSession();
  const navigate = useNavigate();
  const location = useLocation();
  // The guards may redirect (to login) while a call is out: act on wherever the user is by then.
  const locationRef = useRef<Location>(location);
  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  useEffect(() => {
    if (handled || !captured) return;
    handled = true;
    const { tokens, credentials, publicId, loginError } = captured;

    const save = (pair: TokenPair) => {
      try {
        startSession(pair);
      } catch (error) {
        console.warn('Start-up tokens refused', error); // malformed or expired: stay signed out
      }
    };

    const loginPublic = async (id: string) => {
      try {
        save(
          await client.post<TokenPair>('/api/auth/login/public', { publicId: id }, { auth: false, ignoreErrors: true }),
        );
      } catch {
        // Spec 1-client §8: a failed public login removes the publicId parameter.
        const current = locationRef.current;
        void navigate(
          { pathname: current.pathname, search: withoutParam(current.search, 'publicId'), hash: current.hash },
          { replace: true, state: withoutPublicIdInState(current.state) },
        );
      }
    };

    const run = async () => {
      if (tokens) save(tokens);
      else if (credentials) {
        try {
          save(await signIn(client, credentials, false)); // failures show as the usual error toast
        } catch (error) {
          const resetToken = expiredPasswordResetToken(error);
          if (resetToken) void navigate(resetExpiredPasswordPath(resetToken));
        }
      }
      if (publicId) {
        const stored = client.tokens.accessToken() ?? client.tokens.refreshToken();
        if (needsPublicLogin(publicId, stored ? decodeJwtPayload(stored) : null)) await loginPublic(publicId);
      }
      if (loginError) await alertDialog({ title: t('login.error'), message: loginError, okText: t('action.close') });
    };
    void run();
  }, [client, navigate, startSession, t]);

  return null;
}
