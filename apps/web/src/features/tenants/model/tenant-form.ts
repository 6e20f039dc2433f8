import {
  TITLED_CONTACT_FIELDS,
  titledContactFormFrom,
  titledContactPayload,
  validateTitledContact,
  type TitledContactErrors,
  type TitledContactForm,
} from '../../contact/model/titled-contact-form';
import type { Tenant, TenantInfo } from '../tenant-types';

export interface TenantForm extends TitledContactForm {
  /** '' until chosen; a new tenant starts with the default profile. */
  tenantProfileId: string;
}

export const TENANT_FORM_FIELDS = [...TITLED_CONTACT_FIELDS, 'tenantProfileId'] as const;

export type TenantFormErrors = TitledContactErrors & { tenantProfileId?: 'tenant.tenant-profile-required' };

export function tenantFormFrom(tenant: Tenant | undefined, defaultProfileId = ''): TenantForm {
  return { ...titledContactFormFrom(tenant), tenantProfileId: tenant?.tenantProfileId.id ?? defaultProfileId };
}

export function validateTenantForm(form: TenantForm): TenantFormErrors {
  const errors: TenantFormErrors = validateTitledContact(form);
  if (!form.tenantProfileId) errors.tenantProfileId = 'tenant.tenant-profile-required';
  return errors;
}

/** POST /api/tenant body: the loaded tenant (minus list-only fields) with the form merged in. */
export function tenantPayload(form: TenantForm, original: Tenant | TenantInfo | undefined) {
  const base = original ? withoutInfo(original) : undefined;
  return {
    ...titledContactPayload(form, base),
    tenantProfileId: { entityType: 'TENANT_PROFILE', id: form.tenantProfileId },
  };
}

function withoutInfo(tenant: Tenant | TenantInfo): Tenant {
  const copy: Partial<TenantInfo> = { ...tenant };
  delete copy.tenantProfileName;
  return copy as Tenant;
}
