import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NULL_UUID } from '@sapo/common';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { auditActions, ok } from '../entities/entity-fixtures.ts';
import { expectError, expectForbidden, expectNotFound, setupWorld, type World } from '../users/users-fixtures.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
});
afterAll(() => t.close());

interface Bundle {
  id: { entityType: string; id: string };
  tenantId: { id: string };
  alias: string;
  title: string;
}

const post = (body: unknown, token = w.tokens.tenant) => t.request('POST', '/api/widgetsBundle', { token, body });
const get = (url: string, token = w.tokens.tenant) => t.request('GET', url, { token });
const create = async (title: string, token = w.tokens.tenant): Promise<Bundle> => ok(post({ title }, token));
const list = async (token: string): Promise<Bundle[]> => ok(get('/api/widgetsBundles', token));
const aliases = (bundles: Bundle[]) => bundles.map((b) => b.alias);

describe('GET /api/widgetsBundles', () => {
  it('shows a tenant the system bundles and its own, the system administrator only system ones', async () => {
    const own = await create('Plant floor');
    const foreign = await create('Other tenant widgets', w.tokens.other);

    const tenantList = await list(w.tokens.tenant);
    expect(aliases(tenantList)).toEqual(expect.arrayContaining(['charts', 'cards', 'maps_v2', own.alias]));
    expect(aliases(tenantList)).not.toContain(foreign.alias);
    // Sorted by title.
    const titles = tenantList.map((b) => b.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());

    const sysList = await list(w.tokens.sysadmin);
    expect(aliases(sysList)).toContain('charts');
    expect(sysList.every((b) => b.tenantId.id === NULL_UUID)).toBe(true);
    expect(aliases(sysList)).not.toContain(own.alias);
  });

  it('has the 13 ThingsBoard system bundles with their titles', async () => {
    const system = (await list(w.tokens.sysadmin)).filter((b) => b.tenantId.id === NULL_UUID);
    expect(Object.fromEntries(system.map((b) => [b.alias, b.title]))).toMatchObject({
      charts: 'Charts',
      cards: 'Cards',
      maps_v2: 'Maps',
      analogue_gauges: 'Analogue gauges',
      digital_gauges: 'Digital gauges',
      gpio_widgets: 'GPIO widgets',
      alarm_widgets: 'Alarm widgets',
      control_widgets: 'Control widgets',
      gateway_widgets: 'Gateway widgets',
      input_widgets: 'Input widgets',
      date: 'Date',
      entity_admin_widgets: 'Entity admin widgets',
      navigation_widgets: 'Navigation widgets',
    });
  });

  it('pages with pageSize and page, searching titles by prefix', async () => {
    const page = await ok(get('/api/widgetsBundles?pageSize=3&page=0'));
    expect(page).toMatchObject({ totalElements: expect.any(Number), hasNext: true });
    expect(page.data).toHaveLength(3);
    expect(page.totalPages).toBe(Math.ceil(page.totalElements / 3));
    const search = await ok(get('/api/widgetsBundles?pageSize=10&page=0&textSearch=analog'));
    expect(aliases(search.data)).toEqual(['analogue_gauges']);
    const asc = await ok(get('/api/widgetsBundles?pageSize=100&page=0&sortProperty=title'));
    const desc = await ok(get('/api/widgetsBundles?pageSize=100&page=0&sortProperty=title&sortOrder=DESC'));
    expect(desc.data[0].title).toBe(asc.data.at(-1).title);
    expect(desc.data.at(-1).title).toBe(asc.data[0].title);
    expectError(await get('/api/widgetsBundles?pageSize=10&page=0&sortProperty=nope'), 400, 31, /Unsupported sort/);
  });

  it('lets customers read bundles but not create or delete them', async () => {
    const own = await create('Customer visible');
    expect(aliases(await list(w.tokens.customer))).toEqual(expect.arrayContaining(['charts', own.alias]));
    expect((await get(`/api/widgetsBundle/${own.id.id}`, w.tokens.customer)).json().title).toBe('Customer visible');
    expectForbidden(await post({ title: 'By customer' }, w.tokens.customer));
    expectForbidden(await t.request('DELETE', `/api/widgetsBundle/${own.id.id}`, { token: w.tokens.customer }));
  });
});

