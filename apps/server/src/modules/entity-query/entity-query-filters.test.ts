import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ok } from '../entities/entity-fixtures.ts';
import { count, names, seedQueryWorld, type QueryWorld } from './entity-query-fixtures.ts';
import { scaled } from '../../test/timeouts.ts';

let t: TestApp;
let w: QueryWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await seedQueryWorld(t);
}, scaled(60_000));
afterAll(() => t.close());

const ref = (entityType: string, id: string) => ({ entityType, id });
const id = (name: string) => w.ids[name]!;
const sorted = (a: string[]) => [...a].sort();

describe('entity filters (tenant administrator)', () => {
  const q = (filter: unknown) => names(t, w, w.tokens.tenant, filter);

  it('singleEntity and stateEntity select one entity; another tenant’s entity is never found', async () => {
    expect(await q({ type: 'singleEntity', singleEntity: ref('DEVICE', id('Pump 2')) })).toEqual(['Pump 2']);
    expect(await q({ type: 'singleEntity', singleEntity: ref('DEVICE', w.otherDeviceId) })).toEqual([]);
    // stateEntity: the entity the dashboard state sends, else the alias default.
    expect(
      await q({ type: 'stateEntity', stateEntityParamName: null, defaultStateEntity: ref('ASSET', id('Floor 1')) }),
    ).toEqual(['Floor 1']);
    expect(
      await q({
        type: 'stateEntity',
        singleEntity: ref('DEVICE', id('Pump 1')),
        defaultStateEntity: ref('ASSET', id('Floor 1')),
      }),
    ).toEqual(['Pump 1']);
    expect(await q({ type: 'stateEntity', defaultStateEntity: null })).toEqual([]);
  });

  it('entityList keeps the listed entities of the tenant', async () => {
    const list = [id('Pump 1'), id('Thermo B').toUpperCase(), w.otherDeviceId];
    expect(await q({ type: 'entityList', entityType: 'DEVICE', entityList: list })).toEqual(['Pump 1', 'Thermo B']);
    expect(await q({ type: 'entityList', entityType: 'ASSET', entityList: list })).toEqual([]);
  });

  it('entityName is a case-insensitive name prefix with wildcards taken literally', async () => {
    expect(await q({ type: 'entityName', entityType: 'DEVICE', entityNameFilter: 'pU' })).toEqual(['Pump 1', 'Pump 2']);
    expect(await q({ type: 'entityName', entityType: 'DEVICE', entityNameFilter: 'ump' })).toEqual([]);
    expect(await q({ type: 'entityName', entityType: 'DEVICE', entityNameFilter: '%' })).toEqual([]);
    expect(await q({ type: 'entityName', entityType: 'CUSTOMER', entityNameFilter: 'customer b' })).toEqual([
      'Customer B',
    ]);
  });

  it('entityType lists every type the tenant owns; types without a table are empty', async () => {
    expect(await q({ type: 'entityType', entityType: 'ASSET' })).toEqual(['Building 1', 'Floor 1', 'Floor 2']);
    expect(await q({ type: 'entityType', entityType: 'ENTITY_VIEW' })).toEqual(['View Pump 1']);
    expect(await q({ type: 'entityType', entityType: 'CUSTOMER' })).toEqual(['Customer A', 'Customer B', 'Customer C']);
    expect(await q({ type: 'entityType', entityType: 'TENANT' })).toEqual(['Tenant']);
    expect(sorted(await q({ type: 'entityType', entityType: 'USER' }))).toEqual(
      sorted(
        ['tenant@sapo.local', 'tuser@sapo.local', 'cadmin@sapo.local', 'customer@sapo.local'].concat(
          ['A', 'B', 'C'].map((l) => `customer${l}@sapo.local`),
        ),
      ),
    );
    expect(await q({ type: 'entityType', entityType: 'RULE_CHAIN' })).toEqual([]);
  });

  it('assetType, deviceType and entityViewType filter by type and name prefix', async () => {
    expect(await q({ type: 'assetType', assetType: 'floor' })).toEqual(['Floor 1', 'Floor 2']);
    expect(await q({ type: 'assetType', assetType: 'floor', assetNameFilter: 'FLOOR 2' })).toEqual(['Floor 2']);
    expect(await q({ type: 'deviceType', deviceType: 'thermostat', deviceNameFilter: '' })).toEqual([
      'Thermo A',
      'Thermo B',
    ]);
    expect(await q({ type: 'deviceType', deviceType: 'thermostat', deviceNameFilter: 'thermo a' })).toEqual([
      'Thermo A',
    ]);
    expect(await q({ type: 'deviceType', deviceType: 'pump' })).toEqual(['Pump 1', 'Pump 2']);
    expect(await q({ type: 'entityViewType', entityViewType: 'pumpView', entityViewNameFilter: 'view' })).toEqual([
      'View Pump 1',
    ]);
    expect(await q({ type: 'entityViewType', entityViewType: 'other' })).toEqual([]);
  });

  it('apiUsageState has no states yet: empty', async () => {
    expect(await q({ type: 'apiUsageState' })).toEqual([]);
  });

  it('relationsQuery walks levels, directions, filters and the last level', async () => {
    const root = ref('ASSET', id('Building 1'));
    const rq = (extra: Record<string, unknown>) =>
      q({ type: 'relationsQuery', rootEntity: root, direction: 'FROM', filters: [], ...extra });
    expect(await rq({ maxLevel: 1 })).toEqual(['Floor 1', 'Floor 2']);
    expect(await rq({ maxLevel: 0 })).toEqual(['Floor 1', 'Floor 2', 'Pump 1', 'Pump 2', 'Thermo A']);
    expect(await rq({ maxLevel: 2, fetchLastLevelOnly: true })).toEqual(['Pump 1', 'Pump 2', 'Thermo A']);
    expect(await rq({ maxLevel: 3, fetchLastLevelOnly: true })).toEqual([]);
    expect(await rq({ filters: [{ relationType: 'Contains', entityTypes: ['DEVICE'] }] })).toEqual([
      'Pump 1',
      'Thermo A',
    ]);
    expect(
      await rq({
        filters: [
          { relationType: 'Manages', entityTypes: [] },
          { relationType: null, entityTypes: ['ASSET'] },
        ],
      }),
    ).toEqual(['Floor 1', 'Floor 2', 'Pump 2']);
    const up = { type: 'relationsQuery', rootEntity: ref('DEVICE', id('Pump 1')), direction: 'TO', filters: [] };
    expect(await q(up)).toEqual(['Building 1', 'Floor 1']);
    expect(await q({ ...up, fetchLastLevelOnly: true })).toEqual(['Building 1']);
    // A dashboard-state root: the state's entity instead of rootEntity.
    expect(
      await rq({ rootEntity: null, rootStateEntity: true, defaultStateEntity: ref('ASSET', id('Floor 2')) }),
    ).toEqual(['Pump 2']);
    expect(await rq({ rootEntity: null })).toEqual([]);
  });

  it('asset, device and entity view search queries', async () => {
    const root = ref('ASSET', id('Building 1'));
    const base = { rootEntity: root, direction: 'FROM', maxLevel: 0 };
    expect(await q({ type: 'assetSearchQuery', ...base, relationType: 'Contains', assetTypes: ['floor'] })).toEqual([
      'Floor 1',
      'Floor 2',
    ]);
    expect(await q({ type: 'assetSearchQuery', ...base, relationType: 'Contains', assetTypes: ['building'] })).toEqual(
      [],
    );
    expect(await q({ type: 'deviceSearchQuery', ...base, relationType: 'Contains', deviceTypes: ['pump'] })).toEqual([
      'Pump 1',
    ]);
    expect(await q({ type: 'deviceSearchQuery', ...base, relationType: null, deviceTypes: [] })).toEqual([
      'Pump 1',
      'Pump 2',
      'Thermo A',
    ]);
    await ok(
      t.request('POST', '/api/relation', {
        token: w.tokens.tenant,
        body: { from: ref('ASSET', id('Floor 1')), to: ref('ENTITY_VIEW', id('View Pump 1')), type: 'Contains' },
      }),
    );
    expect(
      await q({ type: 'entityViewSearchQuery', ...base, relationType: 'Contains', entityViewTypes: ['pumpView'] }),
    ).toEqual(['View Pump 1']);
  });

  it('a cycle of relations ends; the entity it leads back to is found once', async () => {
    await ok(
      t.request('POST', '/api/relation', {
        token: w.tokens.tenant,
        body: { from: ref('DEVICE', id('Pump 2')), to: ref('ASSET', id('Building 1')), type: 'Contains' },
      }),
    );
    const rq = (extra: Record<string, unknown>) =>
      q({ type: 'relationsQuery', rootEntity: ref('ASSET', id('Building 1')), direction: 'FROM', ...extra });
    expect(await rq({})).toEqual(['Building 1', 'Floor 1', 'Floor 2', 'Pump 1', 'Pump 2', 'Thermo A', 'View Pump 1']);
    // Deepest level of a breadth-first walk: Building 1 is met again at level 3.
    expect(await rq({ fetchLastLevelOnly: true })).toEqual(['Building 1']);
    await ok(
      t.request(
        'DELETE',
        `/api/relation?fromId=${id('Pump 2')}&fromType=DEVICE&relationType=Contains&toId=${id('Building 1')}&toType=ASSET`,
        {
          token: w.tokens.tenant,
        },
      ),
    );
  });
});

