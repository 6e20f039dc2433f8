import fc from 'fast-check';
import { encodeUrlValue, nastyString, nastyValue, toJsonText } from './nasty.ts';
import { schemaArbitrary, type GenContext, type JsonSchema } from './schema-arbitrary.ts';

export interface Param {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the OpenAPI document. */
export interface Operation {
  method: string;
  path: string;
  params: Param[];
  /** The JSON body schema; undefined when the document declares none. */
  body: JsonSchema | undefined;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Param[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

const METHODS = new Set(['get', 'post', 'put', 'delete', 'patch']);

/** Every operation the document lists (so a new route is fuzzed without touching the fuzzer). */
export function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      ops.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return ops;
}

/** The last fixed segment of a path: '/api/device/{id}/credentials' → 'credentials', '/api/device' → 'device'. */
function resourceOf(path: string, before?: string): string {
  const segments = path.split('/');
  const end = before ? segments.indexOf(`{${before}}`) : segments.length;
  return (
    segments
      .slice(0, end)
      .reverse()
      .find((x) => x && !x.startsWith('{')) ?? ''
  );
}

/** What a path parameter names: itself (`deviceId`), or for a bare `{id}` the path before it ('device/info'). */
function paramHint(path: string, name: string): string {
  return name === 'id' ? path.slice(0, path.indexOf('{id}')) : name;
}

/** A parameter value as it travels in a URL: arrays comma-joined, the way ThingsBoard reads lists. */
function urlText(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(',');
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

const JUNK_QUERY = fc.constantFrom(
  '__proto__[admin]=1',
  'constructor[prototype][x]=1',
  'pageSize=10&pageSize=20',
  'keys=a&keys=b',
  '%ZZ=1',
  'a[b][c][d][e]=1',
  '=',
  '&&&',
);

/** Bodies a careless or hostile client sends instead of the declared JSON. */
const JUNK_BODY: fc.Arbitrary<{ payload: string; type: string }> = fc.oneof(
  fc.record({ payload: fc.string({ unit: 'binary', maxLength: 60 }), type: fc.constant('application/json') }),
  fc.record({
    payload: fc.constantFrom('{', '{"a":', '[1,2', '"\\ud800"', '{"a":"\\u0000"}', 'null', '', '1e999', '{"a":1}x'),
    type: fc.constant('application/json'),
  }),
  fc.record({
    payload: fc.constantFrom('{"a":1}', 'a=1&b=2', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'),
    type: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
      'application/xml',
      'application/octet-stream',
    ),
  }),
);

function bodyArbitrary(op: Operation, ctx: GenContext): fc.Arbitrary<{ payload: string; type: string } | undefined> {
  if (op.method === 'GET' || (op.method === 'DELETE' && !op.body)) return fc.constant(undefined);
  const json = (
    op.body
      ? schemaArbitrary(op.body, ctx, 0, resourceOf(op.path))
      : fc.oneof(nastyValue, fc.jsonValue({ maxDepth: 3 }))
  ).map((v) => ({ payload: toJsonText(v), type: 'application/json' }));
  if (ctx.nastiness === 0) return json;
  return fc.oneof({ weight: 8, arbitrary: json }, { weight: 1, arbitrary: JUNK_BODY }, fc.constant(undefined));
}

/** `arb` one time in ten, else `otherwise`. */
function rarely<T, U>(arb: fc.Arbitrary<T>, otherwise: U): fc.Arbitrary<T | U> {
  return fc.oneof({ weight: 9, arbitrary: fc.constant(otherwise) }, { weight: 1, arbitrary: arb });
}

/**
 * Requests for the operation: half of them shaped by its schemas throughout (to reach past validation
 * into the services), half with wrong-typed or hostile values at any place.
 */
export function requestArbitrary(op: Operation, ctx: GenContext): fc.Arbitrary<FuzzRequest> {
  if (ctx.nastiness === 0) return oneRequestArbitrary(op, ctx);
  return fc.oneof(oneRequestArbitrary(op, { ...ctx, nastiness: 0 }), oneRequestArbitrary(op, ctx));
}

/**
 * `{entityType}/{entityId}` paths: half the time a type and an id that go together (a device's id with
 * DEVICE), so telemetry, attribute, alarm and event reads get past "not found".
 */
function withEntityPairs(params: Param[], values: fc.Arbitrary<unknown[]>, ctx: GenContext): fc.Arbitrary<unknown[]> {
  const iType = params.findIndex((p) => p.name === 'entityType');
  const iId = params.findIndex((p) => p.name === 'entityId');
  const pairs = Object.entries(ctx.entities ?? {}).flatMap(([type, ids]) => ids.map((id) => [type, id] as const));
  if (iType < 0 || iId < 0 || pairs.length === 0 || ctx.nastiness > 0) return values;
  const paired = fc.tuple(values, fc.constantFrom(...pairs)).map(([v, [type, id]]) => {
    const out = [...v];
    out[iType] = type;
    out[iId] = id;
    return out;
  });
  return fc.oneof(values, paired);
}

/** A request for the operation: path and query parameters and a body generated from its schemas. */
function oneRequestArbitrary(op: Operation, ctx: GenContext): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const pathValues = withEntityPairs(
    pathParams,
    fc.tuple(...pathParams.map((p) => schemaArbitrary(p.schema, ctx, 0, paramHint(op.path, p.name)))),
    ctx,
  );
  const queryValues = fc.tuple(
    ...queryParams.map((p) => {
      const value = schemaArbitrary(p.schema, ctx, 0, p.name);
      // A required parameter is mostly present; a missing one must answer 400.
      if (p.required && ctx.nastiness === 0) return value;
      return p.required
        ? fc.oneof({ weight: 9, arbitrary: value }, fc.constant(undefined))
        : fc.option(value, { nil: undefined, freq: 2 });
    }),
  );
  const extraQuery = ctx.nastiness === 0 ? fc.constant(undefined) : rarely(JUNK_QUERY, undefined);
  const extraHeader =
    ctx.nastiness === 0
      ? fc.constant({})
      : rarely(
          fc.oneof(
            fc.record({ 'x-authorization': fc.constantFrom('Bearer ', 'Bearer x.y.z', 'Basic Zm9vOmJhcg==') }),
            fc.record({ accept: fc.constantFrom('text/html', 'application/xml', '*/*;q=x') }),
            fc.record({ 'accept-language': nastyString.map((s) => encodeUrlValue(s).slice(0, 100)) }),
          ),
          {},
        );
  return fc
    .tuple(pathValues, queryValues, extraQuery, bodyArbitrary(op, ctx), extraHeader)
    .map(([pv, qv, junk, body, header]) => {
      let path = op.path;
      pathParams.forEach((p, i) => {
        path = path.replace(`{${p.name}}`, encodeUrlValue(urlText(pv[i])));
      });
      const query = queryParams
        .map((p, i) => (qv[i] === undefined ? undefined : `${p.name}=${encodeUrlValue(urlText(qv[i]))}`))
        .filter((q): q is string => q !== undefined);
      if (junk) query.push(junk);
      const headers: Record<string, string> = { ...header };
      if (body) headers['content-type'] = body.type;
      return {
        method: op.method,
        url: query.length ? `${path}?${query.join('&')}` : path,
        headers,
        ...(body ? { payload: body.payload } : {}),
      };
    });
}
