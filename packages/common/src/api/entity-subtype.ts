import { Type, type Static } from 'typebox';
import { EntityRef, EntityTypeSchema } from './entity-ref.ts';

/** GET /api/{device,asset,entityView}/types: the subtypes (types) a tenant uses. */
export const EntitySubtypeSchema = Type.Object({
  tenantId: EntityRef('TENANT'),
  entityType: EntityTypeSchema,
  type: Type.String(),
});
export type EntitySubtype = Static<typeof EntitySubtypeSchema>;
