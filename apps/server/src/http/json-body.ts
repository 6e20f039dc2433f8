import { depthMessage, jsonTextTooDeep, jsonValueProblem } from '@sapo/common';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/app-error.ts';

/**
 * The JSON body parser of every API route: Fastify's own (prototype-poisoning keys removed), with
 * the limits of json-limits.ts in front. JSON nested too deep is refused before parsing, strings
 * and keys PostgreSQL cannot store (a lone surrogate such as "\ud800", NUL) right after, so no
 * route ever sees them: a 400 (errorCode 31) instead of a 500 from SQL — or a half-done write.
 * Routes that read their body as text (telemetry, device API) apply the same limits when parsing.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('remove', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (jsonTextTooDeep(text)) return done(badRequest(depthMessage()), undefined);
    // Fastify's default parser answers through `done` and returns nothing (its type also allows the
    // promise-returning form of custom parsers).
    void parse(req, text, (err, value) => {
      if (err) return done(err, undefined);
      const problem = jsonValueProblem(value);
      if (problem) return done(badRequest(problem), undefined);
      done(null, value);
    });
  });
}
