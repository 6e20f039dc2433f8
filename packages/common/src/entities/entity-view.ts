import { Type, type Static } from 'typebox';
import { AnyEntityRef, EntityRef } from '../api/entity-ref.ts';
import { Json } from '../api/schema.ts';
import { CustomerInfoFields } from './asset.ts';

/** Which telemetry and attribute keys of its target an entity view exposes. */
export const EntityViewKeysSchema = Type.Object({
  timeseries: Type.Array(Type.String()),
  attributes: Type.Object({
    cs: Type.Array(Type.String()),
    ss: Type.Array(Type.String()),
    sh: Type.Array(Type.String()),
  }),
});
export type EntityViewKeys = Static<typeof EntityViewKeysSchema>;

/** ThingsBoard 3.2 EntityView. */
export const EntityViewSchema = Type.Object({
  id: EntityRef('ENTITY_VIEW'),
  createdTime: Type.Number(),
  entityId: AnyEntityRef,
  tenantId: EntityRef('TENANT'),
  customerId: EntityRef('CUSTOMER'),
  name: Type.String(),
  type: Type.String(),
  keys: EntityViewKeysSchema,
  startTimeMs: Type.Number(),
  endTimeMs: Type.Number(),
  additionalInfo: Json,
});
export type EntityView = Static<typeof EntityViewSchema>;

export const EntityViewInfoSchema = Type.Object({ ...EntityViewSchema.properties, ...CustomerInfoFields });
export type EntityViewInfo = Static<typeof EntityViewInfoSchema>;
