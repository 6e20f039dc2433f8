// Wire schemas of the building API (GET /api/buildings, GET /api/buildings/consumption): the server's
// response schemas and the web app's types. Enum fields are strings with an `enum` (api/schema.ts).
import { Type, type Static, type TSchema } from 'typebox';
import { NullableNumber, NullableString } from '../api/schema.ts';
import { BUILDING_DEVICE_KINDS, BUILDING_LEVELS, LOAD_TYPES } from './building-types.ts';
import { CONSUMPTION_BUCKETS } from './consumption-buckets.ts';

const OneOf = (values: readonly string[]) => Type.Unsafe<string>({ type: 'string', enum: [...values] });

/**
 * A node and its children. A parent always ranks above its children (building-hierarchy.ts), so the
 * tree is at most as deep as there are levels: the schema nests that many times.
 */
function nodeSchema(depth: number): TSchema {
  return Type.Object({
    id: Type.String(),
    name: Type.String(),
    label: NullableString,
    level: OneOf(BUILDING_LEVELS),
    // The deepest level has no children: any JSON there, written as is.
    children: Type.Array(depth > 1 ? nodeSchema(depth - 1) : Type.Unknown()),
  });
}
export const BuildingNodeSchema = nodeSchema(BUILDING_LEVELS.length);

export const BuildingDeviceSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  label: NullableString,
  profileName: Type.String(),
  parentId: Type.String(),
  kind: OneOf(BUILDING_DEVICE_KINDS),
  meterRole: Type.Optional(OneOf(['main', 'sub'])),
  breakerRole: Type.Optional(OneOf(['incomer', 'feeder'])),
  loadType: Type.Optional(OneOf(LOAD_TYPES)),
  ratedCurrent: Type.Optional(Type.Number()),
  rollover: Type.Optional(Type.Number()),
  maxRate: Type.Optional(Type.Number()),
  capacity: Type.Optional(Type.Number()),
  location: Type.Object({
    siteId: NullableString,
    buildingId: NullableString,
    floorId: NullableString,
    zoneId: NullableString,
    switchboardId: NullableString,
  }),
});

/** GET /api/buildings: the caller's buildings, their classified devices and the tenant's settings. */
export const BuildingsAnswerSchema = Type.Object({
  timeZone: Type.String(),
  settings: Type.Object({
    energyTariff: NullableNumber,
    currency: NullableString,
    co2Factor: NullableNumber,
  }),
  roots: Type.Array(BuildingNodeSchema),
  devices: Type.Array(BuildingDeviceSchema),
});
export type BuildingsAnswer = Static<typeof BuildingsAnswerSchema>;

/** GET /api/buildings/consumption: consumption per bucket, in total and per meter. */
export const ConsumptionAnswerSchema = Type.Object({
  timeZone: Type.String(),
  bucket: OneOf(CONSUMPTION_BUCKETS),
  unit: Type.String(),
  buckets: Type.Array(Type.Object({ start: Type.Number(), end: Type.Number() })),
  total: Type.Array(NullableNumber),
  meters: Type.Array(
    Type.Object({
      deviceId: Type.String(),
      name: Type.String(),
      label: NullableString,
      meterRole: OneOf(['main', 'sub']),
      loadType: NullableString,
      values: Type.Array(NullableNumber),
      estimated: Type.Array(Type.Boolean()),
      cycles: Type.Array(Type.Number()),
    }),
  ),
});
export type ConsumptionAnswer = Static<typeof ConsumptionAnswerSchema>;
