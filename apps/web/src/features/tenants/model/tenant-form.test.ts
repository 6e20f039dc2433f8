import { describe, expect, it } from 'vitest';
import type { TenantInfo } from '../tenant-types';
import { tenantFormFrom, tenantPayload, validateTenantForm } from './tenant-form';

const tenant: TenantInfo = {
  id: { entityType: 'TENANT', id: 't1' },
  createdTime: 1700000000000,
  title: 'Tenant A',
  region: 'Global',
  tenantProfileId: { entityType: 'TENANT_PROFILE', id: 'p1' },
  tenantProfileName: 'Default',
  country: 'Italy',
  zip: '00184',
  email: null,
  additionalInfo: { description: 'First', custom: 1 },
};

describe('tenant form', () => {
  it('starts a new tenant with the default profile', () => {
    const form = tenantFormFrom(undefined, 'default-id');
    expect(form.tenantProfileId).toBe('default-id');
    expect(form.title).toBe('');
  });

  it('loads an existing tenant', () => {
    const form = tenantFormFrom(tenant, 'default-id');
    expect(form).toMatchObject({ title: 'Tenant A', description: 'First', tenantProfileId: 'p1' });
    expect(form.contact.country).toBe('Italy');
  });

  it('requires a title and a profile, and checks the contact', () => {
    const form = { ...tenantFormFrom(undefined), contact: { ...tenantFormFrom(tenant).contact, zip: '1' } };
    expect(validateTenantForm(form)).toEqual({
      title: 'common.title-required',
      tenantProfileId: 'tenant.tenant-profile-required',
      zip: 'contact.postal-code-invalid',
    });
  });

  it('sends the whole tenant with the chosen profile and without list-only fields', () => {
    const form = tenantFormFrom(tenant);
    form.tenantProfileId = 'p2';
    form.contact.email = ' boss@a.test ';
    const body = tenantPayload(form, tenant);
    expect(body).toMatchObject({
      id: tenant.id,
      region: 'Global',
      title: 'Tenant A',
      email: 'boss@a.test',
      zip: '00184',
      tenantProfileId: { entityType: 'TENANT_PROFILE', id: 'p2' },
      additionalInfo: { description: 'First', custom: 1 },
    });
    expect('tenantProfileName' in body).toBe(false);
  });
});
