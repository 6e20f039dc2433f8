import { Type, type Static } from 'typebox';
import { EntityRef } from '../api/entity-ref.ts';
import { Json, NullableString } from '../api/schema.ts';

/** ThingsBoard 3.2 TenantProfile; profileData.configuration holds the limits (open JSON). */
export const TenantProfileSchema = Type.Object({
  id: EntityRef('TENANT_PROFILE'),
  createdTime: Type.Number(),
  name: Type.String(),
  description: NullableString,
  default: Type.Boolean(),
  isolatedTbCore: Type.Boolean(),
  isolatedTbRuleEngine: Type.Boolean(),
  profileData: Json,
});
export type TenantProfile = Static<typeof TenantProfileSchema>;

/** EntityInfo of a tenant profile (lists, the default). */
export const TenantProfileInfoSchema = Type.Object({ id: EntityRef('TENANT_PROFILE'), name: Type.String() });
export type TenantProfileInfo = Static<typeof TenantProfileInfoSchema>;
