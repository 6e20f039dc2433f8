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
  /** Existing ids by kind ('device', 'deviceprofile', 'user', ...), picked by the field's name. */
  ids: Readonly<Record<string, readonly string[]>>;
  strings: readonly string[];
  /** Ids by entity type (DEVICE, ASSET, ...), for `{entityType}/{entityId}` paths. */
  entities?: Readonly<Record<string, readonly string[]>>;
  /** Values a field of that name (lower case) takes: `sortorder` → ASC, DESC. */
  named?: Readonly<Record<string, readonly string[]>>;
  /** Weight of a schema-ignoring value at each node, against 10 for a schema-shaped one; 0 = valid only. */
  nastiness: number;
}

const MAX_DEPTH = 6;

/** Ids of the kind a field name suggests (`deviceProfileId` → device profiles), else of every kind. */
export function idsFor(ctx: GenContext, hint: string): readonly string[] {
  // The kind named last wins ('/api/customer/{id}/device' is about devices), the longest on a tie.
  const h = hint.toLowerCase().replace(/[^a-z]/g, '');
  const kind = Object.keys(ctx.ids)
    .filter((k) => h.includes(k))
    .sort((a, b) => h.lastIndexOf(b) + b.length - (h.lastIndexOf(a) + a.length) || b.length - a.length)[0];
  return kind ? (ctx.ids[kind] ?? []) : Object.values(ctx.ids).flat();
}

function oneOfIds(ids: readonly string[]): fc.Arbitrary<string> {
  return ids.length ? fc.constantFrom(...ids) : fc.uuid();
}

function stringArb(s: JsonSchema, ctx: GenContext, hint: string): fc.Arbitrary<string> {
  if (s.format === 'uuid') {
    return fc.oneof(
      { weight: 6, arbitrary: oneOfIds(idsFor(ctx, hint)) },
      { weight: 1, arbitrary: oneOfIds(Object.values(ctx.ids).flat()) },
      { weight: 2, arbitrary: fc.uuid() },
      { weight: 1, arbitrary: fc.constant('13814000-1dd2-11b2-8080-808080808080') },
    );
  }
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 64;
  const named = (ctx.named?.[hint.toLowerCase()] ?? []).filter((x) => x.length >= min && x.length <= max);
  const fits = ctx.strings.filter((x) => x.length >= min && x.length <= max);
  const boundaries = [...new Set([min, Math.min(max, 4096)])].map((n) => 'b'.repeat(n));
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern));
  return fc.oneof(
    { weight: named.length ? 12 : 0, arbitrary: fc.constantFrom(...(named.length ? named : [''])) },
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

function objectArb(s: JsonSchema, ctx: GenContext, depth: number, hint: string): fc.Arbitrary<unknown> {
  const props = s.properties ?? {};
  const keys = Object.keys(props);
  if (keys.length === 0) return s.additionalProperties === false ? fc.constant({}) : anyJson(ctx);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  // `{ id: { id, entityType } }` and `deviceId: { id }`: an inner `id` is named by its parent.
  for (const k of keys) model[k] = schemaArbitrary(props[k] ?? {}, ctx, depth + 1, k === 'id' ? hint : k);
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

function shapedArb(s: JsonSchema, ctx: GenContext, depth: number, hint: string): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => schemaArbitrary(a, ctx, depth, hint)));
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => shapedArb({ ...s, type }, ctx, depth, hint)));
  switch (types[0]) {
    case 'string':
      return stringArb(s, ctx, hint);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = depth >= MAX_DEPTH ? fc.constant(null) : schemaArbitrary(s.items ?? {}, ctx, depth + 1, hint);
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 4, 4));
      return fc.array(items, { minLength, maxLength });
    }
    case 'object':
      return depth >= MAX_DEPTH ? fc.constant({}) : objectArb(s, ctx, depth, hint);
    default:
      return anyJson(ctx);
  }
}

/**
 * Values for a schema: mostly shaped like it (real ids, boundary lengths and numbers), and, weighted by
 * `ctx.nastiness`, values of the wrong type or hostile content at any node. `hint` names the value (a
 * field or parameter name, or the path it belongs to) so that ids are of the right kind.
 */
export function schemaArbitrary(schema: JsonSchema, ctx: GenContext, depth = 0, hint = ''): fc.Arbitrary<unknown> {
  const shaped = shapedArb(schema, ctx, depth, hint);
  const withNull = schema.nullable ? fc.oneof({ weight: 9, arbitrary: shaped }, fc.constant(null)) : shaped;
  if (ctx.nastiness === 0) return withNull;
  return fc.oneof({ weight: 10, arbitrary: withNull }, { weight: ctx.nastiness, arbitrary: nastyValue });
}
