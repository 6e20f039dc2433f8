import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NULL_UUID } from '@sapo/common';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectError, expectForbidden, expectNotFound } from '../users/users-fixtures.ts';
import {
  createAsset,
  type EntityWorld,
  insertDevice,
  ok,
  ref,
  setupEntityWorld,
  type Who,
} from '../entities/entity-fixtures.ts';

/**
 * The graph (Contains unless noted):
 *   Root → A1 → A2 → A3 → Root (a cycle)      A1 -Manages→ D1 (device, Customer A)
 *   Root → B1 → B3,  Root → B2 → B3 (a diamond)   B3 → D1
 *   Root -Manages→ A1 in group RULE_CHAIN
 * Root, A1 and D1 are assigned to Customer A; the others are not.
 */
let t: TestApp;
let w: EntityWorld;
const id: Record<string, string> = {};
const names: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  w = await setupEntityWorld(t);
  for (const [key, type] of [
    ['Root', 'site'],
    ['A1', 'building'],
    ['A2', 'floor'],
    ['A3', 'room'],
    ['B1', 'building'],
    ['B2', 'building'],
    ['B3', 'floor'],
  ] as const) {
    id[key] = (await createAsset(t, w.tokens.tenant, { name: `Q-${key}`, type })).id.id;
    names[id[key]!] = key;
  }
  id.D1 = await insertDevice(t, w.tenantId, 'Q-D1', w.customers.A);
  names[id.D1] = 'D1';
  for (const key of ['Root', 'A1']) {
    await ok(t.request('POST', `/api/customer/${w.customers.A}/asset/${id[key]}`, { token: w.tokens.tenant }));
  }
  const relate = (from: string, to: string, type = 'Contains', typeGroup = 'COMMON') =>
    ok(
      t.request('POST', '/api/relation', {
        token: w.tokens.tenant,
        body: {
          from: ref('ASSET', id[from]!),
          to: ref(to === 'D1' ? 'DEVICE' : 'ASSET', id[to]!),
          type,
          typeGroup,
        },
      }),
    );
  for (const [a, b] of [
    ['Root', 'A1'],
    ['A1', 'A2'],
    ['A2', 'A3'],
    ['A3', 'Root'],
    ['Root', 'B1'],
    ['Root', 'B2'],
    ['B1', 'B3'],
    ['B2', 'B3'],
    ['B3', 'D1'],
  ]) {
    await relate(a!, b!);
  }
  await relate('A1', 'D1', 'Manages');
  await relate('Root', 'A1', 'Manages', 'RULE_CHAIN');
});
afterAll(() => t.close());

interface Rel {
  from: { id: string };
  to: { id: string };
  type: string;
  fromName?: string;
  toName?: string;
}
const edge = (r: Rel) => `${names[r.from.id]}>${names[r.to.id]}${r.type === 'Contains' ? '' : `:${r.type}`}`;

async function query(body: Record<string, unknown>, who: Who = 'tenant', path = '/api/relations') {
  const res = await t.request('POST', path, { token: w.tokens[who], body });
  return res;
}
async function edges(parameters: Record<string, unknown>, filters: unknown[] = [], who: Who = 'tenant') {
  const rows: Rel[] = await ok(query({ parameters: { rootType: 'ASSET', ...parameters }, filters }, who));
  return rows.map(edge).sort();
}

