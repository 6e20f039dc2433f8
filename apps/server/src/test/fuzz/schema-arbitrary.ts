import fc from 'fast-check';
import { nastyValue } from './nasty.ts';

/** The part of JSON Schema (as @fastify/swagger writes TypeBox schemas) the generator understands. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  pattern?: string;
}

/** What valid-looking values are drawn from: ids and strings that exist in the fixture. */
export interface GenContext {
  ids: readonly string[];
  strings: readonly string[];
  /** Weight of a schema-ignoring value at each node, against 10 for a schema-shaped one; 0 = valid only. */
  nastiness: number;
}

const MAX_DEPTH = 6;

function stringArb(s: JsonSchema, ctx: GenContext): fc.Arbitrary<string> {
  if (s.format === 'uuid') {
    return fc.oneof(
      { weight: ctx.ids.length ? 6 : 0, arbitrary: fc.constantFrom(...(ctx.ids.length ? ctx.ids : ['x'])) },
      { weight: 2, arbitrary: fc.uuid() },
      { weight: 1, arbitrary: fc.constant('13814000-1dd2-11b2-8080-808080808080') },
    );
  }
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 64;
  const fits = ctx.strings.filter((x) => x.length >= min && x.length <= max);
  const boundaries = [...new Set([min, Math.min(max, 4096)])].map((n) => 'b'.repeat(n));
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern));
  return fc.oneof(
    { weight: fits.length ? 4 : 0, arbitrary: fc.constantFrom(...(fits.length ? fits : [''])) },
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 32) }) },
    { weight: 1, arbitrary: fc.constantFrom(...boundaries) },
  );
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined);
  const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : undefined);
  const edges = [lo, hi, 0, 1, 10, 100, 1_700_000_000_000].filter(
    (n): n is number => n !== undefined && (lo === undefined || n >= lo) && (hi === undefined || n <= hi),
  );
  const range = integer
    ? fc.integer({ min: Math.max(lo ?? -1e9, -(2 ** 31)), max: Math.min(hi ?? 1e9, 2 ** 31 - 1) })
    : fc.double({ min: lo ?? -1e12, max: hi ?? 1e12, noNaN: true, noDefaultInfinity: true });
  return fc.oneof(range, fc.constantFrom(...(edges.length ? edges : [0])));
}

function objectArb(s: JsonSchema, ctx: GenContext, depth: number): fc.Arbitrary<unknown> {
  const props = s.properties ?? {};
  const keys = Object.keys(props);
  if (keys.length === 0) return s.additionalProperties === false ? fc.constant({}) : anyJson(ctx);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const k of keys) model[k] = schemaArbitrary(props[k] ?? {}, ctx, depth + 1);
  const required = (s.required ?? []).filter((k) => k in props);
  const shaped = fc.record(model, { requiredKeys: required });
  if (ctx.nastiness === 0) return shaped;
  // Sometimes a required field is missing or an unknown one is added: both must be a 400, not a crash.
  return fc.oneof(
    { weight: 8, arbitrary: shaped },
    {
      weight: 1,
      arbitrary: fc.record(model, { requiredKeys: [] }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(shaped, fc.constantFrom('__proto__', 'constructor', 'unknownField', 'id'), nastyValue)
        .map(([o, k, v]) => ({
          ...(o as object),
          ...JSON.parse(`{${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}}`),
        })),
    },
  );
}

function anyJson(ctx: GenContext): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.dictionary(fc.constantFrom(...ctx.strings.slice(0, 20), 'key', 'value'), fc.jsonValue({ maxDepth: 1 }), {
      maxKeys: 4,
    }),
  );
}

function shapedArb(s: JsonSchema, ctx: GenContext, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => schemaArbitrary(a, ctx, depth)));
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => shapedArb({ ...s, type }, ctx, depth)));
  switch (types[0]) {
    case 'string':
      return stringArb(s, ctx);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = depth >= MAX_DEPTH ? fc.constant(null) : schemaArbitrary(s.items ?? {}, ctx, depth + 1);
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 4, 4));
      return fc.array(items, { minLength, maxLength });
    }
    case 'object':
      return depth >= MAX_DEPTH ? fc.constant({}) : objectArb(s, ctx, depth);
    default:
      return anyJson(ctx);
  }
}

/**
 * Values for a schema: mostly shaped like it (real ids, boundary lengths and numbers), and, weighted by
 * `ctx.nastiness`, values of the wrong type or hostile content at any node.
 */
export function schemaArbitrary(schema: JsonSchema, ctx: GenContext, depth = 0): fc.Arbitrary<unknown> {
  const shaped = shapedArb(schema, ctx, depth);
  const withNull = schema.nullable ? fc.oneof({ weight: 9, arbitrary: shaped }, fc.constant(null)) : shaped;
  if (ctx.nastiness === 0) return withNull;
  return fc.oneof({ weight: 10, arbitrary: withNull }, { weight: ctx.nastiness, arbitrary: nastyValue });
}
