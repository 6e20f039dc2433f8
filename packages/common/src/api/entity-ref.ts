import { Type, type Static } from 'typebox';
import { ENTITY_TYPES, type EntityType } from '../ids.ts';

export const EntityTypeSchema = Type.Unsafe<EntityType>({ type: 'string', enum: [...ENTITY_TYPES] });

/** `{ entityType, id }` of one entity type (a string with a one-value enum, see schema.ts). */
export const EntityRef = <T extends EntityType>(entityType: T) =>
  Type.Object({ entityType: Type.Unsafe<T>({ type: 'string', enum: [entityType] }), id: Type.String() });

/** `{ entityType, id }` of any entity type. */
export const AnyEntityRef = Type.Object({ entityType: EntityTypeSchema, id: Type.String() });
export type AnyEntityRef = Static<typeof AnyEntityRef>;

/** `{ id }` alone (credentials, rule-chain connections). */
export const IdOnly = Type.Object({ id: Type.String() });
