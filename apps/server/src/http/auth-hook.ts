import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Messages } from '@sapo/common';
import { unauthorized } from '../lib/app-error.ts';
import type { Caller } from '../modules/auth/caller.ts';
import type { Services } from '../services.ts';

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers['x-authorization'] ?? request.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  return value.startsWith('Bearer ') ? value.slice(7) : undefined;
}

/**
 * The caller an access token stands for: signature and expiry, live session, enabled user. The HTTP
 * hook and WebSocket sessions both use it, so a logged-out token opens neither.
 */
export async function callerFromToken(services: Pick<Services, 'tokens' | 'auth'>, token: string): Promise<Caller> {
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

/** Verifies the JWT of every /api route that is not marked public and sets request.caller. */
export function registerAuthHook(app: FastifyInstance): void {
  app.decorateRequest('caller', null as unknown as Caller);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    // Unmatched routes fall through to the 404 handler; public ones need no token.
    if (!request.routeOptions.url || config.public || !request.url.startsWith('/api/')) return;
    // The OpenAPI UI (registered by @fastify/swagger-ui, which takes no route config) is public like the JSON.
    if (request.routeOptions.url === '/api/docs' || request.routeOptions.url.startsWith('/api/docs/')) return;
    request.caller = await callerFromToken(app.services, bearer(request) ?? '');
  });
}
