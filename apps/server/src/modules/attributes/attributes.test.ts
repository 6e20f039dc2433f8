import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NULL_UUID } from '@sapo/common';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { Caller } from '../auth/caller.ts';
import {
  callerOf,
  createAsset,
  type EntityWorld,
  insertDevice,
  setupEntityWorld,
} from '../entities/entity-fixtures.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AttributesService } from './attributes.service.ts';

let t: TestApp;
let w: EntityWorld;
let s: AttributesService;
let tenant: Caller;
let customer: Caller;
let customerB: Caller;
let other: Caller;
let sysadmin: Caller;
let asset: string;
let deviceA: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupEntityWorld(t);
  s = t.app.services.attributes;
  tenant = await callerOf(t, 'tenant@sapo.local');
  customer = await callerOf(t, 'customer@sapo.local');
  customerB = await callerOf(t, 'customerB@sapo.local');
  other = await callerOf(t, 'other@sapo.local');
  sysadmin = await callerOf(t, 'sysadmin@sapo.local');
  asset = (await createAsset(t, w.tokens.tenant, { name: 'Attr asset' })).id.id;
  deviceA = await insertDevice(t, w.tenantId, 'Attr device A', w.customers.A);
});
afterAll(() => t.close());

async function rejects(p: Promise<unknown>, status: number, message?: string | RegExp) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).status).toBe(status);
  if (typeof message === 'string') expect((err as AppError).message).toBe(message);
  else if (message) expect((err as AppError).message).toMatch(message);
}

const rows = (entityId: string) =>
  t.db.query(
    'SELECT attribute_type, attribute_key, bool_v, str_v, long_v, dbl_v, json_v, last_update_ts, entity_type FROM attribute_kv WHERE entity_id = $1 ORDER BY attribute_key',
    [entityId],
  );

