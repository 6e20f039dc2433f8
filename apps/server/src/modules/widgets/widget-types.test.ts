import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NULL_UUID } from '@sapo/common';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { auditActions, ok } from '../entities/entity-fixtures.ts';
import { expectError, expectForbidden, expectNotFound, setupWorld, type World } from '../users/users-fixtures.ts';

let t: TestApp;
let w: World;
let bundleAlias: string;
let bundleId: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  const bundle = await ok(
    t.request('POST', '/api/widgetsBundle', { token: w.tokens.tenant, body: { title: 'My widgets' } }),
  );
  bundleAlias = bundle.alias;
  bundleId = bundle.id.id;
});
afterAll(() => t.close());

const DESCRIPTOR = { type: 'latest', sizeX: 4, sizeY: 3, settingsSchema: {}, defaultConfig: '{"title":"Gauge"}' };
const post = (body: unknown, token = w.tokens.tenant) => t.request('POST', '/api/widgetType', { token, body });
const get = (url: string, token = w.tokens.tenant) => t.request('GET', url, { token });
const create = async (body: Record<string, unknown>, token = w.tokens.tenant) =>
  ok(post({ bundleAlias, descriptor: DESCRIPTOR, ...body }, token));
const scope = (isSystem: boolean, alias: string) => `isSystem=${isSystem}&bundleAlias=${alias}`;

describe('widget types of a tenant bundle', () => {
  it('creates a widget type and reads it through every list and lookup', async () => {
    const res = await post({ bundleAlias, name: 'Boiler Gauge', descriptor: DESCRIPTOR, description: 'Pressure' });
    expect(res.statusCode, res.body).toBe(200);
    const details = res.json();
    expect(details).toEqual({
      id: { entityType: 'WIDGET_TYPE', id: expect.any(String) },
      createdTime: expect.any(Number),
      tenantId: { entityType: 'TENANT', id: w.tenantId },
      bundleAlias,
      alias: 'boiler_gauge',
      name: 'Boiler Gauge',
      descriptor: DESCRIPTOR,
      image: null,
      description: 'Pressure',
    });
    // Plain WidgetType: no image or description; Info: no descriptor, plus the descriptor's type.
    const plain = { ...details, image: undefined, description: undefined };
    expect(await ok(get(`/api/widgetTypes?${scope(false, bundleAlias)}`))).toEqual([plain]);
    expect(await ok(get(`/api/widgetTypesDetails?${scope(false, bundleAlias)}`))).toEqual([details]);
    expect(await ok(get(`/api/widgetTypesInfos?${scope(false, bundleAlias)}`))).toEqual([
      { ...details, descriptor: undefined, widgetType: 'latest' },
    ]);
    expect(await ok(get(`/api/widgetType?${scope(false, bundleAlias)}&alias=boiler_gauge`))).toEqual(plain);
    expect(await ok(get(`/api/widgetType/${details.id.id}`))).toEqual(details);
    expect(await auditActions(t, details.id.id)).toEqual(['ADDED']);
    // Customers of the tenant can read it (their dashboards use it).
    expect(await ok(get(`/api/widgetType?${scope(false, bundleAlias)}&alias=boiler_gauge`, w.tokens.customer))).toEqual(
      plain,
    );
  });

  it('makes aliases unique within the bundle and keeps them on update', async () => {
    const a = await create({ name: 'Twin' });
    const b = await create({ name: 'Twin' });
    expect([a.alias, b.alias]).toEqual(['twin', 'twin_1']);
    const updated = await ok(post({ ...b, name: 'Twin renamed', descriptor: { ...DESCRIPTOR, sizeX: 6 } }));
    expect(updated).toMatchObject({ alias: 'twin_1', name: 'Twin renamed', descriptor: { sizeX: 6 } });
    expectError(await post({ ...b, alias: 'other' }), 400, 31, 'Update of widget type alias is prohibited!');
    expectError(
      await post({ ...b, bundleAlias: 'charts' }),
      400,
      31,
      'Update of widget type bundle alias is prohibited!',
    );
  });

  it('validates bundle alias, name and descriptor with ThingsBoard messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x', descriptor: DESCRIPTOR }, 'Widgets type bundle alias should be specified!'],
      [{ bundleAlias, descriptor: DESCRIPTOR }, 'Widgets type name should be specified!'],
      [{ bundleAlias, name: '  ', descriptor: DESCRIPTOR }, 'Widgets type name should be specified!'],
      [{ bundleAlias, name: 'x' }, "Widgets type descriptor can't be empty!"],
      [{ bundleAlias, name: 'x', descriptor: {} }, "Widgets type descriptor can't be empty!"],
      [{ bundleAlias, name: 'x', descriptor: [] }, "Widgets type descriptor can't be empty!"],
      [{ bundleAlias, name: 'x', descriptor: 'text' }, "Widgets type descriptor can't be empty!"],
      [
        { bundleAlias: 'no_such_bundle', name: 'x', descriptor: DESCRIPTOR },
        'Widget type is referencing to non-existent widgets bundle!',
      ],
    ];
    for (const [body, message] of cases) expectError(await post(body), 400, 31, message);
    // A tenant cannot add to a system bundle: its own "charts" bundle does not exist.
    expectError(
      await post({ bundleAlias: 'charts', name: 'x', descriptor: DESCRIPTOR }),
      400,
      31,
      'Widget type is referencing to non-existent widgets bundle!',
    );
  });

  it('answers 404 for a missing alias, 403 for another tenant’s widget type', async () => {
    expectNotFound(await get(`/api/widgetType?${scope(false, bundleAlias)}&alias=missing`));
    const otherBundle = await ok(
      t.request('POST', '/api/widgetsBundle', { token: w.tokens.other, body: { title: 'O' } }),
    );
    const foreign = await create({ bundleAlias: otherBundle.alias, name: 'Secret' }, w.tokens.other);
    expectForbidden(await get(`/api/widgetType/${foreign.id.id}`));
    expectForbidden(await get(`/api/widgetType/${foreign.id.id}`, w.tokens.sysadmin));
    expectForbidden(await post({ ...foreign, name: 'Mine now' }));
    expectForbidden(await t.request('DELETE', `/api/widgetType/${foreign.id.id}`, { token: w.tokens.tenant }));
    // isSystem=false is always the caller's own tenant.
    expect(await ok(get(`/api/widgetTypes?${scope(false, otherBundle.alias)}`))).toEqual([]);
  });

  it('lets customers read but not write', async () => {
    const wt = await create({ name: 'Read only' });
    expect((await get(`/api/widgetType/${wt.id.id}`, w.tokens.customer)).statusCode).toBe(200);
    expectForbidden(await post({ bundleAlias, name: 'By customer', descriptor: DESCRIPTOR }, w.tokens.customer));
    expectForbidden(await t.request('DELETE', `/api/widgetType/${wt.id.id}`, { token: w.tokens.customer }));
  });

  it('deletes a widget type, and a bundle together with its widget types', async () => {
    const single = await create({ name: 'Single' });
    expect((await t.request('DELETE', `/api/widgetType/${single.id.id}`, { token: w.tokens.tenant })).statusCode).toBe(
      200,
    );
    expectNotFound(await get(`/api/widgetType/${single.id.id}`));
    expect(await auditActions(t, single.id.id)).toEqual(['ADDED', 'DELETED']);

    const kept = await create({ name: 'Kept' });
    expect((await t.request('DELETE', `/api/widgetsBundle/${bundleId}`, { token: w.tokens.tenant })).statusCode).toBe(
      200,
    );
    expect(await ok(get(`/api/widgetTypes?${scope(false, bundleAlias)}`))).toEqual([]);
    expectNotFound(await get(`/api/widgetType/${kept.id.id}`));
    // A new bundle with the same title gets the alias back, empty.
    const again = await ok(
      t.request('POST', '/api/widgetsBundle', { token: w.tokens.tenant, body: { title: 'My widgets' } }),
    );
    expect(again.alias).toBe(bundleAlias);
    expect(await ok(get(`/api/widgetTypesInfos?${scope(false, bundleAlias)}`))).toEqual([]);
  });
});

