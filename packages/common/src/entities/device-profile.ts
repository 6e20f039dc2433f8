import { Type, type Static } from 'typebox';
import { EntityRef } from '../api/entity-ref.ts';
import { Json, Nullable, NullableString } from '../api/schema.ts';

/** ThingsBoard 3.2 DeviceProfile; profileData (configuration, transport, alarms) is kept whole. */
export const DeviceProfileSchema = Type.Object({
  id: EntityRef('DEVICE_PROFILE'),
  createdTime: Type.Number(),
  tenantId: EntityRef('TENANT'),
  name: Type.String(),
  description: NullableString,
  image: NullableString,
  type: Type.String(),
  transportType: Type.String(),
  provisionType: Type.String(),
  defaultRuleChainId: Nullable(EntityRef('RULE_CHAIN')),
  defaultQueueName: NullableString,
  provisionDeviceKey: NullableString,
  profileData: Json,
  default: Type.Boolean(),
});
export type DeviceProfile = Static<typeof DeviceProfileSchema>;

export const DeviceProfileInfoSchema = Type.Object({
  id: EntityRef('DEVICE_PROFILE'),
  name: Type.String(),
  image: NullableString,
  type: Type.String(),
  transportType: Type.String(),
});
export type DeviceProfileInfo = Static<typeof DeviceProfileInfoSchema>;
