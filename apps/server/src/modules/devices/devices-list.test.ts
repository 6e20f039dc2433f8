import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectError, setupWorld, type World } from '../users/users-fixtures.ts';
import { allPages, createDevice, ok, type DeviceDto } from './devices-fixtures.ts';

let t: TestApp;
let w: World;
let tok: string;
const created: DeviceDto[] = [];
let meterProfileId: string;

interface InfoRow {
  id: { id: string };
  name: string;
  label: string | null;
  type: string;
  customerTitle: string | null;
  customerIsPublic: boolean;
  deviceProfileName: string;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  tok = w.tokens.tenant;
  // 23 devices: Meter 00..14 (type meter, labels descending), Valve 0..7 (type valve, labels unset for some).
  for (let i = 0; i < 15; i++) {
    created.push(
      await createDevice(t, tok, {
        name: `Meter ${String(i).padStart(2, '0')}`,
        type: 'meter',
        label: `L${String(20 - i).padStart(2, '0')}`,
      }),
    );
  }
  for (let i = 0; i < 8; i++) {
    created.push(await createDevice(t, tok, { name: `Valve ${i}`, type: 'valve', label: i % 2 ? `V${i}` : null }));
  }
  meterProfileId = created[0]!.deviceProfileId.id;
  // Three meters go to Customer A, one valve is public.
  for (const d of created.slice(0, 3))
    await ok(t.request('POST', `/api/customer/${w.customers.A}/device/${d.id.id}`, { token: tok }));
  await ok(t.request('POST', `/api/customer/public/device/${created[20]!.id.id}`, { token: tok }));
  await createDevice(t, w.tokens.other, { name: 'Meter of other tenant', type: 'meter' });
});
afterAll(() => t.close());

describe('GET /api/tenant/deviceInfos', () => {
  it('pages through every device of the tenant exactly once, whatever the page size', async () => {
    for (const size of [1, 4, 7, 50]) {
      const rows = await allPages<InfoRow>(t, tok, '/api/tenant/deviceInfos?sortProperty=name&sortOrder=ASC', size);
      expect(rows).toHaveLength(23);
      expect(new Set(rows.map((r) => r.id.id)).size).toBe(23);
      expect(rows.map((r) => r.name)).toEqual([...rows.map((r) => r.name)].sort());
    }
  });

  it('reports totals and hasNext', async () => {
    const page = await ok<{ totalElements: number; totalPages: number; hasNext: boolean; data: unknown[] }>(
      t.request('GET', '/api/tenant/deviceInfos?pageSize=10&page=2', { token: tok }),
    );
    expect(page).toMatchObject({ totalElements: 23, totalPages: 3, hasNext: false });
    expect(page.data).toHaveLength(3);
  });

  it('sorts by label both ways (unset labels last ascending), and by customer title', async () => {
    const asc = await allPages<InfoRow>(t, tok, '/api/tenant/deviceInfos?sortProperty=label&sortOrder=ASC', 5);
    const labels = asc.map((r) => r.label);
    const set = labels.filter((l): l is string => l !== null);
    expect(labels.slice(0, set.length)).toEqual([...set].sort());
    expect(labels.slice(set.length).every((l) => l === null)).toBe(true);
    const desc = await allPages<InfoRow>(t, tok, '/api/tenant/deviceInfos?sortProperty=label&sortOrder=DESC', 5);
    expect(desc.map((r) => r.id.id)).toHaveLength(23);
    expect(desc.filter((r) => r.label !== null).map((r) => r.label)).toEqual([...set].sort().reverse());
    const byCustomer = await ok<{ data: InfoRow[] }>(
      t.request('GET', '/api/tenant/deviceInfos?pageSize=4&page=0&sortProperty=customerTitle&sortOrder=ASC', {
        token: tok,
      }),
    );
    expect(byCustomer.data.map((r) => r.customerTitle)).toEqual(['Customer A', 'Customer A', 'Customer A', 'Public']);
    expect(byCustomer.data[3]!.customerIsPublic).toBe(true);
  });

  it('searches by case-insensitive name prefix, with LIKE wildcards taken literally', async () => {
    const rows = await allPages<InfoRow>(t, tok, '/api/tenant/deviceInfos?textSearch=mETER%201', 5);
    expect(rows.map((r) => r.name).sort()).toEqual(['Meter 10', 'Meter 11', 'Meter 12', 'Meter 13', 'Meter 14']);
    expect(await allPages(t, tok, '/api/tenant/deviceInfos?textSearch=%25', 5)).toHaveLength(0);
    expect(await allPages(t, tok, '/api/tenant/deviceInfos?textSearch=eter', 5)).toHaveLength(0);
  });

  it('filters by type or by device profile id', async () => {
    const valves = await allPages<InfoRow>(t, tok, '/api/tenant/deviceInfos?type=valve', 3);
    expect(valves).toHaveLength(8);
    expect(valves.every((r) => r.type === 'valve' && r.deviceProfileName === 'valve')).toBe(true);
    const meters = await allPages<InfoRow>(
      t,
      tok,
      `/api/tenant/deviceInfos?deviceProfileId=${meterProfileId}&textSearch=meter%200`,
      3,
    );
    expect(meters).toHaveLength(10);
  });

  it('refuses unknown sort properties and orders with a message', async () => {
    expectError(
      await t.request('GET', '/api/tenant/deviceInfos?pageSize=5&page=0&sortProperty=secret', { token: tok }),
      400,
      31,
      /Unsupported sort property 'secret'/,
    );
    expectError(
      await t.request('GET', '/api/tenant/deviceInfos?pageSize=5&page=0&sortOrder=UP', { token: tok }),
      400,
      31,
      "Unsupported sort order 'UP'! Only 'ASC' or 'DESC' types are allowed.",
    );
    expectError(
      await t.request('GET', '/api/tenant/deviceInfos?page=0', { token: tok }),
      400,
      31,
      "Parameter 'pageSize' can't be empty!",
    );
  });
});

describe('GET /api/tenant/devices and the customer lists', () => {
  it('tenant/devices pages plain devices with an optional type', async () => {
    const rows = await allPages<DeviceDto & { customerTitle?: unknown }>(t, tok, '/api/tenant/devices?type=meter', 4);
    expect(rows).toHaveLength(15);
    expect(rows[0]!.customerTitle).toBeUndefined();
  });

  it('customer/{id}/deviceInfos and /devices list the customer devices for the tenant and its users', async () => {
    for (const token of [tok, w.tokens.customer]) {
      const infos = await allPages<InfoRow>(
        t,
        token,
        `/api/customer/${w.customers.A}/deviceInfos?sortProperty=label`,
        2,
      );
      expect(infos.map((r) => r.name).sort()).toEqual(['Meter 00', 'Meter 01', 'Meter 02']);
      expect(infos.every((r) => r.customerTitle === 'Customer A')).toBe(true);
      const plain = await allPages<DeviceDto>(t, token, `/api/customer/${w.customers.A}/devices?type=meter`, 2);
      expect(plain).toHaveLength(3);
    }
    expect(await allPages(t, tok, `/api/customer/${w.customers.B}/deviceInfos`, 5)).toHaveLength(0);
  });
});