describe('who sees what', () => {
  it('a customer sees only its devices, assets, customer and itself', async () => {
    const c = w.tokens.customer;
    expect(await names(t, w, c, { type: 'entityType', entityType: 'DEVICE' })).toEqual(['Pump 1', 'Thermo A']);
    expect(await names(t, w, c, { type: 'entityType', entityType: 'ASSET' })).toEqual(['Building 1']);
    expect(await names(t, w, c, { type: 'entityType', entityType: 'CUSTOMER' })).toEqual(['Customer A']);
    expect(await names(t, w, c, { type: 'entityType', entityType: 'TENANT' })).toEqual([]);
    expect(await names(t, w, c, { type: 'entityType', entityType: 'USER' })).toEqual(['customer@sapo.local']);
    expect(await names(t, w, c, { type: 'singleEntity', singleEntity: ref('DEVICE', id('Pump 2')) })).toEqual([]);
    // The walk passes through entities the customer cannot see, but only its own are returned.
    const walk = { type: 'relationsQuery', rootEntity: ref('ASSET', id('Building 1')), direction: 'FROM', filters: [] };
    expect(await names(t, w, c, walk)).toEqual(['Pump 1', 'Thermo A']);
    expect(await count(t, c, { entityFilter: { type: 'deviceType', deviceType: 'thermostat' } })).toBe(1);
  });

  it('a customer administrator also sees the users of its customer', async () => {
    const list = await names(t, w, w.tokens.customerAdmin, { type: 'entityType', entityType: 'USER' });
    expect(sorted(list)).toEqual(sorted(['cadmin@sapo.local', 'customer@sapo.local', 'customerA@sapo.local']));
  });

  it('tenants are isolated; the system administrator may not query', async () => {
    expect(await names(t, w, w.tokens.other, { type: 'entityType', entityType: 'DEVICE' })).toEqual(['Pump 1']);
    expect(
      await count(t, w.tokens.other, {
        entityFilter: { type: 'entityName', entityType: 'DEVICE', entityNameFilter: 'pump' },
      }),
    ).toBe(1);
    expect(
      await count(t, w.tokens.tenant, {
        entityFilter: { type: 'entityName', entityType: 'DEVICE', entityNameFilter: 'pump' },
      }),
    ).toBe(2);
    const res = await t.request('POST', '/api/entitiesQuery/count', {
      token: w.tokens.sysadmin,
      body: { entityFilter: { type: 'entityType', entityType: 'TENANT' } },
    });
    expect(res.statusCode).toBe(403);
  });
});
