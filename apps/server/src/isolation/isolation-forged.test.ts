import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { OpenApiDoc } from './isolation-cases.ts';
import { type ForgedCase, forgedCases } from './isolation-forged.ts';
import { isForeign } from './isolation-model.ts';
import { type Outcome, problemOf, runCases } from './isolation-run.ts';
import { buildWorld, type IsolationWorld } from './isolation-world.ts';

/**
 * Forged bodies (issue 18): every POST body field of /api/openapi.json that names an owner or an
 * entity, given another tenant's or customer's id. Nothing moves to another owner, nothing links
 * to another owner's entity, no update reaches another owner's entity.
 */
let t: TestApp;
let w: IsolationWorld;
let cases: ForgedCase[];
let outcomes: Outcome[];
let before: string;
let after: string;

/** The other tenant's rows, in every table that says which tenant a row belongs to. */
async function otherTenantDigest(): Promise<string> {
  const tables = await t.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND column_name = 'tenant_id' ORDER BY table_name`,
  );
  const parts: string[] = [];
  for (const { table_name: name } of tables) {
    if (['audit_log', 'event', 'api_usage', 'ts_kv_1m', 'ts_rollup_state'].includes(name)) continue;
    const rows = await t.db.query<{ d: string | null }>(
      `SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS d FROM "${name}" x WHERE tenant_id = $1`,
      [w.tenantIds.t2],
    );
    parts.push(`${name}:${rows[0]?.d}`);
  }
  return parts.join('\n');
}

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  const doc = (await t.request('GET', '/api/openapi.json')).json() as OpenApiDoc;
  cases = forgedCases(doc, w, [w.actors.t1, w.actors.cA, w.actors.pub]);
  before = await otherTenantDigest();
  outcomes = await runCases(t, cases);
  after = await otherTenantDigest();
}, 300_000);
afterAll(() => t?.close());

describe('forged bodies', () => {
  it('cover every body field that names an owner or an entity', () => {
    const fields = new Set(cases.map((c) => `${c.op} ${(c as ForgedCase).field}`));
    for (const f of [
      'POST /api/device tenantId',
      'POST /api/device customerId',
      'POST /api/device deviceProfileId',
      'POST /api/device id',
      'POST /api/deviceProfile defaultRuleChainId',
      'POST /api/entityView entityId',
      'POST /api/alarm originator',
      'POST /api/relation to',
      'POST /api/user customerId',
      'POST /api/entitiesQuery/find entityFilter',
      'POST /api/relation (own)',
      'POST /api/device ?accessToken',
      'POST /api/device/credentials credentialsId',
      'POST /api/alarm (own)',
    ]) {
      expect(fields).toContain(f);
    }
  });

  it('never apply another owner’s id: refused, or ignored and not echoed; never a 5xx', () => {
    const problems = outcomes.flatMap((o) => {
      // A reference the call cannot use may be refused as bad input too (400), as ThingsBoard does.
      const p =
        o.status === 400 && o.c.mode === 'deny' && o.body.includes('"errorCode":') ? undefined : problemOf(o, w);
      const f = (o.c as ForgedCase).field;
      return p ? [`${o.c.actor.key} ${o.c.op} ${f}=${o.c.target?.label}: ${p}`] : [];
    });
    expect(problems).toEqual([]);
    // Not vacuous: the tenant administrator's own updates with a forged owner went through (ignored owner).
    const movedOwn = outcomes.filter(
      (o) =>
        o.c.actor.key === 't1' &&
        (o.c as ForgedCase).field === 'tenantId' &&
        (o.c.body as { id?: unknown }).id !== undefined &&
        o.status === 200,
    );
    expect(movedOwn.map((o) => o.c.op)).toEqual(
      expect.arrayContaining(['POST /api/device', 'POST /api/asset', 'POST /api/entityView', 'POST /api/dashboard']),
    );
  });

  it('select by type only what the caller sees (entity and alarm queries)', async () => {
    const problems: string[] = [];
    for (const key of ['t1', 't2', 'cA', 'cB', 'pub'] as const) {
      const actor = w.actors[key];
      const foreign = w.entities.filter((e) => isForeign(actor, e));
      for (const entityType of ['DEVICE', 'ASSET', 'ENTITY_VIEW', 'CUSTOMER', 'DASHBOARD', 'USER']) {
        const entityFilter = { type: 'entityType', entityType };
        const pageLink = { pageSize: 100, page: 0 };
        for (const [url, body] of [
          ['/api/entitiesQuery/find', { entityFilter, pageLink }],
          ['/api/entitiesQuery/count', { entityFilter }],
          ['/api/alarmsQuery/find', { entityFilter, pageLink }],
        ] as const) {
          const res = await t.request('POST', url, { token: actor.token, body });
          const leaked = foreign.filter((e) => res.body.includes(e.id));
          if (res.statusCode >= 500 || leaked.length)
            problems.push(`${key} ${url} ${entityType}: ${res.statusCode} ${leaked.map((e) => e.label).join(', ')}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('leave the other tenant’s rows as they were', () => {
    expect(after).toBe(before);
  });
});
