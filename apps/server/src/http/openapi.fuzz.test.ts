import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLog, type ErrorLog } from '../test/fuzz/error-log.ts';
import { fixtureValues, freshTokens, populate, signIn, type Callers } from '../test/fuzz/fixture-values.ts';
import { fcParams, fuzzSettings, fuzzTimeout, replayHint } from '../test/fuzz/fuzz-settings.ts';
import { operationsOf, requestArbitrary, type FuzzRequest, type Operation } from '../test/fuzz/openapi-requests.ts';
import type { GenContext } from '../test/fuzz/schema-arbitrary.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Every operation of /api/openapi.json, sent generated requests (schema-shaped, boundary, wrong-typed and
 * hostile values) as each kind of caller: no answer is a 5xx, every error has ThingsBoard's body, and the
 * server still serves its callers afterwards. New routes are fuzzed as soon as they are in the document.
 */

/** Operations not fuzzed, and why: none yet — those that end the caller's session get fresh sessions. */
const SKIPPED: Record<string, string> = {};

/** Operations that end the session they run in: each run signs in afresh. */
const SESSION_ENDING = new Set(['POST /api/auth/logout', 'POST /api/auth/changePassword']);

/**
 * Answers that are not in ThingsBoard's REST error body on purpose, as in ThingsBoard 3.2: the device
 * API answers devices with a bare status (or a plain-text reason), the activation and reset links
 * answer an unknown token with an empty 409, and a refused claim is a 400 with `"FAILURE"` or
 * `"CLAIMED"` (reference §2.2, §3, §6). They must still never be a 5xx.
 */
function bareErrorsAllowed(req: FuzzRequest, res: LightMyRequestResponse): boolean {
  const path = req.url.split('?')[0] ?? '';
  if (path.startsWith('/api/v1/')) return true;
  if (req.method === 'GET' && (path === '/api/noauth/activate' || path === '/api/noauth/resetPassword')) return true;
  return (
    req.method === 'POST' &&
    /^\/api\/customer\/device\/[^/]+\/claim$/.test(path) &&
    res.statusCode === 400 &&
    (res.body === '"FAILURE"' || res.body === '"CLAIMED"')
  );
}

/** Runs per operation in `npm test`. */
const RUNS = 12;
/** A request still unanswered after this is left running and checked at the end (long polls, RPC waits). */
const SLOW_MS = 400;

const settings = fuzzSettings();
let t: TestApp;
let log: ErrorLog;
let callers: Callers;
let ops: Operation[];
let ctx: GenContext;
const late: Array<{ req: FuzzRequest; res: Promise<LightMyRequestResponse> }> = [];

beforeAll(async () => {
  log = errorLog();
  t = await createTestApp({}, { logger: log.logger });
  callers = await signIn(t);
  await populate(t, callers);
  const doc = (await t.request('GET', '/api/openapi.json')).json();
  ops = operationsOf(doc);
  ctx = { ...(await fixtureValues(t, callers.protectedIds, callers.tenantId)), nastiness: 3 };
}, 120_000);
afterAll(() => t?.close());

type Role = 'sysadmin' | 'tenant' | 'customer' | 'anonymous';
const ROLE = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Role>('tenant') },
  { weight: 2, arbitrary: fc.constant<Role>('sysadmin') },
  { weight: 2, arbitrary: fc.constant<Role>('customer') },
  { weight: 1, arbitrary: fc.constant<Role>('anonymous') },
);

function describeReq(req: FuzzRequest, role: Role): string {
  const body = req.payload === undefined ? '' : ` body ${req.payload.slice(0, 300)}`;
  return `${role}: ${req.method} ${req.url.slice(0, 300)}${body}`;
}

