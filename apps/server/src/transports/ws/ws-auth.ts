import { Messages } from '@sapo/common';
import { unauthorized } from '../../lib/app-error.ts';
import type { Caller } from '../../modules/auth/caller.ts';
import type { Services } from '../../services.ts';

/**
 * The caller of a WebSocket session from its access token: the same checks as the HTTP auth hook
 * (signature and expiry, live session, enabled user), so a logged-out token cannot open a socket.
 */
export async function callerFromToken(services: Services, token: string): Promise<Caller> {
  if (!token) throw unauthorized('Authentication failed');
  const claims = await services.tokens.verifyAccess(token);
  await services.auth.checkSession(claims.sessionId);
  if (!claims.enabled && !claims.isPublic) throw unauthorized(Messages.notActive);
  return {
    userId: claims.userId,
    email: claims.sub,
    authority: claims.authority,
    tenantId: claims.tenantId,
    customerId: claims.customerId,
    isPublic: claims.isPublic,
    sessionId: claims.sessionId,
  };
}

/** The `token` query parameter of the upgrade URL (ThingsBoard's JwtQueryTokenExtractor), if any. */
export function tokenFromUrl(url: string): string | undefined {
  const at = url.indexOf('?');
  if (at < 0) return undefined;
  const token = new URLSearchParams(url.slice(at + 1)).get('token');
  return token ? token : undefined;
}
