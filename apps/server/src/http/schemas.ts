import { Type } from 'typebox';
import { ENTITY_TYPES } from '@sapo/common';

export const Uuid = Type.String({ format: 'uuid' });
export const IdParam = Type.Object({ id: Uuid });
export const EntityIdSchema = Type.Object({
  entityType: Type.Union(ENTITY_TYPES.map((t) => Type.Literal(t))),
  id: Uuid,
});
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
export const OptionalText = (maxLength = 255) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
export const AnyJson = Type.Unknown();

export const ContactFields = {
  country: OptionalText(),
  state: OptionalText(),
  city: OptionalText(),
  address: OptionalText(),
  address2: OptionalText(),
  zip: OptionalText(),
  phone: OptionalText(),
  email: OptionalText(),
};
