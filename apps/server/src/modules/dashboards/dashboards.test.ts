import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { auditActions, ok, PAGE, setupEntityWorld, type EntityWorld, type Who } from '../entities/entity-fixtures.ts';
import { expectError, expectForbidden, expectNotFound } from '../users/users-fixtures.ts';

let t: TestApp;
let w: EntityWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupEntityWorld(t);
});
afterAll(() => t.close());

interface DashboardDto {
  id: { entityType: string; id: string };
  createdTime: number;
  tenantId: { entityType: string; id: string };
  title: string;
  name: string;
  assignedCustomers: { customerId: { entityType: string; id: string }; title: string; public: boolean }[] | null;
  configuration?: unknown;
}

const call = (method: string, url: string, who: Who, body?: unknown) =>
  t.request(method, url, { token: w.tokens[who], body });
const create = async (title: string, configuration: unknown = { widgets: {} }, who: Who = 'tenant') =>
  (await ok(call('POST', '/api/dashboard', who, { title, configuration }))) as DashboardDto;
const titles = (page: { data: { title: string }[] }) => page.data.map((d) => d.title);

describe('saving and reading dashboards', () => {
  it('creates a dashboard with its configuration and reads it back, full and as info', async () => {
    const configuration = { widgets: { w1: { typeAlias: 'basic_timeseries' } }, states: { default: { root: true } } };
    const d = await create('Energy overview', configuration);
    expect(d).toMatchObject({
      id: { entityType: 'DASHBOARD' },
      tenantId: { entityType: 'TENANT', id: w.tenantId },
      title: 'Energy overview',
      name: 'Energy overview',
      assignedCustomers: null,
      configuration,
    });
    const full = await ok(call('GET', `/api/dashboard/${d.id.id}`, 'tenant'));
    expect(full.configuration).toEqual(configuration);
    const info = await ok(call('GET', `/api/dashboard/info/${d.id.id}`, 'tenant'));
    expect(info.title).toBe('Energy overview');
    expect(info).not.toHaveProperty('configuration');
    expect(await auditActions(t, d.id.id)).toEqual(['ADDED']);
  });

  it('updates the title and configuration, keeps the configuration when it is left out, ignores server fields', async () => {
    const d = await create('Chillers', { widgets: { a: {} } });
    const renamed = await ok(
      call('POST', '/api/dashboard', 'tenant', {
        id: d.id,
        title: 'Chillers plant',
        tenantId: { entityType: 'TENANT', id: w.otherTenantId },
        assignedCustomers: [{ customerId: { entityType: 'CUSTOMER', id: w.customers.A }, title: 'x', public: false }],
      }),
    );
    expect(renamed).toMatchObject({ title: 'Chillers plant', configuration: { widgets: { a: {} } } });
    expect(renamed.tenantId.id).toBe(w.tenantId);
    expect(renamed.assignedCustomers).toBeNull();
    const changed = await ok(
      call('POST', '/api/dashboard', 'tenant', { id: d.id, title: 'Chillers plant', configuration: { widgets: {} } }),
    );
    expect(changed.configuration).toEqual({ widgets: {} });
    expect(await auditActions(t, d.id.id)).toEqual(['ADDED', 'UPDATED', 'UPDATED']);
  });

  it('refuses a missing title and a configuration that is not an object, storing nothing', async () => {
    const before = (await ok(call('GET', `/api/tenant/dashboards?${PAGE}`, 'tenant'))).totalElements;
    expectError(
      await call('POST', '/api/dashboard', 'tenant', { title: '  ' }),
      400,
      31,
      'Dashboard title should be specified!',
    );
    expectError(await call('POST', '/api/dashboard', 'tenant', {}), 400, 31, 'Dashboard title should be specified!');
    expectError(
      await call('POST', '/api/dashboard', 'tenant', { title: 'X', configuration: [1, 2] }),
      400,
      31,
      'Dashboard configuration should be a JSON object!',
    );
    expect((await ok(call('GET', `/api/tenant/dashboards?${PAGE}`, 'tenant'))).totalElements).toBe(before);
  });

  it('only a tenant administrator saves and deletes', async () => {
    const d = await create('Admin only');
    for (const who of ['tenantUser', 'customer', 'customerAdmin', 'sysadmin'] as Who[]) {
      expectForbidden(await call('POST', '/api/dashboard', who, { title: 'Mine' }));
      expectForbidden(await call('DELETE', `/api/dashboard/${d.id.id}`, who));
    }
    expectForbidden(await call('POST', '/api/dashboard', 'other', { id: d.id, title: 'Hijack' }));
    expectForbidden(await call('DELETE', `/api/dashboard/${d.id.id}`, 'other'));
    expect((await ok(call('GET', `/api/dashboard/${d.id.id}`, 'tenant'))).title).toBe('Admin only');
  });

  it('deletes a dashboard with its assignments; a second delete is a 404', async () => {
    const d = await create('Short lived');
    await ok(call('POST', `/api/customer/${w.customers.A}/dashboard/${d.id.id}`, 'tenant'));
    expect((await call('DELETE', `/api/dashboard/${d.id.id}`, 'tenant')).statusCode).toBe(200);
    expectNotFound(await call('GET', `/api/dashboard/${d.id.id}`, 'tenant'));
    expectNotFound(await call('DELETE', `/api/dashboard/${d.id.id}`, 'tenant'));
    const left = await t.db.query('SELECT 1 FROM dashboard_customer WHERE dashboard_id = $1', [d.id.id]);
    expect(left).toHaveLength(0);
    expect(await auditActions(t, d.id.id)).toContain('DELETED');
  });

  it('respects the tenant profile limit on dashboards', async () => {
    const profile = await t.db.query<{ id: string }>(
      'SELECT p.id FROM tenant t JOIN tenant_profile p ON p.id = t.tenant_profile_id WHERE t.id = $1',
      [w.otherTenantId],
    );
    // Room for exactly one more dashboard (the profile may be shared: the limit is lifted again below).
    const count = (await ok(call('GET', `/api/tenant/dashboards?${PAGE}`, 'other'))).totalElements as number;
    await t.db.query(
      `UPDATE tenant_profile SET profile_data = jsonb_set(profile_data, '{configuration,maxDashboards}', to_jsonb($2::int))
       WHERE id = $1`,
      [profile[0]!.id, count + 1],
    );
    try {
      await create('Within limit', {}, 'other');
      expectError(
        await call('POST', '/api/dashboard', 'other', { title: 'Over limit' }),
        403,
        20,
        /Dashboards limit reached/,
      );
    } finally {
      await t.db.query(
        `UPDATE tenant_profile SET profile_data = jsonb_set(profile_data, '{configuration,maxDashboards}', '0') WHERE id = $1`,
        [profile[0]!.id],
      );
    }
  });
});

