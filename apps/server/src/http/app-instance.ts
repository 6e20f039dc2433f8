import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Services } from '../services.ts';
import type { Caller } from '../modules/auth/caller.ts';

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    /** Set by the auth hook on every non-public /api route. */
    caller: Caller;
  }
  interface FastifyContextConfig {
    /** No JWT needed (sign-in, no-auth entry points, health). */
    public?: boolean;
  }
}
