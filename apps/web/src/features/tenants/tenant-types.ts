import type { ContactField } from '@sapo/common';
import type { EntityId } from '../auth/auth-types';

/** GET /api/tenant/{id} (ThingsBoard's Tenant). */
export interface Tenant extends Partial<Record<ContactField, string | null>> {
  id: EntityId;
  createdTime: number;
  title: string;
  name?: string;
  region?: string | null;
  tenantProfileId: EntityId;
  additionalInfo: Record<string, unknown> | null;
}

/** GET /api/tenantInfos rows: the tenant plus its profile's name. */
export interface TenantInfo extends Tenant {
  tenantProfileName: string | null;
}