describe('POST /api/relations (EntityRelationsQuery)', () => {
  it('walks FROM the root level by level', async () => {
    expect(await edges({ rootId: id.Root, direction: 'FROM', maxLevel: 1 })).toEqual(['Root>A1', 'Root>B1', 'Root>B2']);
    expect(await edges({ rootId: id.Root, direction: 'FROM', maxLevel: 2 })).toEqual(
      ['Root>A1', 'Root>B1', 'Root>B2', 'A1>A2', 'A1>D1:Manages', 'B1>B3', 'B2>B3'].sort(),
    );
  });

  it('walks without a limit, through the cycle and the diamond, each relation once', async () => {
    const all = await edges({ rootId: id.Root, direction: 'FROM', maxLevel: 0 });
    expect(all).toEqual(
      ['Root>A1', 'Root>B1', 'Root>B2', 'A1>A2', 'A1>D1:Manages', 'B1>B3', 'B2>B3', 'A2>A3', 'B3>D1', 'A3>Root'].sort(),
    );
    expect(await edges({ rootId: id.A2, direction: 'FROM' })).toEqual(
      ['A2>A3', 'A3>Root', 'Root>A1', 'Root>B1', 'Root>B2', 'A1>A2', 'A1>D1:Manages', 'B1>B3', 'B2>B3', 'B3>D1'].sort(),
    );
  });

  it('walks TO the root', async () => {
    expect(await edges({ rootId: id.D1, rootType: 'DEVICE', direction: 'TO', maxLevel: 1 })).toEqual([
      'A1>D1:Manages',
      'B3>D1',
    ]);
    expect(await edges({ rootId: id.D1, rootType: 'DEVICE', direction: 'TO', maxLevel: 2 })).toEqual(
      ['A1>D1:Manages', 'B3>D1', 'Root>A1', 'B1>B3', 'B2>B3'].sort(),
    );
  });

  it('fetches only the last level when asked', async () => {
    expect(await edges({ rootId: id.Root, direction: 'FROM', maxLevel: 2, fetchLastLevelOnly: true })).toEqual(
      ['A1>A2', 'A1>D1:Manages', 'B1>B3', 'B2>B3'].sort(),
    );
    // A level beyond the graph's depth has nothing.
    expect(await edges({ rootId: id.B3, direction: 'FROM', maxLevel: 3, fetchLastLevelOnly: true })).toEqual([]);
    // Without a limit: the deepest level reached.
    expect(await edges({ rootId: id.B1, direction: 'FROM', fetchLastLevelOnly: true })).toEqual(['B3>D1']);
  });

  it('applies relation-type and entity-type filters (any filter may match)', async () => {
    const p = { rootId: id.Root, direction: 'FROM', maxLevel: 0 };
    expect(await edges(p, [{ relationType: 'Manages' }])).toEqual(['A1>D1:Manages']);
    expect(await edges(p, [{ entityTypes: ['DEVICE'] }])).toEqual(['A1>D1:Manages', 'B3>D1']);
    expect(await edges(p, [{ relationType: 'Contains', entityTypes: ['DEVICE'] }])).toEqual(['B3>D1']);
    expect(
      await edges(p, [{ relationType: 'Manages' }, { relationType: 'Contains', entityTypes: ['DEVICE'] }]),
    ).toEqual(['A1>D1:Manages', 'B3>D1']);
    expect(await edges(p, [{ relationType: 'Nope' }])).toEqual([]);
  });

  it('walks one relation type group', async () => {
    expect(await edges({ rootId: id.Root, direction: 'FROM', relationTypeGroup: 'RULE_CHAIN', maxLevel: 0 })).toEqual([
      'Root>A1:Manages',
    ]);
  });

  it('returns names with /relations/info', async () => {
    const rows: Rel[] = await ok(
      query(
        { parameters: { rootId: id.B3, rootType: 'ASSET', direction: 'FROM', maxLevel: 1 }, filters: [] },
        'tenant',
        '/api/relations/info',
      ),
    );
    expect(rows).toEqual([
      {
        from: ref('ASSET', id.B3!),
        to: ref('DEVICE', id.D1!),
        type: 'Contains',
        typeGroup: 'COMMON',
        additionalInfo: null,
        fromName: 'Q-B3',
        toName: 'Q-D1',
      },
    ]);
  });

  it('shows customer users only relations between entities they may read', async () => {
    // Root, A1 and D1 are Customer A's: Root>A1 and A1>D1 only.
    expect(await edges({ rootId: id.Root, direction: 'FROM', maxLevel: 0 }, [], 'customer')).toEqual([
      'A1>D1:Manages',
      'Root>A1',
    ]);
    expectForbidden(await query({ parameters: { rootId: id.B1, rootType: 'ASSET', direction: 'FROM' } }, 'customer'));
    expectForbidden(await query({ parameters: { rootId: id.Root, rootType: 'ASSET', direction: 'FROM' } }, 'other'));
    expectNotFound(await query({ parameters: { rootId: NULL_UUID, rootType: 'ASSET', direction: 'FROM' } }));
  });

  it('validates the query', async () => {
    expectError(await query({}), 400, 31, "Field 'parameters' is required");
    expectError(
      await query({ parameters: { rootId: id.Root, rootType: 'ASSET', direction: 'UP' } }),
      400,
      31,
      /direction.*must be one of/,
    );
    expectError(
      await query({ parameters: { rootId: id.Root, rootType: 'ASSET', direction: 'FROM', maxLevel: -1 } }),
      400,
      31,
      /maxLevel/,
    );
    expectError(
      await query({
        parameters: { rootId: id.Root, rootType: 'ASSET', direction: 'FROM' },
        filters: [{ entityTypes: ['X'] }],
      }),
      400,
      31,
      /entityTypes/,
    );
  });
});

describe('search by query (POST /api/assets, /api/entityViews)', () => {
  const params = (root: string, maxLevel = 0) => ({ rootId: root, rootType: 'ASSET', direction: 'FROM', maxLevel });

  it('finds related assets of the wanted types', async () => {
    const find = async (body: Record<string, unknown>, who: Who = 'tenant') =>
      (await ok(t.request('POST', '/api/assets', { token: w.tokens[who], body }))).map((a: { name: string }) => a.name);
    expect(await find({ parameters: params(id.Root!), relationType: 'Contains', assetTypes: ['floor'] })).toEqual([
      'Q-A2',
      'Q-B3',
    ]);
    expect(
      await find({ parameters: params(id.Root!, 1), relationType: 'Contains', assetTypes: ['building', 'floor'] }),
    ).toEqual(['Q-A1', 'Q-B1', 'Q-B2']);
    expect(await find({ parameters: params(id.Root!), relationType: 'Manages', assetTypes: ['building'] })).toEqual([]);
    expect(await find({ parameters: params(id.Root!), assetTypes: ['building'] }, 'customer')).toEqual(['Q-A1']);
    expectError(
      await t.request('POST', '/api/assets', { token: w.tokens.tenant, body: { parameters: params(id.Root!) } }),
      400,
      31,
      "Field 'assetTypes' is required",
    );
    expectForbidden(
      await t.request('POST', '/api/assets', {
        token: w.tokens.customerB,
        body: { parameters: params(id.Root!), assetTypes: ['building'] },
      }),
    );
  });

  it('finds related entity views', async () => {
    const view = await ok(
      t.request('POST', '/api/entityView', {
        token: w.tokens.tenant,
        body: { name: 'Q-View', type: 'panel', entityId: ref('DEVICE', id.D1!) },
      }),
    );
    await ok(
      t.request('POST', '/api/relation', {
        token: w.tokens.tenant,
        body: { from: ref('ASSET', id.B3!), to: view.id, type: 'Shows' },
      }),
    );
    const found = await ok(
      t.request('POST', '/api/entityViews', {
        token: w.tokens.tenant,
        body: { parameters: params(id.Root!), relationType: 'Shows', entityViewTypes: ['panel'] },
      }),
    );
    expect(found.map((v: { name: string }) => v.name)).toEqual(['Q-View']);
  });
});
