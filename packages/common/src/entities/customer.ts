import { Type, type Static } from 'typebox';
import { EntityRef } from '../api/entity-ref.ts';
import { Json } from '../api/schema.ts';
import { ContactSchemaFields } from './contact.ts';

/** ThingsBoard 3.2 Customer; the tenant's Public customer has `additionalInfo.isPublic`. */
export const CustomerSchema = Type.Object({
  id: EntityRef('CUSTOMER'),
  createdTime: Type.Number(),
  tenantId: EntityRef('TENANT'),
  title: Type.String(),
  name: Type.String(),
  ...ContactSchemaFields,
  additionalInfo: Json,
});
export type Customer = Static<typeof CustomerSchema>;

/** GET /api/customer/{id}/shortInfo. */
export const ShortCustomerInfoSchema = Type.Object({ title: Type.String(), isPublic: Type.Boolean() });