/** A 5xx, or an error without ThingsBoard's body, as a message; undefined when the answer is fine. */
function problemOf(req: FuzzRequest, res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400 || bareErrorsAllowed(req, res)) return undefined;
  let body: Record<string, unknown>;
  try {
    body = res.json();
  } catch {
    return `error ${res.statusCode} without a JSON body: ${res.body.slice(0, 200)}`;
  }
  const ok =
    body.status === res.statusCode &&
    typeof body.message === 'string' &&
    typeof body.errorCode === 'number' &&
    typeof body.timestamp === 'string';
  return ok ? undefined : `error ${res.statusCode} not in ThingsBoard's shape: ${res.body.slice(0, 200)}`;
}

async function send(req: FuzzRequest, token: string | undefined) {
  const res = t.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: { ...(token ? { 'x-authorization': `Bearer ${token}` } : {}), ...req.headers },
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  });
  const timer = new Promise<undefined>((r) => setTimeout(r, SLOW_MS, undefined));
  const first = await Promise.race([res, timer]);
  if (first === undefined) late.push({ req, res });
  return first;
}

/** The server still answers its callers: health, and each signed-in user's own profile. */
async function expectHealthy(after: string) {
  expect((await t.request('GET', '/api/health')).statusCode, `health after ${after}`).toBe(200);
  for (const [role, token] of Object.entries(callers.tokens)) {
    const res = await t.request('GET', '/api/auth/user', { token });
    expect(res.statusCode, `${role} session after ${after}: ${res.body}`).toBe(200);
  }
}

describe(`HTTP API fuzzing from /api/openapi.json (${replayHint(settings)})`, () => {
  it('the document lists the API (so the fuzzer reaches it)', () => {
    expect(ops.length).toBeGreaterThan(150);
    for (const key of Object.keys(SKIPPED)) expect(ops.map((o) => `${o.method} ${o.path}`)).toContain(key);
  });

  it(
    'answers every generated request below 500, errors in ThingsBoard body, and stays healthy',
    async () => {
      const failures: string[] = [];
      for (const op of ops) {
        const key = `${op.method} ${op.path}`;
        if (SKIPPED[key]) continue;
        const fresh = SESSION_ENDING.has(key);
        const logFrom = log.entries.length;
        const result = await fc.check(
          fc.asyncProperty(requestArbitrary(op, ctx), ROLE, async (req, role) => {
            const tokens = fresh ? await freshTokens(t) : callers.tokens;
            const res = await send(req, role === 'anonymous' ? undefined : tokens[role]);
            const problem = res && problemOf(req, res);
            if (problem) throw new Error(`${describeReq(req, role)}\n  ${problem}\n  ${log.since(logFrom)}`);
          }),
          fcParams(settings, RUNS),
        );
        if (result.failed) {
          failures.push(
            `${key} (seed ${result.seed}, path ${result.counterexamplePath}):\n${String(result.errorInstance)}`,
          );
        }
        await expectHealthy(key);
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
    },
    fuzzTimeout(settings, 240_000),
  );

  it('answers the slow requests (long polls, RPC waits) below 500 too', async () => {
    const settled = await Promise.all(
      late.map(async ({ req, res }) => {
        const r = await Promise.race([res, new Promise<undefined>((ok) => setTimeout(ok, 5000, undefined))]);
        const problem = r && problemOf(req, r);
        return problem ? `${req.method} ${req.url.slice(0, 200)}: ${problem}` : undefined;
      }),
    );
    expect(settled.filter(Boolean)).toEqual([]);
  }, 60_000);
});

describe('what the fuzzer found', () => {
  it.each(['pageSize=10&page=Infinity', 'pageSize=10&page=1e300', 'pageSize=Infinity&page=0', 'pageSize=NaN&page=0'])(
    'a page link %s is a 400 naming the field, not a 500 from SQL',
    async (query) => {
      const res = await t.request('GET', `/api/users?${query}`, { token: callers.tokens.tenant });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, errorCode: 31 });
      expect(res.json().message).toMatch(/^Invalid value of 'page(Size)?'/);
    },
  );
});
