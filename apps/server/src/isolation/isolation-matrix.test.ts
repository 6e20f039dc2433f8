import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { type Generated, type OpenApiDoc, generateCases } from './isolation-cases.ts';
import { relation } from './isolation-model.ts';
import { UNDOCUMENTED, apiRoutes, isDocsUi, variants } from './isolation-routes.ts';
import { type Outcome, digestTables, problemOf, runCases } from './isolation-run.ts';
import { buildWorld, type IsolationWorld } from './isolation-world.ts';

/**
 * The isolation matrix (issue 18): every id-taking operation of /api/openapi.json, for every role,
 * with the ids of other tenants' and customers' entities. Generated from the document at run time,
 * so an endpoint added tomorrow is covered tomorrow — or fails here until its parameters are known.
 */
let t: TestApp;
let w: IsolationWorld;
let doc: OpenApiDoc;
let gen: Generated;
let outcomes: Outcome[];
let before: Record<string, string>;
let after: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  doc = (await t.request('GET', '/api/openapi.json')).json() as OpenApiDoc;
  gen = generateCases(doc, w);
  before = await digestTables(t);
  outcomes = await runCases(t, gen.cases);
  after = await digestTables(t);
}, 300_000);
afterAll(() => t?.close());

describe('isolation matrix', () => {
  it('covers every id-taking operation of the OpenAPI document', () => {
    const ops = new Set(gen.cases.map((c) => c.op));
    expect(ops.size).toBeGreaterThan(90);
    // Every role took part, and every kind of the fixture world was aimed at.
    expect(new Set(gen.cases.map((c) => c.actor.key)).size).toBe(Object.keys(w.actors).length);
    const kinds = new Set(gen.cases.flatMap((c) => (c.target ? [c.target.kind] : [])));
    expect([...kinds].sort()).toEqual([...new Set(w.entities.map((e) => e.kind))].sort());
  });

  it('sees every /api route: none is hidden from the OpenAPI document', () => {
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    const routes = apiRoutes(t.app.printRoutes({ commonPrefix: false }));
    expect(routes.length).toBeGreaterThan(150);
    const hidden = routes.filter(
      (r) => !variants(r).some((v) => documented.has(v) || v in UNDOCUMENTED) && !isDocsUi(r),
    );
    expect(hidden.map((r) => `${r} is missing from /api/openapi.json, so the matrix cannot see it`)).toEqual([]);
  });

  it('never answers 2xx on another owner’s id, never 5xx, and refuses in ThingsBoard’s words', () => {
    const problems = outcomes.flatMap((o) => {
      const p = problemOf(o, w);
      return p ? [`${o.c.actor.key} ${o.c.method} ${o.c.url} [${o.c.target?.label ?? 'own'}]: ${p}`] : [];
    });
    if (process.env.ISOLATION_REPORT) {
      const ops = new Set(gen.cases.map((c) => c.op)).size;
      writeFileSync(process.env.ISOLATION_REPORT, problems.join('\n'));
      writeFileSync(`${process.env.ISOLATION_REPORT}.count`, `${gen.cases.length} calls over ${ops} operations\n`);
    }
    expect(problems).toEqual([]);
  });

  it('changes nothing: every table is as it was before the refused calls', () => {
    const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
    expect(changed).toEqual([]);
  });

  it('answers each kind of foreign id as pinned (403 or 404 per entity type, 401 without a token)', async () => {
    const lines = new Set<string>();
    for (const o of outcomes) {
      const who = o.c.actor.key;
      const aim = o.c.target ? `${relation(o.c.actor, o.c.target)} ${o.c.target.kind}` : 'own';
      lines.add(`${o.c.op} | ${who} | ${aim} -> ${o.status}`);
    }
    // Operations left out are pinned too, with their reason: a new one shows up in the diff.
    const left = [...gen.skipped.map((s) => `skipped: ${s}`), ...gen.idless.map((s) => `no id parameter: ${s}`)].sort();
    const text = [...left, ...[...lines].sort()].join('\n') + '\n';
    await expect(text).toMatchFileSnapshot('./isolation-matrix.answers.txt');
  });
});
