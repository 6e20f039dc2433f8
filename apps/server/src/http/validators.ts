import { Ajv } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/app-error.ts';

/** Path of the first string (or key) holding U+0000, which PostgreSQL text and jsonb cannot store. */
export function findNul(value: unknown, root: string): string | undefined {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return at;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const childPath = at ? `${at}.${k}` : k;
        if (k.includes('\u0000')) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/** Name of the first query or path value (or list item) coerced to ±Infinity or NaN. */
export function findNonFinite(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  for (const [k, v] of Object.entries(value)) {
    const items: unknown[] = Array.isArray(v) ? v : [v];
    if (items.some((x) => typeof x === 'number' && !Number.isFinite(x))) return k;
  }
  return undefined;
}

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
  // A NUL character would reach SQL and fail there as a 500; refuse it up front, naming the field.
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['query', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const at = findNul(value, '');
      if (at !== undefined) throw badRequest(`Invalid value of '${at || part}': must not contain NUL characters`);
    }
  });
  // ajv's integer and number checks let "Infinity" through (Infinity % 1 is NaN, which passes), and no
  // query or path value means it: refused after coercion, before it reaches SQL as a 500.
  app.addHook('preHandler', async (request) => {
    for (const value of [request.query, request.params]) {
      const at = findNonFinite(value);
      if (at !== undefined) throw badRequest(`Invalid value of '${at}': must be a finite number`);
    }
  });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strict : coercing;
    return ajv.compile(schema);
  });
}
