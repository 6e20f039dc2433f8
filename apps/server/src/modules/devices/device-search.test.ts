import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectError, expectForbidden, expectNotFound, setupWorld, type World } from '../users/users-fixtures.ts';
import { createDevice, ok, type DeviceDto } from './devices-fixtures.ts';

let t: TestApp;
let w: World;
let tok: string;
let building: { id: { id: string } };
let floor: { id: { id: string } };
const devices: Record<string, DeviceDto> = {};

const relate = (from: { entityType: string; id: string }, to: { entityType: string; id: string }, type = 'Contains') =>
  ok(t.request('POST', '/api/relation', { token: tok, body: { from, to, type } }));
const asset = (id: string) => ({ entityType: 'ASSET', id });
const device = (id: string) => ({ entityType: 'DEVICE', id });

beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  tok = w.tokens.tenant;
  building = await ok(t.request('POST', '/api/asset', { token: tok, body: { name: 'Building', type: 'building' } }));
  floor = await ok(t.request('POST', '/api/asset', { token: tok, body: { name: 'Floor 1', type: 'floor' } }));
  for (const [name, type] of [
    ['Meter B', 'meter'],
    ['Sensor F', 'sensor'],
    ['Meter F', 'meter'],
    ['Managed', 'meter'],
    ['Gateway G', 'gateway'],
  ] as const) {
    devices[name] = await createDevice(t, tok, { name, type });
  }
  await relate(asset(building.id.id), asset(floor.id.id));
  await relate(asset(building.id.id), device(devices['Meter B']!.id.id));
  await relate(asset(floor.id.id), device(devices['Sensor F']!.id.id));
  await relate(asset(floor.id.id), device(devices['Meter F']!.id.id));
  await relate(asset(building.id.id), device(devices['Managed']!.id.id), 'Manages');
  await relate(device(devices['Gateway G']!.id.id), device(devices['Sensor F']!.id.id));
  await ok(t.request('POST', `/api/customer/${w.customers.A}/device/${devices['Meter F']!.id.id}`, { token: tok }));
  await ok(t.request('POST', `/api/customer/${w.customers.A}/asset/${building.id.id}`, { token: tok }));
});
afterAll(() => t.close());

const search = (body: Record<string, unknown>, token = tok) => t.request('POST', '/api/devices', { token, body });
const names = async (body: Record<string, unknown>, token = tok) =>
  (await ok<DeviceDto[]>(search(body, token))).map((d) => d.name).sort();

describe('POST /api/devices (search by relation query)', () => {
  const params = (maxLevel: number, extra: Record<string, unknown> = {}) => ({
    rootId: building.id.id,
    rootType: 'ASSET',
    direction: 'FROM',
    maxLevel,
    ...extra,
  });

  it('walks the levels, keeps the relation type and the device types', async () => {
    expect(await names({ parameters: params(1), relationType: 'Contains', deviceTypes: ['meter', 'sensor'] })).toEqual([
      'Meter B',
    ]);
    expect(await names({ parameters: params(2), relationType: 'Contains', deviceTypes: ['meter', 'sensor'] })).toEqual([
      'Meter B',
      'Meter F',
      'Sensor F',
    ]);
    expect(await names({ parameters: params(0), relationType: 'Contains', deviceTypes: ['meter'] })).toEqual([
      'Meter B',
      'Meter F',
    ]);
    expect(await names({ parameters: params(2), relationType: 'Manages', deviceTypes: ['meter'] })).toEqual([
      'Managed',
    ]);
    expect(
      await names({
        parameters: params(2, { fetchLastLevelOnly: true }),
        relationType: 'Contains',
        deviceTypes: ['meter', 'sensor'],
      }),
    ).toEqual(['Meter F', 'Sensor F']);
  });

  it('walks towards the root with direction TO', async () => {
    const list = await names({
      parameters: { rootId: devices['Sensor F']!.id.id, rootType: 'DEVICE', direction: 'TO', maxLevel: 2 },
      relationType: 'Contains',
      deviceTypes: ['gateway', 'meter'],
    });
    expect(list).toEqual(['Gateway G']);
  });

  it('shows customer users only their customer devices', async () => {
    expect(
      await names(
        { parameters: params(2), relationType: 'Contains', deviceTypes: ['meter', 'sensor'] },
        w.tokens.customer,
      ),
    ).toEqual(['Meter F']);
  });

  it('checks the root and the query', async () => {
    expectForbidden(await search({ parameters: params(1), deviceTypes: ['meter'] }, w.tokens.customerB));
    expectForbidden(await search({ parameters: params(1), deviceTypes: ['meter'] }, w.tokens.other));
    expectNotFound(
      await search({
        parameters: { ...params(1), rootId: '7f1c0e4a-0000-4000-8000-000000000020' },
        deviceTypes: ['meter'],
      }),
    );
    expectError(await search({ parameters: params(1), deviceTypes: [] }), 400, 31, 'Device types should be specified!');
    expectError(await search({ deviceTypes: ['meter'] }), 400, 31, /parameters/);
    expectError(
      await search({ parameters: { ...params(1), direction: 'UP' }, deviceTypes: ['meter'] }),
      400,
      31,
      /direction/,
    );
  });
});
