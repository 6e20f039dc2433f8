import { describe, expect, it } from 'vitest';
import { allowedEntityTypes, entityTypeKeys } from './entity-types';

describe('allowed entity types per role', () => {
  it('gives a system administrator tenants only', () => {
    expect(allowedEntityTypes('SYS_ADMIN')).toEqual(['TENANT']);
    expect(allowedEntityTypes('SYS_ADMIN', { aliases: true })).toEqual(['TENANT', 'CURRENT_USER']);
  });

  it('gives tenant roles their entities, the tenant and customers', () => {
    const types = ['DEVICE', 'ASSET', 'ENTITY_VIEW', 'TENANT', 'CUSTOMER', 'USER', 'DASHBOARD'];
    expect(allowedEntityTypes('TENANT_ADMIN')).toEqual(types);
    expect(allowedEntityTypes('TENANT_USER')).toEqual(types);
    expect(allowedEntityTypes('TENANT_ADMIN', { aliases: true })).toEqual([
      ...types,
      'CURRENT_CUSTOMER',
      'CURRENT_TENANT',
      'CURRENT_USER',
      'CURRENT_USER_OWNER',
    ]);
  });

  it('never offers customer roles the tenant', () => {
    for (const authority of ['CUSTOMER_ADMIN', 'CUSTOMER_USER'] as const) {
      expect(allowedEntityTypes(authority)).not.toContain('TENANT');
      expect(allowedEntityTypes(authority, { aliases: true })).toEqual([
        'DEVICE',
        'ASSET',
        'ENTITY_VIEW',
        'CUSTOMER',
        'USER',
        'DASHBOARD',
        'CURRENT_CUSTOMER',
        'CURRENT_USER',
        'CURRENT_USER_OWNER',
      ]);
    }
  });

  it('narrows to the types a field accepts', () => {
    expect(allowedEntityTypes('CUSTOMER_USER', { only: ['DEVICE', 'ASSET', 'TENANT'] })).toEqual(['DEVICE', 'ASSET']);
  });

  it('names known types and leaves unknown ones to the caller', () => {
    expect(entityTypeKeys('ENTITY_VIEW')).toEqual({ one: 'entity.type-entity-view', many: 'entity.type-entity-views' });
    expect(entityTypeKeys('SOMETHING_NEW')).toBeUndefined();
  });
});
