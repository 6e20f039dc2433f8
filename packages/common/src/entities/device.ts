import { Type, type Static } from 'typebox';
import { EntityRef, IdOnly } from '../api/entity-ref.ts';
import { Json, NullableString } from '../api/schema.ts';

/** ThingsBoard 3.2 Device (reference §2.1); `type` is the device profile's name. */
export const DeviceSchema = Type.Object({
  id: EntityRef('DEVICE'),
  createdTime: Type.Number(),
  tenantId: EntityRef('TENANT'),
  /** NULL_UUID while unassigned. */
  customerId: EntityRef('CUSTOMER'),
  name: Type.String(),
  type: Type.String(),
  label: NullableString,
  deviceProfileId: EntityRef('DEVICE_PROFILE'),
  deviceData: Json,
  additionalInfo: Json,
});
export type Device = Static<typeof DeviceSchema>;

/** GET /api/tenant/deviceInfos rows, /api/device/info/{id}. */
export const DeviceInfoSchema = Type.Object({
  ...DeviceSchema.properties,
  customerTitle: NullableString,
  customerIsPublic: Type.Boolean(),
  deviceProfileName: Type.String(),
});
export type DeviceInfo = Static<typeof DeviceInfoSchema>;

/** GET /api/device/{id}/credentials. X.509 values are the certificate's base64 body. */
export const DeviceCredentialsSchema = Type.Object({
  id: IdOnly,
  createdTime: Type.Number(),
  deviceId: EntityRef('DEVICE'),
  credentialsType: Type.String({ enum: ['ACCESS_TOKEN', 'MQTT_BASIC', 'X509_CERTIFICATE'] }),
  credentialsId: Type.String(),
  credentialsValue: NullableString,
});