describe('who reads a dashboard', () => {
  let ofA: DashboardDto;
  let free: DashboardDto;
  beforeAll(async () => {
    ofA = await create('Shared with A');
    await ok(call('POST', `/api/customer/${w.customers.A}/dashboard/${ofA.id.id}`, 'tenant'));
    free = await create('Not shared');
  });

  const cases: [Who, 'ofA' | 'free', number][] = [
    ['tenant', 'ofA', 200],
    ['tenantUser', 'free', 200],
    ['customer', 'ofA', 200],
    ['customerAdmin', 'ofA', 200],
    ['customer', 'free', 403],
    ['customerB', 'ofA', 403],
    ['other', 'ofA', 403],
  ];
  for (const [who, which, status] of cases) {
    it(`${who} reading ${which} → ${status}`, async () => {
      const id = { ofA, free }[which].id.id;
      for (const url of [`/api/dashboard/${id}`, `/api/dashboard/info/${id}`]) {
        const res = await call('GET', url, who);
        if (status === 200) expect(res.statusCode, res.body).toBe(200);
        else expectForbidden(res);
      }
    });
  }

  it('the system administrator reads the info only; unknown → 404; bad id → 400; anonymous → 401', async () => {
    expect((await ok(call('GET', `/api/dashboard/info/${ofA.id.id}`, 'sysadmin'))).title).toBe('Shared with A');
    expectForbidden(await call('GET', `/api/dashboard/${ofA.id.id}`, 'sysadmin'));
    expectNotFound(await call('GET', '/api/dashboard/00000000-0000-4000-8000-000000000001', 'tenant'));
    expectError(await call('GET', '/api/dashboard/not-a-uuid', 'tenant'), 400, 31, /dashboardId/);
    expectError(await t.request('GET', `/api/dashboard/${ofA.id.id}`), 401, 10);
  });
});

