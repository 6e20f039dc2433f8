import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Messages } from '@sapo/common';
import { unauthorized } from '../lib/app-error.ts';
import type { Caller } from '../modules/auth/caller.ts';

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers['x-authorization'] ?? request.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  return value.startsWith('Bearer ') ? value.slice(7) : undefined;
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
    const token = bearer(request);
    if (!token) throw unauthorized('Authentication failed');
    const claims = await app.services.tokens.verifyAccess(token);
    await app.services.auth.checkSession(claims.sessionId);
    if (!claims.enabled && !claims.isPublic) throw unauthorized(Messages.notActive);
    request.caller = {
      userId: claims.userId,
      email: claims.sub,
      authority: claims.authority,
      tenantId: claims.tenantId,
      customerId: claims.customerId,
      isPublic: claims.isPublic,
      sessionId: claims.sessionId,
    };
  });
}
