import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let tokens: { sysadmin: string; tenant: string; customer: string };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.demoTokens();
});
afterAll(() => t.close());

async function save(body: Record<string, unknown>) {
  return t.request('POST', '/api/tenantProfile', { token: tokens.sysadmin, body });
}
async function create(body: Record<string, unknown>) {
  const res = await save(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function defaults(): Promise<string[]> {
  const res = await t.request('GET', '/api/tenantProfiles?pageSize=100&page=0', { token: tokens.sysadmin });
  return res
    .json()
    .data.filter((p: { default: boolean }) => p.default)
    .map((p: { name: string }) => p.name);
}

describe('reading tenant profiles', () => {
  it('lists the four demo profiles with Default as the default', async () => {
    const res = await t.request('GET', '/api/tenantProfiles?pageSize=100&page=0&sortProperty=name&sortOrder=ASC', {
      token: tokens.sysadmin,
    });
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((p: { name: string }) => p.name);
    expect(names).toEqual([
      'Default',
      'Isolated TB Core',
      'Isolated TB Core and TB Rule Engine',
      'Isolated TB Rule Engine',
    ]);
    expect(await defaults()).toEqual(['Default']);
    const first = res.json().data[0];
    expect(first).toMatchObject({
      id: { entityType: 'TENANT_PROFILE' },
      default: true,
      isolatedTbCore: false,
      profileData: { configuration: { type: 'DEFAULT' } },
    });
  });

  it('pages with a case-insensitive prefix search', async () => {
    const res = await t.request(
      'GET',
      '/api/tenantProfileInfos?pageSize=2&page=0&textSearch=isolated&sortProperty=name',
      { token: tokens.sysadmin },
    );
    expect(res.json()).toMatchObject({ totalElements: 3, totalPages: 2, hasNext: true });
    expect(Object.keys(res.json().data[0]).sort()).toEqual(['id', 'name']);
    const none = await t.request('GET', '/api/tenantProfiles?pageSize=10&page=0&textSearch=Core', {
      token: tokens.sysadmin,
    });
    expect(none.json().totalElements).toBe(0);
  });

  it('reads one profile, its info and the default info', async () => {
    const def = await t.request('GET', '/api/tenantProfileInfo/default', { token: tokens.sysadmin });
    expect(def.statusCode).toBe(200);
    expect(def.json().name).toBe('Default');
    const id = def.json().id.id;
    const full = await t.request('GET', `/api/tenantProfile/${id}`, { token: tokens.sysadmin });
    expect(full.json()).toMatchObject({ name: 'Default', default: true });
    const info = await t.request('GET', `/api/tenantProfileInfo/${id}`, { token: tokens.sysadmin });
    expect(info.json()).toEqual({ id: { entityType: 'TENANT_PROFILE', id }, name: 'Default' });
    const missing = await t.request('GET', '/api/tenantProfile/00000000-0000-4000-8000-000000000009', {
      token: tokens.sysadmin,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('saving tenant profiles', () => {
  it('creates a non-default profile with limits, and updates it', async () => {
    const p = await create({
      name: 'Small',
      description: 'few devices',
      profileData: { configuration: { type: 'DEFAULT', maxDevices: 5, maxUsers: 2 } },
    });
    expect(p).toMatchObject({
      name: 'Small',
      default: false,
      isolatedTbCore: false,
      profileData: { configuration: { maxDevices: 5, maxUsers: 2, maxAssets: 0 } },
    });
    const upd = await save({
      ...p,
      name: 'Smaller',
      profileData: { configuration: { type: 'DEFAULT', maxDevices: 3 } },
    });
    expect(upd.statusCode).toBe(200);
    const got = await t.request('GET', `/api/tenantProfile/${p.id.id}`, { token: tokens.sysadmin });
    expect(got.json()).toMatchObject({ name: 'Smaller', profileData: { configuration: { maxDevices: 3 } } });
  });

  it('requires a name', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }]) {
      const res = await save(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 31, message: 'Tenant profile name should be specified!' });
    }
  });

  it('rejects a duplicate name', async () => {
    const res = await save({ name: 'Default' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Tenant profile with such name already exists!');
    await create({ name: 'Dup A' });
    const b = await create({ name: 'Dup B' });
    const rename = await save({ ...b, name: 'Dup A' });
    expect(rename.statusCode).toBe(400);
  });

  it('rejects bad limit values naming the limit', async () => {
    for (const [key, value] of [
      ['maxUsers', -1],
      ['maxUsers', 'x'],
      ['maxDevices', 1.5],
      ['maxCustomers', 1e20],
      ['transportTenantMsgRateLimit', 'lots'],
    ] as const) {
      const res = await save({ name: `Bad ${key}`, profileData: { configuration: { type: 'DEFAULT', [key]: value } } });
      expect(res.statusCode, `${key}=${value}`).toBe(400);
      expect(res.json().errorCode).toBe(31);
      expect(res.json().message).toContain(key);
    }
    const list = await t.request('GET', '/api/tenantProfiles?pageSize=10&page=0&textSearch=Bad', {
      token: tokens.sysadmin,
    });
    expect(list.json().totalElements).toBe(0);
  });

  it('keeps isolatedTbCore and isolatedTbRuleEngine immutable', async () => {
    const p = await create({ name: 'Iso test', isolatedTbCore: true });
    expect(p.isolatedTbCore).toBe(true);
    const core = await save({ ...p, isolatedTbCore: false });
    expect(core.statusCode).toBe(400);
    expect(core.json().message).toContain('isolatedTbCore');
    const re = await save({ ...p, isolatedTbRuleEngine: true });
    expect(re.statusCode).toBe(400);
    expect(re.json().message).toContain('isolatedTbRuleEngine');
    const got = await t.request('GET', `/api/tenantProfile/${p.id.id}`, { token: tokens.sysadmin });
    expect(got.json()).toMatchObject({ isolatedTbCore: true, isolatedTbRuleEngine: false });
  });

  it('answers 404 when updating a profile that does not exist', async () => {
    const res = await save({
      id: { entityType: 'TENANT_PROFILE', id: '00000000-0000-4000-8000-000000000003' },
      name: 'Ghost',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('default profile', () => {
  it('switches the default so only one profile is default', async () => {
    const p = await create({ name: 'New default' });
    const res = await t.request('POST', `/api/tenantProfile/${p.id.id}/default`, { token: tokens.sysadmin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'New default', default: true });
    expect(await defaults()).toEqual(['New default']);
    const def = await t.request('GET', '/api/tenantProfileInfo/default', { token: tokens.sysadmin });
    expect(def.json().name).toBe('New default');
    // A tenant created without a profile now gets it.
    const tenant = await t.request('POST', '/api/tenant', {
      token: tokens.sysadmin,
      body: { title: 'Gets new default' },
    });
    expect(tenant.json().tenantProfileId.id).toBe(p.id.id);

    const back = (
      await t.request('GET', '/api/tenantProfiles?pageSize=10&page=0&textSearch=Default', { token: tokens.sysadmin })
    ).json().data[0];
    await t.request('POST', `/api/tenantProfile/${back.id.id}/default`, { token: tokens.sysadmin });
    expect(await defaults()).toEqual(['Default']);
    // Saving the former default does not make it default again.
    const again = await save({ ...p, description: 'x' });
    expect(again.json().default).toBe(false);
    expect(await defaults()).toEqual(['Default']);
  });

  it('answers 404 for setting an unknown profile as default', async () => {
    const res = await t.request('POST', '/api/tenantProfile/00000000-0000-4000-8000-000000000004/default', {
      token: tokens.sysadmin,
    });
    expect(res.statusCode).toBe(404);
    expect(await defaults()).toEqual(['Default']);
  });
});

describe('DELETE /api/tenantProfile/{id}', () => {
  it('deletes an unused profile', async () => {
    const p = await create({ name: 'Disposable' });
    const res = await t.request('DELETE', `/api/tenantProfile/${p.id.id}`, { token: tokens.sysadmin });
    expect(res.statusCode).toBe(200);
    expect((await t.request('GET', `/api/tenantProfile/${p.id.id}`, { token: tokens.sysadmin })).statusCode).toBe(404);
  });

  it('refuses to delete the default profile', async () => {
    const def = await t.request('GET', '/api/tenantProfileInfo/default', { token: tokens.sysadmin });
    const res = await t.request('DELETE', `/api/tenantProfile/${def.json().id.id}`, { token: tokens.sysadmin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 31, message: 'Deletion of Default Tenant Profile is prohibited!' });
  });

  it('refuses to delete a profile used by a tenant', async () => {
    const p = await create({ name: 'In use' });
    const tenant = await t.request('POST', '/api/tenant', {
      token: tokens.sysadmin,
      body: { title: 'User of In use', tenantProfileId: p.id },
    });
    expect(tenant.statusCode).toBe(200);
    const res = await t.request('DELETE', `/api/tenantProfile/${p.id.id}`, { token: tokens.sysadmin });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The tenant profile referenced by the tenants cannot be deleted!');
    expect((await t.request('GET', `/api/tenantProfile/${p.id.id}`, { token: tokens.sysadmin })).statusCode).toBe(200);
  });
});

describe('tenant profile permissions', () => {
  it('forbids tenant admins and customers every endpoint, with no side effect', async () => {
    const target = await create({ name: 'Guarded' });
    const id = target.id.id;
    const before = await t.request('GET', '/api/tenantProfiles?pageSize=100&page=0', { token: tokens.sysadmin });
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/tenantProfile/${id}`],
      ['GET', `/api/tenantProfileInfo/${id}`],
      ['GET', '/api/tenantProfileInfo/default'],
      ['GET', '/api/tenantProfiles?pageSize=10&page=0'],
      ['GET', '/api/tenantProfileInfos?pageSize=10&page=0'],
      ['POST', '/api/tenantProfile', { name: 'Intruder' }],
      [
        'POST',
        '/api/tenantProfile',
        { ...target, name: 'Hijacked', profileData: { configuration: { type: 'DEFAULT', maxDevices: 1 } } },
      ],
      ['POST', `/api/tenantProfile/${id}/default`],
      ['DELETE', `/api/tenantProfile/${id}`],
    ];
    for (const token of [tokens.tenant, tokens.customer]) {
      for (const [method, url, body] of calls) {
        const res = await t.request(method, url, { token, body });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().errorCode).toBe(20);
      }
    }
    const after = await t.request('GET', '/api/tenantProfiles?pageSize=100&page=0', { token: tokens.sysadmin });
    expect(after.json()).toEqual(before.json());
    expect(await defaults()).toEqual(['Default']);
  });
});
