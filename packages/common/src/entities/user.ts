import { Type, type Static } from 'typebox';
import { AUTHORITIES, type Authority } from '../authority.ts';
import { EntityRef } from '../api/entity-ref.ts';
import { NullableString } from '../api/schema.ts';

export const AuthoritySchema = Type.Unsafe<Authority>({ type: 'string', enum: [...AUTHORITIES] });

/**
 * ThingsBoard 3.2 User (reference §2.1). additionalInfo is the client's JSON plus the server's keys
 * (userCredentialsEnabled, userActivated, failedLoginAttempts, lockedUntilTs).
 */
export const UserSchema = Type.Object({
  id: EntityRef('USER'),
  createdTime: Type.Number(),
  /** NULL_UUID for the system administrator. */
  tenantId: EntityRef('TENANT'),
  /** NULL_UUID unless a customer user. */
  customerId: EntityRef('CUSTOMER'),
  email: Type.String(),
  name: Type.String(),
  authority: AuthoritySchema,
  firstName: NullableString,
  lastName: NullableString,
  additionalInfo: Type.Object(
    {
      // Optional: the public customer's pseudo-user has only `isPublic`.
      userCredentialsEnabled: Type.Optional(Type.Boolean()),
      failedLoginAttempts: Type.Optional(Type.Number()),
      userActivated: Type.Optional(Type.Boolean()),
      lockedUntilTs: Type.Optional(Type.Number()),
    },
    { additionalProperties: true },
  ),
});
export type User = Static<typeof UserSchema>;
