import type { EntityId } from '../auth/auth-types';

/** GET /api/tenantProfile/{id} and /api/tenantProfiles rows. */
export interface TenantProfile {
  id: EntityId;
  createdTime: number;
  name: string;
  description: string | null;
  default: boolean;
  isolatedTbCore: boolean;
  isolatedTbRuleEngine: boolean;
  /** `configuration` holds the limits (spec 2-calls §3.7) and keys this client does not edit. */
  profileData: { configuration?: Record<string, unknown> } | null;
}
