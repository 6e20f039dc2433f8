import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ErrorBodySchema } from '@sapo/common';

const ERROR_BODY_ID = 'ErrorBody';

/**
 * Every documented /api route answers 4xx in ThingsBoard's error body: one shared schema (a component in
 * /api/openapi.json) is added to each route's `response` here rather than in 30 route files.
 *
 * `check` (tests only): each JSON answer serialized through a response schema must equal the plain
 * `JSON.stringify` of what the handler returned. fast-json-stringify silently drops a property a schema
 * misses and coerces mistyped values; with the check on, every API test proves that no route does.
 */
export function registerResponseContract(app: FastifyInstance, opts: { check: boolean }): void {
  app.addSchema({ ...ErrorBodySchema, $id: ERROR_BODY_ID });
  app.addHook('onRoute', (route) => {
    const schema = route.schema;
    if (!schema || schema.hide || !route.url.startsWith('/api/')) return;
    const response = (schema.response ?? {}) as Record<string, unknown>;
    if (!('4xx' in response)) schema.response = { ...response, '4xx': { $ref: `${ERROR_BODY_ID}#` } };
  });
  if (opts.check) registerSerializationCheck(app);
}

function registerSerializationCheck(app: FastifyInstance): void {
  const sent = new WeakMap<FastifyReply, unknown>();
  app.addHook('preSerialization', async (_req, reply, payload) => {
    sent.set(reply, payload);
    return payload;
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (!sent.has(reply) || typeof payload !== 'string') return payload;
    const original = sent.get(reply);
    sent.delete(reply);
    const expected: unknown = JSON.parse(JSON.stringify(original) ?? 'null');
    const actual: unknown = JSON.parse(payload);
    if (!isDeepStrictEqual(actual, expected)) {
      const message =
        `Response schema of ${req.method} ${req.routeOptions.url} changed the answer (status ${reply.statusCode}):\n` +
        `returned:   ${JSON.stringify(expected)}\nserialized: ${payload}`;
      // Printed as well: the 500 body of a failing test hides the details.
      console.error(message);
      throw new Error(message);
    }
    return payload;
  });
}
