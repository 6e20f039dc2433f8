import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { ROUTES_WITHOUT_RESPONSE_SCHEMA } from './response-schema-exemptions.ts';

interface Operation {
  responses?: Record<string, { content?: unknown }>;
}

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.request('GET', '/api/openapi.json')).json();
});
afterAll(() => t.close());

/** "METHOD /path" of every documented operation whose success answer has no schema. */
function withoutResponseSchema(): string[] {
  const out: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      // A success answer with a schema, or a declared redirect.
      const ok = Object.entries(op.responses ?? {}).some(
        ([code, r]) => (/^2/.test(code) && r.content) || /^3/.test(code),
      );
      if (!ok) out.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return out.sort();
}

describe('API response contract', () => {
  it('every route declares the schema of its success answer (the exemption list only shrinks)', () => {
    const missing = withoutResponseSchema();
    if (process.env.PRINT_MISSING) console.log(missing.map((r) => `  '${r}',`).join('\n'));
    const notExempt = missing.filter((r) => !ROUTES_WITHOUT_RESPONSE_SCHEMA.includes(r));
    expect(notExempt, 'routes without a response schema').toEqual([]);
    // A route that gained its schema leaves the list, so the list stays the true remainder.
    const stale = ROUTES_WITHOUT_RESPONSE_SCHEMA.filter((r) => !missing.includes(r));
    expect(stale, 'remove these from response-schema-exemptions.ts').toEqual([]);
  });

  it('every route documents the 4xx error body', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(op.responses?.['4XX'], `${method} ${path}`).toBeDefined();
      }
    }
  });
});
