import { NullableString } from '../api/schema.ts';

/** The contact fields tenants and customers carry (ThingsBoard's ContactBased). */
export const ContactSchemaFields = {
  country: NullableString,
  state: NullableString,
  city: NullableString,
  address: NullableString,
  address2: NullableString,
  zip: NullableString,
  phone: NullableString,
  email: NullableString,
};
