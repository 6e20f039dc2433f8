import { Type, type Static } from 'typebox';
import { EntityRef } from '../api/entity-ref.ts';
import { Json, NullableString } from '../api/schema.ts';
import { ContactSchemaFields } from './contact.ts';

/** ThingsBoard 3.2 Tenant. */
export const TenantSchema = Type.Object({
  id: EntityRef('TENANT'),
  createdTime: Type.Number(),
  title: Type.String(),
  name: Type.String(),
  region: NullableString,
  tenantProfileId: EntityRef('TENANT_PROFILE'),
  ...ContactSchemaFields,
  additionalInfo: Json,
});
export type Tenant = Static<typeof TenantSchema>;

export const TenantInfoSchema = Type.Object({ ...TenantSchema.properties, tenantProfileName: NullableString });
export type TenantInfo = Static<typeof TenantInfoSchema>;