describe('AttributesService.save', () => {
  it('stores each value in its typed column, stamped with the clock', async () => {
    t.clock.advance(60_000);
    const now = t.clock.now();
    await s.save(tenant, 'ASSET', asset, 'SERVER_SCOPE', {
      active: true,
      floors: 12,
      area: 1250.5,
      owner: 'ACME',
      location: { lat: 25.03, lng: 121.56 },
      tags: ['a', 'b'],
    });
    const stored = await rows(asset);
    const byKey = Object.fromEntries(stored.map((r) => [r.attribute_key, r]));
    const only = (key: string, col: string, value: unknown) => {
      const r = byKey[key]!;
      for (const c of ['bool_v', 'str_v', 'long_v', 'dbl_v', 'json_v'])
        expect(r[c], `${key}.${c}`).toEqual(c === col ? value : null);
    };
    only('active', 'bool_v', true);
    only('floors', 'long_v', 12);
    only('area', 'dbl_v', 1250.5);
    only('owner', 'str_v', 'ACME');
    only('location', 'json_v', { lat: 25.03, lng: 121.56 });
    only('tags', 'json_v', ['a', 'b']);
    for (const r of stored) {
      expect(r).toMatchObject({ attribute_type: 'SERVER_SCOPE', entity_type: 'ASSET' });
      expect(Number(r.last_update_ts)).toBeGreaterThanOrEqual(now);
    }
  });

  it('overwrites a key with a value of another type, leaving other scopes alone', async () => {
    await s.save(tenant, 'ASSET', asset, 'SHARED_SCOPE', { floors: 'many' });
    await s.save(tenant, 'ASSET', asset, 'SERVER_SCOPE', { floors: 13.5 });
    const found = await s.find(tenant, 'ASSET', asset, 'SERVER_SCOPE', ['floors', 'missing']);
    expect(found).toEqual([{ key: 'floors', value: 13.5, lastUpdateTs: expect.any(Number) }]);
    expect(await s.find(tenant, 'ASSET', asset, 'SHARED_SCOPE')).toEqual([
      { key: 'floors', value: 'many', lastUpdateTs: expect.any(Number) },
    ]);
    const all = await s.find(tenant, 'ASSET', asset, 'SERVER_SCOPE');
    expect(all.map((a) => a.key)).toEqual(['active', 'area', 'floors', 'location', 'owner', 'tags']);
  });

  it('audits ATTRIBUTES_UPDATED with the scope and values', async () => {
    await s.save(tenant, 'ASSET', asset, 'SHARED_SCOPE', { audited: 1 });
    const audit = await t.db.query<{ action_data: { scope: string; attributes: Record<string, unknown> } }>(
      "SELECT action_data FROM audit_log WHERE entity_id = $1 AND action_type = 'ATTRIBUTES_UPDATED' ORDER BY created_time DESC LIMIT 1",
      [asset],
    );
    expect(audit[0]?.action_data).toEqual({ scope: 'SHARED_SCOPE', attributes: { audited: 1 } });
  });

  it('rejects bad keys, values and scopes, storing nothing', async () => {
    const before = (await rows(asset)).length;
    await rejects(
      s.save(tenant, 'ASSET', asset, 'SERVER_SCOPE', { ' ': 1 }),
      400,
      'Attribute key should be specified!',
    );
    await rejects(
      s.save(tenant, 'ASSET', asset, 'SERVER_SCOPE', { ok: 1, bad: null }),
      400,
      "Attribute 'bad': value can't be null",
    );
    await rejects(s.save(tenant, 'ASSET', asset, 'SERVER_SCOPE', { n: Number.NaN }), 400, /finite/);
    await rejects(s.save(tenant, 'ASSET', asset, 'SERVER_SCOPE', { ['k'.repeat(300)]: 1 }), 400, /longer than 255/);
    await rejects(
      s.save(tenant, 'ASSET', asset, 'NOPE_SCOPE' as 'SERVER_SCOPE', { a: 1 }),
      400,
      'Invalid scope: NOPE_SCOPE',
    );
    expect((await rows(asset)).length).toBe(before);
  });

  it('checks the entity: exists, same tenant, the customer own (read-only)', async () => {
    await s.save(tenant, 'DEVICE', deviceA, 'SHARED_SCOPE', { fromTenant: 'yes' });
    expect((await s.find(customer, 'DEVICE', deviceA, 'SHARED_SCOPE')).map((a) => a.key)).toEqual(['fromTenant']);
    await rejects(s.save(customer, 'DEVICE', deviceA, 'SHARED_SCOPE', { x: 1 }), 403);
    await rejects(s.save(customer, 'DEVICE', deviceA, 'SERVER_SCOPE', { x: 1 }), 403);
    await rejects(s.save(customerB, 'DEVICE', deviceA, 'SHARED_SCOPE', { x: 1 }), 403);
    await rejects(s.find(customerB, 'DEVICE', deviceA, 'SHARED_SCOPE'), 403);
    await rejects(s.save(customer, 'ASSET', asset, 'SERVER_SCOPE', { x: 1 }), 403);
    await rejects(s.save(other, 'ASSET', asset, 'SERVER_SCOPE', { x: 1 }), 403);
    await rejects(s.save(other, 'DEVICE', deviceA, 'SERVER_SCOPE', { x: 1 }), 404);
    await rejects(s.save(sysadmin, 'ASSET', asset, 'SERVER_SCOPE', { x: 1 }), 403);
    await rejects(s.save(tenant, 'ASSET', NULL_UUID, 'SERVER_SCOPE', { x: 1 }), 404);
    // Customer users read their customer but may not change it.
    await rejects(s.save(customer, 'CUSTOMER', w.customers.A, 'SERVER_SCOPE', { x: 1 }), 403);
    await s.save(tenant, 'CUSTOMER', w.customers.A, 'SERVER_SCOPE', { flag: true });
    expect(await s.find(customer, 'CUSTOMER', w.customers.A, 'SERVER_SCOPE')).toEqual([
      { key: 'flag', value: true, lastUpdateTs: expect.any(Number) },
    ]);
    expect(await t.db.query("SELECT 1 FROM attribute_kv WHERE attribute_key = 'x'")).toHaveLength(0);
  });

  it('joins the caller transaction when given one', async () => {
    await t.db
      .tx(async (q) => {
        await s.save(tenant, 'ASSET', asset, 'SERVER_SCOPE', { rolledBack: 1 }, q);
        throw new Error('abort');
      })
      .catch(() => {});
    expect(await s.find(tenant, 'ASSET', asset, 'SERVER_SCOPE', ['rolledBack'])).toEqual([]);
  });
});
