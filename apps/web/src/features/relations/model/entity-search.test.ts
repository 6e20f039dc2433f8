import { describe, expect, it } from 'vitest';
import { entitySearchPlan, matchesPrefix, toEntityOption } from './entity-search';

const tenantAdmin = {
  authority: 'TENANT_ADMIN' as const,
  tenantId: { entityType: 'TENANT', id: 't-1' },
  customerId: { entityType: 'CUSTOMER', id: '13814000-1dd2-11b2-8080-808080808080' },
};
const customerUser = {
  ...tenantAdmin,
  authority: 'CUSTOMER_USER' as const,
  customerId: { entityType: 'CUSTOMER', id: 'c-1' },
};

describe('entity search per role', () => {
  it('uses tenant lists with a 50-row prefix search for tenant roles', () => {
    expect(entitySearchPlan('DEVICE', 'bo', tenantAdmin)).toEqual({
      kind: 'page',
      path: '/api/tenant/devices?pageSize=50&page=0&textSearch=bo&sortProperty=name&sortOrder=ASC',
    });
    expect(entitySearchPlan('CUSTOMER', '', tenantAdmin)).toEqual({
      kind: 'page',
      path: '/api/customers?pageSize=50&page=0&sortProperty=title&sortOrder=ASC',
    });
    expect(entitySearchPlan('TENANT', '', tenantAdmin)).toEqual({ kind: 'single', path: '/api/tenant/t-1' });
  });

  it('keeps customer roles to their customer', () => {
    expect(entitySearchPlan('ASSET', 'b', customerUser)).toEqual({
      kind: 'page',
      path: '/api/customer/c-1/assets?pageSize=50&page=0&textSearch=b&sortProperty=name&sortOrder=ASC',
    });
    expect(entitySearchPlan('ENTITY_VIEW', '', customerUser).kind).toBe('page');
    expect(entitySearchPlan('CUSTOMER', 'x', customerUser)).toEqual({ kind: 'single', path: '/api/customer/c-1' });
    expect(entitySearchPlan('TENANT', '', customerUser)).toEqual({ kind: 'none' });
  });

  it('names entities by name, title or email and matches by prefix in any case', () => {
    expect(toEntityOption({ id: { entityType: 'USER', id: 'u' }, email: 'a@b.c' }).name).toBe('a@b.c');
    expect(toEntityOption({ id: { entityType: 'CUSTOMER', id: 'c' }, title: 'Customer A' }).name).toBe('Customer A');
    expect(matchesPrefix('Customer A', 'cust')).toBe(true);
    expect(matchesPrefix('Customer A', 'omer')).toBe(false);
  });
});
