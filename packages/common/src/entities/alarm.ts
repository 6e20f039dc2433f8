import { Type } from 'typebox';
import { AnyEntityRef } from '../api/entity-ref.ts';
import { Json, NullableString } from '../api/schema.ts';

// Response schemas of the alarm types in alarm-types.ts (reference §2.1 "Alarm").

export const AlarmSchema = Type.Object({
  id: AnyEntityRef,
  createdTime: Type.Number(),
  tenantId: AnyEntityRef,
  type: Type.String(),
  name: Type.String(),
  originator: AnyEntityRef,
  severity: Type.String(),
  status: Type.String(),
  startTs: Type.Number(),
  endTs: Type.Number(),
  ackTs: Type.Number(),
  clearTs: Type.Number(),
  details: Json,
  propagate: Type.Boolean(),
  propagateRelationTypes: Type.Union([Type.Array(Type.String()), Type.Null()]),
});

export const AlarmInfoSchema = Type.Object({
  ...AlarmSchema.properties,
  originatorName: NullableString,
  originatorLabel: Type.Optional(NullableString),
  originatorType: Type.Optional(Type.String()),
});

/** A row of POST /api/alarmsQuery/find: `latest` holds the values the query asked for, by key type and key. */
export const AlarmDataSchema = Type.Object({ ...AlarmInfoSchema.properties, entityId: AnyEntityRef, latest: Json });

/** Alarm counts by status filter. */
export const AlarmCountersSchema = Type.Record(Type.String(), Type.Number());
