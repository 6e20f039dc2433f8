import type { ContactField } from '@sapo/common';
import type { EntityId } from '../auth/auth-types';

/** GET /api/customer/{id} (ThingsBoard's Customer). */
export interface Customer extends Partial<Record<ContactField, string | null>> {
  id: EntityId;
  createdTime: number;
  tenantId: EntityId;
  title: string;
  name?: string;
  /** `isPublic: true` marks the tenant's public customer, which cannot be edited. */
  additionalInfo: Record<string, unknown> | null;
}

export function isPublicCustomer(customer: Customer): boolean {
  return customer.additionalInfo?.isPublic === true;
}
