import { parseKvObject } from '@sapo/common';
import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { createDevice } from '../devices/devices-fixtures.ts';
import { createAsset, ok, setupEntityWorld, type EntityWorld } from '../entities/entity-fixtures.ts';
import type { AttributeScope } from '../telemetry/telemetry-types.ts';

/**
 * A tenant with devices, assets, an entity view, relations, attributes and latest telemetry for the
 * entity query tests, plus a device of the "Other" tenant with the same name as one of ours.
 *
 *   Building 1 (building, customer A) ─Contains→ Floor 1 (floor) ─Contains→ Pump 1, Thermo A
 *                                     ─Contains→ Floor 2 (floor) ─Manages→ Pump 2
 */
export interface QueryWorld extends EntityWorld {
  ids: Record<string, string>;
  otherDeviceId: string;
}

export const DEVICES = [
  { name: 'Pump 1', type: 'pump', label: 'Basement', customer: 'A' },
  { name: 'Pump 2', type: 'pump', label: 'Roof', customer: null },
  { name: 'Thermo A', type: 'thermostat', label: 'Lobby', customer: 'A' },
  { name: 'Thermo B', type: 'thermostat', label: null, customer: 'B' },
] as const;

export async function seedQueryWorld(t: TestApp): Promise<QueryWorld> {
  const w = await setupEntityWorld(t);
  const token = w.tokens.tenant;
  const ids: Record<string, string> = {};
  for (const d of DEVICES) {
    const dev = await createDevice(t, token, { name: d.name, type: d.type, label: d.label });
    ids[d.name] = dev.id.id;
    if (d.customer)
      await ok(t.request('POST', `/api/customer/${w.customers[d.customer]}/device/${dev.id.id}`, { token }));
  }
  for (const [name, type] of [
    ['Building 1', 'building'],
    ['Floor 1', 'floor'],
    ['Floor 2', 'floor'],
  ]) {
    ids[name!] = (await createAsset(t, token, { name, type })).id.id;
  }
  await ok(t.request('POST', `/api/customer/${w.customers.A}/asset/${ids['Building 1']}`, { token }));
  const view = await ok(
    t.request('POST', '/api/entityView', {
      token,
      body: { name: 'View Pump 1', type: 'pumpView', entityId: { entityType: 'DEVICE', id: ids['Pump 1'] } },
    }),
  );
  ids['View Pump 1'] = view.id.id;
  const rel = (from: string, fromType: string, to: string, toType: string, type = 'Contains') =>
    ok(
      t.request('POST', '/api/relation', {
        token,
        body: { from: { entityType: fromType, id: ids[from] }, to: { entityType: toType, id: ids[to] }, type },
      }),
    );
  await rel('Building 1', 'ASSET', 'Floor 1', 'ASSET');
  await rel('Building 1', 'ASSET', 'Floor 2', 'ASSET');
  await rel('Floor 1', 'ASSET', 'Pump 1', 'DEVICE');
  await rel('Floor 1', 'ASSET', 'Thermo A', 'DEVICE');
  await rel('Floor 2', 'ASSET', 'Pump 2', 'DEVICE', 'Manages');

  await attrs(t, w.tenantId, 'DEVICE', ids['Pump 1']!, 'SERVER_SCOPE', { temperature: 50 }, 1000);
  await attrs(t, w.tenantId, 'DEVICE', ids['Pump 1']!, 'SHARED_SCOPE', { threshold: 45 }, 1000);
  await attrs(t, w.tenantId, 'DEVICE', ids['Pump 1']!, 'CLIENT_SCOPE', { fw: '1.2.3' }, 1000);
  await attrs(t, w.tenantId, 'DEVICE', ids['Pump 2']!, 'SERVER_SCOPE', { temperature: 20.5, active: true }, 1000);
  await attrs(t, w.tenantId, 'DEVICE', ids['Thermo A']!, 'SERVER_SCOPE', { temperature: 9, active: false }, 1000);
  await attrs(t, w.tenantId, 'DEVICE', ids['Thermo B']!, 'SERVER_SCOPE', { temperature: 'n/a' }, 1000);
  await series(t, w.tenantId, ids['Pump 1']!, { humidity: 70 }, 5000);
  await series(t, w.tenantId, ids['Pump 2']!, { humidity: 30 }, 6000);
  await series(t, w.tenantId, ids['Thermo A']!, { humidity: 55.5 }, 7000);

  const other = await createDevice(t, w.tokens.other, { name: 'Pump 1', type: 'pump' });
  await attrs(t, w.otherTenantId, 'DEVICE', other.id.id, 'SERVER_SCOPE', { temperature: 99 }, 1000);
  return { ...w, ids, otherDeviceId: other.id.id };
}

export async function attrs(
  t: TestApp,
  tenantId: string,
  entityType: string,
  id: string,
  scope: AttributeScope,
  values: Record<string, unknown>,
  ts?: number,
) {
  await t.app.services.attributeStore.save({ tenantId, entityType, id }, scope, parseKvObject(values, false), ts);
}

/** Saves one record of time series and flushes it, so ts_kv_latest has it. */
export async function series(t: TestApp, tenantId: string, id: string, values: Record<string, unknown>, ts: number) {
  const s = t.app.services.telemetry;
  await s.saveTimeseries({ tenantId, entityType: 'DEVICE', id }, [{ ts, values: parseKvObject(values, false) }]);
  await s.flush();
}

export interface Page {
  data: Array<{
    entityId: { entityType: string; id: string };
    latest: Record<string, Record<string, { ts: number; value: string }>>;
  }>;
  totalPages: number;
  totalElements: number;
  hasNext: boolean;
}

export async function find(t: TestApp, token: string, body: Record<string, unknown>): Promise<Page> {
  const res = await t.request('POST', '/api/entitiesQuery/find', { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

export async function count(t: TestApp, token: string, body: Record<string, unknown>): Promise<number> {
  const res = await t.request('POST', '/api/entitiesQuery/count', { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as number;
}

const NAME = { type: 'ENTITY_FIELD', key: 'name' };
export const byName = { key: NAME, direction: 'ASC' };

/** Names of the entities a filter (and key filters) selects, sorted by name. */
export async function names(
  t: TestApp,
  w: QueryWorld,
  token: string,
  entityFilter: unknown,
  keyFilters: unknown[] = [],
) {
  const page = await find(t, token, {
    entityFilter,
    keyFilters,
    entityFields: [NAME],
    pageLink: { page: 0, pageSize: 100, sortOrder: byName },
  });
  const byId = Object.fromEntries(Object.entries(w.ids).map(([n, id]) => [id, n]));
  return page.data.map((d): string => byId[d.entityId.id] ?? d.latest.ENTITY_FIELD?.name?.value ?? '?');
}
