import { Ajv } from 'ajv';
import type { FastifyInstance } from 'fastify';

/**
 * Query strings and path params are text, so they are coerced ("10" → 10); JSON bodies are
 * checked strictly, so a number where a string belongs is a 400 naming the field, not a silent cast.
 */
export function registerValidators(app: FastifyInstance): void {
  const base = { allErrors: false, useDefaults: true, strict: false } as const;
  const coercing = new Ajv({ ...base, coerceTypes: 'array', removeAdditional: false });
  const strict = new Ajv({ ...base, coerceTypes: false, removeAdditional: false });
  for (const ajv of [coercing, strict]) {
    ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    ajv.addFormat('email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/);
  }
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strict : coercing;
    return ajv.compile(schema);
  });
}