describe('system widget types', () => {
  it('lists the built-in charts with descriptors the web app can use', async () => {
    const charts = await ok(get(`/api/widgetTypes?${scope(true, 'charts')}`));
    const line = charts.find((c: { alias: string }) => c.alias === 'basic_timeseries');
    expect(line).toMatchObject({
      tenantId: { entityType: 'TENANT', id: NULL_UUID },
      bundleAlias: 'charts',
      descriptor: { type: 'timeseries', controllerScript: '', resources: [] },
    });
    const config = JSON.parse(line.descriptor.defaultConfig);
    expect(config.datasources[0]).toMatchObject({
      type: 'function',
      dataKeys: expect.arrayContaining([expect.objectContaining({ type: 'function', label: 'First' })]),
    });
    expect(config.timewindow).toMatchObject({ realtime: { timewindowMs: 60000 } });
    expect(line.descriptor.settingsSchema.schema.properties).toHaveProperty('smoothLines');
    expect(config.settings).toMatchObject({ showLegend: true, smoothLines: false });

    const infos = await ok(get(`/api/widgetTypesInfos?${scope(true, 'alarm_widgets')}`, w.tokens.customer));
    expect(
      Object.fromEntries(infos.map((i: { alias: string; widgetType: string }) => [i.alias, i.widgetType])),
    ).toEqual({
      alarms_table: 'alarm',
      alarm_count: 'alarmCounter',
      device_health_count: 'deviceHealthCounter',
    });
    const gauge = await ok(get(`/api/widgetType?${scope(true, 'analogue_gauges')}&alias=radial_gauge_canvas_gauges`));
    expect(gauge.descriptor.type).toBe('latest');
  });

  it('is read-only for tenant admins and writable by the system administrator', async () => {
    const line = await ok(get(`/api/widgetType?${scope(true, 'charts')}&alias=basic_timeseries`));
    expectForbidden(await post({ ...line, name: 'Changed' }));
    expectForbidden(await t.request('DELETE', `/api/widgetType/${line.id.id}`, { token: w.tokens.tenant }));
    const added = await create({ bundleAlias: 'charts', name: 'Extra chart' }, w.tokens.sysadmin);
    expect(added).toMatchObject({ alias: 'extra_chart', tenantId: { id: NULL_UUID } });
    const aliases = (await ok(get(`/api/widgetTypes?${scope(true, 'charts')}`, w.tokens.other))).map(
      (c: { alias: string }) => c.alias,
    );
    expect(aliases).toContain('extra_chart');
  });
});