describe('POST /api/widgetsBundle', () => {
  it('creates a tenant bundle with an alias from the title, unique per owner, and audits it', async () => {
    const res = await post({ title: ' Boiler Room #1 ', description: 'Heating', image: null });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json();
    expect(b).toEqual({
      id: { entityType: 'WIDGETS_BUNDLE', id: expect.any(String) },
      createdTime: expect.any(Number),
      tenantId: { entityType: 'TENANT', id: w.tenantId },
      alias: 'boiler_room_1',
      title: 'Boiler Room #1',
      image: null,
      description: 'Heating',
      name: 'Boiler Room #1',
    });
    expect((await get(`/api/widgetsBundle/${b.id.id}`)).json()).toEqual(b);
    expect(await auditActions(t, b.id.id)).toEqual(['ADDED']);

    expect((await create('Boiler Room #1')).alias).toBe('boiler_room_1_1');
    expect((await create('boiler room 1')).alias).toBe('boiler_room_1_2');
    // Another tenant has its own aliases.
    expect((await create('Boiler Room #1', w.tokens.other)).alias).toBe('boiler_room_1');
  });

  it('updates title, image and description but keeps the alias', async () => {
    const b = await create('Original');
    const updated = await ok(post({ ...b, title: 'Renamed', image: 'data:image/png;base64,AAAA', alias: undefined }));
    expect(updated).toMatchObject({
      alias: 'original',
      title: 'Renamed',
      name: 'Renamed',
      image: 'data:image/png;base64,AAAA',
    });
    expect((await ok(post({ ...updated, title: 'Renamed again' }))).alias).toBe('original');
    expectError(await post({ ...updated, alias: 'changed' }), 400, 31, 'Update of widgets bundle alias is prohibited!');
    expect(await auditActions(t, b.id.id)).toEqual(['ADDED', 'UPDATED', 'UPDATED']);
  });

  it('requires a title', async () => {
    for (const body of [{}, { title: '' }, { title: '   ' }, { title: null }]) {
      expectError(await post(body), 400, 31, 'Widgets bundle title should be specified!');
    }
  });

  it('lets the system administrator create system bundles that tenants then see', async () => {
    const b = await create('Plant Library', w.tokens.sysadmin);
    expect(b).toMatchObject({ alias: 'plant_library', tenantId: { entityType: 'TENANT', id: NULL_UUID } });
    expect(aliases(await list(w.tokens.other))).toContain('plant_library');
    // Same title again: the system owner has that alias already.
    expect((await create('Plant Library', w.tokens.sysadmin)).alias).toBe('plant_library_1');
  });

  it('keeps a tenant admin from changing or deleting a system bundle', async () => {
    const charts = (await list(w.tokens.tenant)).find((b) => b.alias === 'charts')!;
    expectForbidden(await post({ ...charts, title: 'Hijacked' }));
    expectForbidden(await t.request('DELETE', `/api/widgetsBundle/${charts.id.id}`, { token: w.tokens.tenant }));
    expect((await get(`/api/widgetsBundle/${charts.id.id}`)).json().title).toBe('Charts');
  });

  it("answers 403 for another tenant's bundle, and to the system administrator for tenant bundles", async () => {
    const foreign = await create('Private', w.tokens.other);
    expectForbidden(await get(`/api/widgetsBundle/${foreign.id.id}`));
    expectForbidden(await post({ ...foreign, title: 'Taken over' }));
    expectForbidden(await t.request('DELETE', `/api/widgetsBundle/${foreign.id.id}`, { token: w.tokens.tenant }));
    expectForbidden(await get(`/api/widgetsBundle/${foreign.id.id}`, w.tokens.sysadmin));
    expect((await get(`/api/widgetsBundle/${foreign.id.id}`, w.tokens.other)).json().title).toBe('Private');
  });
});

describe('DELETE /api/widgetsBundle/{id}', () => {
  it('deletes the bundle and audits it', async () => {
    const b = await create('Short lived');
    const res = await t.request('DELETE', `/api/widgetsBundle/${b.id.id}`, { token: w.tokens.tenant });
    expect(res.statusCode, res.body).toBe(200);
    expectNotFound(await get(`/api/widgetsBundle/${b.id.id}`));
    expect(await auditActions(t, b.id.id)).toEqual(['ADDED', 'DELETED']);
    // The alias is free again.
    expect((await create('Short lived')).alias).toBe('short_lived');
  });
});

describe('tenant deletion', () => {
  it("removes the tenant's bundles and widget types", async () => {
    const b = await create('Doomed', w.tokens.other);
    await ok(
      t.request('POST', '/api/widgetType', {
        token: w.tokens.other,
        body: { bundleAlias: b.alias, name: 'Doomed type', descriptor: { type: 'static' } },
      }),
    );
    const del = await t.request('DELETE', `/api/tenant/${w.otherTenantId}`, { token: w.tokens.sysadmin });
    expect(del.statusCode, del.body).toBe(200);
    const left = await t.db.query<{ n: number }>(
      `SELECT (SELECT count(*)::int FROM widgets_bundle WHERE tenant_id = $1)
            + (SELECT count(*)::int FROM widget_type WHERE tenant_id = $1) AS n`,
      [w.otherTenantId],
    );
    expect(left).toEqual([{ n: 0 }]);
  });
});
