import { describe, expect, it } from 'vitest';
import { ownerListPath, ownerScope } from './owner-scope';

const user = (authority: 'TENANT_ADMIN' | 'TENANT_USER' | 'CUSTOMER_ADMIN' | 'CUSTOMER_USER') => ({
  authority,
  customerId: { id: 'c-1' },
});

describe('owner scope', () => {
  it('gives tenant administrators everything and tenant users editing', () => {
    expect(ownerScope(user('TENANT_ADMIN'))).toMatchObject({ customer: false, canEdit: true, canManage: true });
    expect(ownerScope(user('TENANT_USER'))).toMatchObject({ customer: false, canEdit: true, canManage: false });
  });

  it('keeps customer roles read-only on customer-scoped calls', () => {
    for (const role of ['CUSTOMER_ADMIN', 'CUSTOMER_USER'] as const) {
      expect(ownerScope(user(role))).toMatchObject({ customer: true, canEdit: false, canManage: false });
    }
  });

  it('lists through the tenant or the customer, with an optional type', () => {
    expect(ownerListPath(ownerScope(user('TENANT_ADMIN')), 'assetInfos', '')).toBe('/api/tenant/assetInfos');
    expect(ownerListPath(ownerScope(user('CUSTOMER_USER')), 'assetInfos', 'Building A&B')).toBe(
      '/api/customer/c-1/assetInfos?type=Building+A%26B',
    );
  });
});
