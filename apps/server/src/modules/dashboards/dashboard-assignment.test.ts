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

interface Assigned {
  customerId: { id: string };
  title: string;
  public: boolean;
}

const call = (method: string, url: string, who: Who, body?: unknown) =>
  t.request(method, url, { token: w.tokens[who], body });
const create = async (title: string) =>
  (await ok(call('POST', '/api/dashboard', 'tenant', { title, configuration: {} }))) as { id: { id: string } };
const assignedTitles = (d: { assignedCustomers: Assigned[] | null }) =>
  (d.assignedCustomers ?? []).map((c) => c.title).sort();

describe('assigning to customers', () => {
  it('assigns to several customers and unassigns one; each is audited; the customer then reads it', async () => {
    const d = await create('Switchboard');
    expectForbidden(await call('GET', `/api/dashboard/${d.id.id}`, 'customer'));
    const a = await ok(call('POST', `/api/customer/${w.customers.A}/dashboard/${d.id.id}`, 'tenant'));
    expect(a.assignedCustomers).toEqual([
      { customerId: { entityType: 'CUSTOMER', id: w.customers.A }, title: 'Customer A', public: false },
    ]);
    expect(a.configuration).toEqual({});
    const ab = await ok(call('POST', `/api/customer/${w.customers.B}/dashboard/${d.id.id}`, 'tenant'));
    expect(assignedTitles(ab)).toEqual(['Customer A', 'Customer B']);
    // Assigning twice changes nothing.
    const again = await ok(call('POST', `/api/customer/${w.customers.B}/dashboard/${d.id.id}`, 'tenant'));
    expect(assignedTitles(again)).toEqual(['Customer A', 'Customer B']);
    expect((await ok(call('GET', `/api/dashboard/${d.id.id}`, 'customer'))).title).toBe('Switchboard');

    const b = await ok(call('DELETE', `/api/customer/${w.customers.A}/dashboard/${d.id.id}`, 'tenant'));
    expect(assignedTitles(b)).toEqual(['Customer B']);
    expectForbidden(await call('GET', `/api/dashboard/${d.id.id}`, 'customer'));
    expect((await auditActions(t, d.id.id)).filter((x) => x !== 'ADDED')).toEqual([
      'ASSIGNED_TO_CUSTOMER',
      'ASSIGNED_TO_CUSTOMER',
      'UNASSIGNED_FROM_CUSTOMER',
    ]);
  });

  it("shows a customer's current title, and drops the assignment when the customer is deleted", async () => {
    const d = await create('Lifts');
    const c = await ok(call('POST', '/api/customer', 'tenant', { title: 'Tower West' }));
    await ok(call('POST', `/api/customer/${c.id.id}/dashboard/${d.id.id}`, 'tenant'));
    await ok(call('POST', '/api/customer', 'tenant', { ...c, title: 'Tower West (new)' }));
    expect(assignedTitles(await ok(call('GET', `/api/dashboard/info/${d.id.id}`, 'tenant')))).toEqual([
      'Tower West (new)',
    ]);
    expect((await call('DELETE', `/api/customer/${c.id.id}`, 'tenant')).statusCode).toBe(200);
    expect((await ok(call('GET', `/api/dashboard/info/${d.id.id}`, 'tenant'))).assignedCustomers).toBeNull();
  });

  it('refuses other roles, other tenants and unknown customers', async () => {
    const d = await create('Guarded');
    for (const who of ['tenantUser', 'customer', 'customerAdmin', 'sysadmin', 'other'] as Who[]) {
      expectForbidden(await call('POST', `/api/customer/${w.customers.A}/dashboard/${d.id.id}`, who));
      expectForbidden(await call('POST', `/api/customer/public/dashboard/${d.id.id}`, who));
      expectForbidden(await call('POST', `/api/dashboard/${d.id.id}/customers`, who, [w.customers.A]));
    }
    expectForbidden(await call('POST', `/api/customer/${w.otherCustomerId}/dashboard/${d.id.id}`, 'tenant'));
    expectNotFound(
      await call('POST', `/api/customer/00000000-0000-4000-8000-000000000003/dashboard/${d.id.id}`, 'tenant'),
    );
    expectNotFound(
      await call('POST', `/api/customer/${w.customers.A}/dashboard/00000000-0000-4000-8000-000000000004`, 'tenant'),
    );
    expect((await ok(call('GET', `/api/dashboard/info/${d.id.id}`, 'tenant'))).assignedCustomers).toBeNull();
  });
});

describe('public and private', () => {
  it('making public assigns the Public customer (created once); private removes only it', async () => {
    const d = await create('Lobby screen');
    await ok(call('POST', `/api/customer/${w.customers.C}/dashboard/${d.id.id}`, 'tenant'));
    const pub = await ok(call('POST', `/api/customer/public/dashboard/${d.id.id}`, 'tenant'));
    const publicOne = (pub.assignedCustomers as Assigned[]).find((c) => c.public);
    expect(publicOne).toMatchObject({ title: 'Public', public: true });
    const d2 = await create('Car park');
    const pub2 = await ok(call('POST', `/api/customer/public/dashboard/${d2.id.id}`, 'tenant'));
    expect(pub2.assignedCustomers[0].customerId.id).toBe(publicOne!.customerId.id);
    const publicCustomers = await t.db.query('SELECT id FROM customer WHERE tenant_id = $1 AND is_public', [
      w.tenantId,
    ]);
    expect(publicCustomers).toHaveLength(1);
    // The Public customer's list shows it, as the public link's anonymous visitor will see it.
    const list = await ok(call('GET', `/api/customer/${publicOne!.customerId.id}/dashboards?${PAGE}`, 'tenant'));
    expect(list.data.map((x: { title: string }) => x.title).sort()).toEqual(['Car park', 'Lobby screen']);

    const priv = await ok(call('DELETE', `/api/customer/public/dashboard/${d.id.id}`, 'tenant'));
    expect(assignedTitles(priv)).toEqual(['Customer C']);
  });
});

