import { Type, type Static } from 'typebox';
import { AnyEntityRef } from './entity-ref.ts';
import { Json, NullableString } from './schema.ts';

/** ThingsBoard 3.2 EntityRelation. */
export const EntityRelationSchema = Type.Object({
  from: AnyEntityRef,
  to: AnyEntityRef,
  type: Type.String(),
  typeGroup: Type.String(),
  additionalInfo: Json,
});
export type EntityRelation = Static<typeof EntityRelationSchema>;

/** EntityRelationInfo: plus the names of both ends (null when not found). */
export const EntityRelationInfoSchema = Type.Object({
  ...EntityRelationSchema.properties,
  fromName: NullableString,
  toName: NullableString,
});
export type EntityRelationInfo = Static<typeof EntityRelationInfoSchema>;
