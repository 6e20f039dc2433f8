import { Type, type Static } from 'typebox';
import { EntityRef } from '../api/entity-ref.ts';
import { Json, NullableString } from '../api/schema.ts';

/** ThingsBoard 3.2 Asset (reference §2.2). */
export const AssetSchema = Type.Object({
  id: EntityRef('ASSET'),
  createdTime: Type.Number(),
  tenantId: EntityRef('TENANT'),
  /** NULL_UUID while unassigned. */
  customerId: EntityRef('CUSTOMER'),
  name: Type.String(),
  type: Type.String(),
  label: NullableString,
  additionalInfo: Json,
});
export type Asset = Static<typeof AssetSchema>;

/** The fields an *Info adds to an owned entity (asset, entity view). */
export const CustomerInfoFields = {
  customerTitle: NullableString,
  customerIsPublic: Type.Boolean(),
};

export const AssetInfoSchema = Type.Object({ ...AssetSchema.properties, ...CustomerInfoFields });
export type AssetInfo = Static<typeof AssetInfoSchema>;
