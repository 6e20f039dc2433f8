import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDevice, ok, allPages } from '../devices/devices-fixtures.ts';
import { expectError, expectForbidden, expectNotFound, PAGE, setupWorld, type World } from '../users/users-fixtures.ts';

interface Profile {
  id: { entityType: string; id: string };
  name: string;
  default: boolean;
  type: string;
  transportType: string;
  provisionType: string;
  provisionDeviceKey: string | null;
  image: string | null;
  description: string | null;
  defaultRuleChainId: { id: string } | null;
  defaultQueueName: string | null;
  profileData: {
    transportConfiguration: Record<string, unknown>;
    provisionConfiguration: { type: string; provisionDeviceSecret: string | null };
    alarms: unknown;
    configuration: unknown;
  };
}

let t: TestApp;
let w: World;
let tok: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  tok = w.tokens.tenant;
  await ok(save({ name: 'MQTT plain', transportType: 'MQTT' }));
  await ok(save({ name: 'CoAP plain', transportType: 'COAP' }));
  await ok(save({ name: 'Twice' }, w.tokens.other));
});
afterAll(() => t.close());

const save = (body: Record<string, unknown>, token = tok) => t.request('POST', '/api/deviceProfile', { token, body });

describe('deleting a profile', () => {
  it('refuses while devices use it, then deletes it with its relations', async () => {
    const p = await ok<Profile>(save({ name: 'In use' }));
    const d = await createDevice(t, tok, { name: 'User of profile', deviceProfileId: p.id });
    expectError(
      await t.request('DELETE', `/api/deviceProfile/${p.id.id}`, { token: tok }),
      400,
      31,
      'The device profile referenced by the devices cannot be deleted!',
    );
    await ok(t.request('DELETE', `/api/device/${d.id.id}`, { token: tok }));
    await t.db.query(
      `INSERT INTO relation (from_id, from_type, to_id, to_type, relation_type) VALUES ($1, 'DEVICE_PROFILE', $2, 'TENANT', 'Contains')`,
      [p.id.id, w.tenantId],
    );
    const res = await t.request('DELETE', `/api/deviceProfile/${p.id.id}`, { token: tok });
    expect(res.statusCode).toBe(200);
    expectNotFound(await t.request('GET', `/api/deviceProfile/${p.id.id}`, { token: tok }));
    expect(await t.db.query('SELECT 1 FROM relation WHERE from_id = $1', [p.id.id])).toHaveLength(0);
  });
});

describe('lists and access', () => {
  it('pages profiles and infos; infos filter by transport type', async () => {
    const all = await allPages<Profile>(t, tok, '/api/deviceProfiles?sortProperty=name', 3);
    expect(new Set(all.map((p) => p.id.id)).size).toBe(all.length);
    expect(all.map((p) => p.name)).toEqual([...all.map((p) => p.name)].sort());
    const mqtt = await allPages<{ transportType: string; name: string }>(
      t,
      tok,
      '/api/deviceProfileInfos?transportType=MQTT',
      2,
    );
    expect(mqtt.length).toBeGreaterThan(0);
    expect(mqtt.every((p) => p.transportType === 'MQTT')).toBe(true);
    const search = await allPages<{ name: string }>(t, tok, '/api/deviceProfileInfos?textSearch=MQT', 5);
    expect(search.map((p) => p.name)).toEqual(['MQTT plain']);
    const other = await allPages<{ name: string }>(t, w.tokens.other, '/api/deviceProfiles', 50);
    expect(other.map((p) => p.name).sort()).toEqual(['Twice', 'default']);
  });

  it('customer users read infos only; only the tenant admin changes profiles', async () => {
    const def = await ok<{ id: { id: string } }>(t.request('GET', '/api/deviceProfileInfo/default', { token: tok }));
    expect(
      (await t.request('GET', `/api/deviceProfileInfo/${def.id.id}`, { token: w.tokens.customer })).statusCode,
    ).toBe(200);
    expect((await t.request('GET', `/api/deviceProfileInfos?${PAGE}`, { token: w.tokens.customer })).statusCode).toBe(
      200,
    );
    expectForbidden(await t.request('GET', `/api/deviceProfile/${def.id.id}`, { token: w.tokens.customer }));
    expectForbidden(await t.request('GET', `/api/deviceProfiles?${PAGE}`, { token: w.tokens.customer }));
    for (const token of [w.tokens.customer, w.tokens.sysadmin]) {
      expectForbidden(await save({ name: 'Nope' }, token));
      expectForbidden(await t.request('POST', `/api/deviceProfile/${def.id.id}/default`, { token }));
      expectForbidden(await t.request('DELETE', `/api/deviceProfile/${def.id.id}`, { token }));
    }
    expectForbidden(await t.request('GET', '/api/deviceProfileInfo/default', { token: w.tokens.sysadmin }));
  });

  it('another tenant profile is a 403 for reads and changes', async () => {
    const theirs = await ok<{ id: { id: string } }>(
      t.request('GET', '/api/deviceProfileInfo/default', { token: w.tokens.other }),
    );
    for (const url of [`/api/deviceProfile/${theirs.id.id}`, `/api/deviceProfileInfo/${theirs.id.id}`]) {
      expectForbidden(await t.request('GET', url, { token: tok }));
    }
    expectForbidden(await save({ id: theirs.id, name: 'Hijack' }));
    expectForbidden(await t.request('DELETE', `/api/deviceProfile/${theirs.id.id}`, { token: tok }));
    expectForbidden(await t.request('POST', `/api/deviceProfile/${theirs.id.id}/default`, { token: tok }));
    expectNotFound(await t.request('GET', '/api/deviceProfile/7f1c0e4a-0000-4000-8000-000000000031', { token: tok }));
  });

  it("takes only one of the tenant's own rule chains as the default rule chain", async () => {
    const chain = (id: string) => ({ entityType: 'RULE_CHAIN', id });
    const theirs = await ok<{ id: { id: string } }>(
      t.request('POST', '/api/ruleChain', { token: w.tokens.other, body: { name: 'Their chain' } }),
    );
    const other = "Can't assign rule chain from different tenant!";
    expectError(await save({ name: 'Foreign chain', defaultRuleChainId: chain(theirs.id.id) }), 400, 31, other);
    const mine = await ok<Profile>(save({ name: 'Own chain' }));
    expectError(await save({ ...mine, defaultRuleChainId: chain(theirs.id.id) }), 400, 31, other);
    const missing = chain('7f1c0e4a-0000-4000-8000-000000000032');
    expectError(
      await save({ name: 'No chain', defaultRuleChainId: missing }),
      400,
      31,
      "Can't assign non-existent rule chain!",
    );
    const rows = await t.db.query('SELECT 1 FROM device_profile WHERE default_rule_chain_id = $1', [theirs.id.id]);
    expect(rows).toHaveLength(0);
  });
});