describe('customer lists (/dashboard/{id}/customers, /add, /remove)', () => {
  it('replaces, adds and removes sets of customers', async () => {
    const d = await create('People counting');
    const set = await ok(call('POST', `/api/dashboard/${d.id.id}/customers`, 'tenant', [w.customers.A, w.customers.B]));
    expect(assignedTitles(set)).toEqual(['Customer A', 'Customer B']);
    const replaced = await ok(call('POST', `/api/dashboard/${d.id.id}/customers`, 'tenant', [w.customers.C]));
    expect(assignedTitles(replaced)).toEqual(['Customer C']);
    const added = await ok(
      call('POST', `/api/dashboard/${d.id.id}/customers/add`, 'tenant', [w.customers.A, w.customers.C]),
    );
    expect(assignedTitles(added)).toEqual(['Customer A', 'Customer C']);
    const removed = await ok(call('POST', `/api/dashboard/${d.id.id}/customers/remove`, 'tenant', [w.customers.C]));
    expect(assignedTitles(removed)).toEqual(['Customer A']);
    const emptied = await ok(call('POST', `/api/dashboard/${d.id.id}/customers`, 'tenant', []));
    expect(emptied.assignedCustomers).toBeNull();
  });

  it('refuses bad lists and any customer of another tenant, changing nothing', async () => {
    const d = await create('Water');
    await ok(call('POST', `/api/dashboard/${d.id.id}/customers`, 'tenant', [w.customers.A]));
    expectError(
      await call('POST', `/api/dashboard/${d.id.id}/customers`, 'tenant', { ids: [] }),
      400,
      31,
      /JSON array/,
    );
    expectError(
      await call('POST', `/api/dashboard/${d.id.id}/customers/add`, 'tenant', ['nope']),
      400,
      31,
      /Invalid customer id/,
    );
    expectForbidden(
      await call('POST', `/api/dashboard/${d.id.id}/customers`, 'tenant', [w.customers.B, w.otherCustomerId]),
    );
    expect(assignedTitles(await ok(call('GET', `/api/dashboard/info/${d.id.id}`, 'tenant')))).toEqual(['Customer A']);
  });
});

describe('home dashboards', () => {
  it('tenant home info: empty until set, set to an own dashboard, cleared with null', async () => {
    const none = await call('GET', '/api/tenant/dashboard/home/info', 'tenant');
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe('');
    const d = await create('Building home');
    const set = await ok(
      call('POST', '/api/tenant/dashboard/home/info', 'tenant', {
        dashboardId: { entityType: 'DASHBOARD', id: d.id.id },
        hideDashboardToolbar: false,
      }),
    );
    expect(set).toEqual({ dashboardId: { entityType: 'DASHBOARD', id: d.id.id }, hideDashboardToolbar: false });
    expect(await ok(call('GET', '/api/tenant/dashboard/home/info', 'tenant'))).toEqual(set);

    // Tenant users land on it; the toolbar flag comes along.
    const home = await ok(call('GET', '/api/dashboard/home', 'tenantUser'));
    expect(home).toMatchObject({ id: d.id, title: 'Building home', hideDashboardToolbar: false, configuration: {} });

    const foreign = await ok(call('POST', '/api/dashboard', 'other', { title: 'Not yours' }));
    expectForbidden(
      await call('POST', '/api/tenant/dashboard/home/info', 'tenant', {
        dashboardId: foreign.id,
        hideDashboardToolbar: true,
      }),
    );
    expectForbidden(await call('POST', '/api/tenant/dashboard/home/info', 'customer', { dashboardId: d.id }));
    expect(await ok(call('GET', '/api/tenant/dashboard/home/info', 'tenant'))).toEqual(set);

    const cleared = await call('POST', '/api/tenant/dashboard/home/info', 'tenant', { dashboardId: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.body).toBe('');
    expect((await call('GET', '/api/dashboard/home', 'tenantUser')).body).toBe('');
  });

  it("a user's own home dashboard wins; a customer's applies to its users only if shared with them", async () => {
    const d = await create('Customer home');
    await t.db.query(`UPDATE customer SET additional_info = $2 WHERE id = $1`, [
      w.customers.A,
      JSON.stringify({ homeDashboardId: d.id.id, homeDashboardHideToolbar: true }),
    ]);
    // Not shared with Customer A yet: no home dashboard rather than an error.
    expect((await call('GET', '/api/dashboard/home', 'customer')).body).toBe('');
    await ok(call('POST', `/api/customer/${w.customers.A}/dashboard/${d.id.id}`, 'tenant'));
    expect(await ok(call('GET', '/api/dashboard/home', 'customer'))).toMatchObject({
      title: 'Customer home',
      hideDashboardToolbar: true,
    });

    const own = await create('My own home');
    await ok(call('POST', `/api/customer/${w.customers.A}/dashboard/${own.id.id}`, 'tenant'));
    await t.db.query(`UPDATE tb_user SET additional_info = $1 WHERE email = 'customer@sapo.local'`, [
      JSON.stringify({ homeDashboardId: own.id.id, homeDashboardHideToolbar: false }),
    ]);
    expect(await ok(call('GET', '/api/dashboard/home', 'customer'))).toMatchObject({
      title: 'My own home',
      hideDashboardToolbar: false,
    });
    // The system administrator has no home dashboard.
    expect((await call('GET', '/api/dashboard/home', 'sysadmin')).body).toBe('');
  });
});