describe('lists', () => {
  beforeAll(async () => {
    for (const title of ['Lift 2', 'lift 1', 'AHU level 3', 'Water flow']) await create(title);
  });

  it('tenant list: paged, searched by title prefix (any case), sorted by title', async () => {
    const page = await ok(
      call(
        'GET',
        '/api/tenant/dashboards?pageSize=2&page=0&textSearch=LIFT&sortProperty=title&sortOrder=ASC',
        'tenant',
      ),
    );
    expect(titles(page)).toEqual(['lift 1', 'Lift 2']);
    expect(page).toMatchObject({ totalElements: 2, totalPages: 1, hasNext: false });
    const desc = await ok(call('GET', `/api/tenant/dashboards?${PAGE}&sortProperty=title&sortOrder=DESC`, 'tenant'));
    expect(titles(desc)[0]).toBe('Water flow');
    expect(desc.data[0]).not.toHaveProperty('configuration');
  });

  it('lists carry only the configuration keys menus read (reactDashboard, hideInSelectPanel, description)', async () => {
    const configuration = { reactDashboard: true, description: 'energy-dashboard', widgets: { big: { x: 1 } } };
    const d = await create('Menu entry', configuration);
    const page = await ok(call('GET', `/api/tenant/dashboards?${PAGE}&textSearch=Menu entry`, 'tenant'));
    expect(page.data).toEqual([
      expect.objectContaining({ id: d.id, configuration: { reactDashboard: true, description: 'energy-dashboard' } }),
    ]);
    const info = await ok(call('GET', `/api/dashboard/info/${d.id.id}`, 'tenant'));
    expect(info.configuration).toEqual({ reactDashboard: true, description: 'energy-dashboard' });
    expect((await ok(call('GET', `/api/dashboard/${d.id.id}`, 'tenant'))).configuration).toEqual(configuration);
    expectError(
      await call('GET', `/api/tenant/dashboards?${PAGE}&sortProperty=color`, 'tenant'),
      400,
      31,
      /sort property/,
    );
  });

  it('tenant lists are for tenant roles; the system administrator lists a tenant by id', async () => {
    expect((await ok(call('GET', `/api/tenant/dashboards?${PAGE}`, 'tenantUser'))).totalElements).toBeGreaterThan(3);
    expectForbidden(await call('GET', `/api/tenant/dashboards?${PAGE}`, 'customer'));
    expectForbidden(await call('GET', `/api/tenant/dashboards?${PAGE}`, 'sysadmin'));
    const ofTenant = await ok(call('GET', `/api/tenant/${w.tenantId}/dashboards?${PAGE}&textSearch=AHU`, 'sysadmin'));
    expect(titles(ofTenant)).toEqual(['AHU level 3']);
    expectForbidden(await call('GET', `/api/tenant/${w.tenantId}/dashboards?${PAGE}`, 'tenant'));
    const others = await ok(call('GET', `/api/tenant/dashboards?${PAGE}`, 'other'));
    expect(titles(others)).not.toContain('AHU level 3');
  });

  it('customer list: only dashboards assigned to that customer; a customer sees only its own list', async () => {
    const d = await create('For customer B');
    await ok(call('POST', `/api/customer/${w.customers.B}/dashboard/${d.id.id}`, 'tenant'));
    const forB = await ok(call('GET', `/api/customer/${w.customers.B}/dashboards?${PAGE}`, 'customerB'));
    expect(titles(forB)).toEqual(['For customer B']);
    expect(forB.data[0].assignedCustomers).toEqual([
      { customerId: { entityType: 'CUSTOMER', id: w.customers.B }, title: 'Customer B', public: false },
    ]);
    expect(titles(await ok(call('GET', `/api/customer/${w.customers.B}/dashboards?${PAGE}`, 'tenant')))).toEqual([
      'For customer B',
    ]);
    expectForbidden(await call('GET', `/api/customer/${w.customers.B}/dashboards?${PAGE}`, 'customer'));
    expectForbidden(await call('GET', `/api/customer/${w.otherCustomerId}/dashboards?${PAGE}`, 'tenant'));
    expectNotFound(
      await call('GET', `/api/customer/00000000-0000-4000-8000-000000000002/dashboards?${PAGE}`, 'tenant'),
    );
  });
});
