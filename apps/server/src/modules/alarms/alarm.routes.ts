import {
  ALARM_QUERY_STATUS_LIST,
  ALARM_SEVERITY_LIST,
  ALARM_STATUS_LIST,
  AlarmCountersSchema,
  AlarmDataSchema,
  AlarmInfoSchema,
  AlarmSchema,
  EmptyBody,
  ENTITY_TYPES,
  PageDataOf,
} from '@sapo/common';
import { Type } from 'typebox';
import type { AppInstance } from '../../http/app-instance.ts';
import { Uuid } from '../../http/schemas.ts';
import { PageQuery, toPageLink } from '../../lib/paging.ts';
import type { AlarmInput } from './alarm.service.ts';

const EntityType = Type.Enum([...ENTITY_TYPES]);
const Severity = Type.Enum([...ALARM_SEVERITY_LIST]);
const Status = Type.Enum([...ALARM_STATUS_LIST]);
const Ref = Type.Object({ entityType: EntityType, id: Uuid });
const Maybe = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Optional(Type.Union([t, Type.Null()]));

// Clients send back what they read (AlarmInfo), so fields this call ignores are accepted.
const AlarmBody = Type.Object(
  {
    id: Maybe(Type.Object({ id: Uuid, entityType: Type.Optional(Type.String()) })),
    type: Maybe(Type.String({ maxLength: 255 })),
    originator: Maybe(Ref),
    severity: Maybe(Severity),
    status: Maybe(Status),
    startTs: Maybe(Type.Integer({ minimum: 0 })),
    endTs: Maybe(Type.Integer({ minimum: 0 })),
    details: Type.Optional(Type.Unknown()),
    propagate: Maybe(Type.Boolean()),
    propagateRelationTypes: Maybe(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 100 })),
  },
  { additionalProperties: true },
);

const AlarmIdParam = Type.Object({ alarmId: Uuid });
const EntityParams = Type.Object({ entityType: EntityType, entityId: Uuid });
const StatusQuery = {
  searchStatus: Type.Optional(Type.Enum([...ALARM_QUERY_STATUS_LIST])),
  status: Type.Optional(Status),
};
const ListQuery = Type.Object({
  ...PageQuery.properties,
  ...StatusQuery,
  startTime: Type.Optional(Type.Integer({ minimum: 0 })),
  endTime: Type.Optional(Type.Integer({ minimum: 0 })),
  // ThingsBoard's id offset paging and originator fetch: the name is always filled here.
  offset: Type.Optional(Type.String({ maxLength: 64 })),
  fetchOriginator: Type.Optional(Type.Boolean()),
});

// Checked by the service (it also serves WebSocket commands); the schema only documents the shape.
const AlarmQueryBody = Type.Object(
  {
    entityFilter: Type.Unknown(),
    keyFilters: Type.Optional(Type.Unknown()),
    entityFields: Type.Optional(Type.Unknown()),
    latestValues: Type.Optional(Type.Unknown()),
    alarmFields: Type.Optional(Type.Unknown()),
    pageLink: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true },
);

/** Alarm calls (reference §2.2 AlarmController, §7 alarmsQuery; spec 1-client §3.5). */
export function alarmRoutes(app: AppInstance): void {
  const s = app.services.alarms;
  const tags = ['alarms'];

  const empty = { response: { 200: EmptyBody } };
  const counters = { response: { 200: AlarmCountersSchema } };
  app.get('/api/alarm/:alarmId', { schema: { tags, params: AlarmIdParam, response: { 200: AlarmSchema } } }, (req) =>
    s.get(req.caller, req.params.alarmId.toLowerCase()),
  );
  app.get(
    '/api/alarm/info/:alarmId',
    { schema: { tags, params: AlarmIdParam, response: { 200: AlarmInfoSchema } } },
    (req) => s.getInfo(req.caller, req.params.alarmId.toLowerCase()),
  );
  app.post('/api/alarm', { schema: { tags, body: AlarmBody, response: { 200: AlarmSchema } } }, (req) =>
    s.save(req.caller, req.body as AlarmInput),
  );
  app.delete(
    '/api/alarm/:alarmId',
    { schema: { tags, params: AlarmIdParam, response: { 200: Type.String({ description: 'true (JSON)' }) } } },
    async (req, reply) => {
      await s.delete(req.caller, req.params.alarmId.toLowerCase());
      return reply.type('application/json').send('true');
    },
  );
  app.post('/api/alarm/:alarmId/ack', { schema: { tags, params: AlarmIdParam, ...empty } }, async (req) => {
    await s.ack(req.caller, req.params.alarmId.toLowerCase());
    return '';
  });
  app.post('/api/alarm/:alarmId/clear', { schema: { tags, params: AlarmIdParam, ...empty } }, async (req) => {
    await s.clear(req.caller, req.params.alarmId.toLowerCase());
    return '';
  });
  app.get(
    '/api/alarm/:entityType/:entityId',
    { schema: { tags, params: EntityParams, querystring: ListQuery, response: { 200: PageDataOf(AlarmInfoSchema) } } },
    (req) =>
      s.listByEntity(
        req.caller,
        { entityType: req.params.entityType, id: req.params.entityId },
        req.query,
        toPageLink(req.query),
      ),
  );
  app.get(
    '/api/alarm/highestSeverity/:entityType/:entityId',
    {
      schema: {
        tags,
        params: EntityParams,
        querystring: Type.Object(StatusQuery),
        // The severity as a JSON string, or an empty body when the entity has no alarm.
        response: { 200: Type.String({ description: 'AlarmSeverity as a JSON string, or empty' }) },
      },
    },
    async (req, reply) => {
      const severity = await s.highestSeverity(
        req.caller,
        { entityType: req.params.entityType, id: req.params.entityId },
        req.query,
      );
      // A JSON string (Spring serialises the enum), or an empty body when there is no alarm.
      return reply.type('application/json').send(severity === null ? '' : JSON.stringify(severity));
    },
  );
  app.get('/api/alarm/counters/:entityType/:entityId', { schema: { tags, params: EntityParams, ...counters } }, (req) =>
    s.countersOfEntity(req.caller, { entityType: req.params.entityType, id: req.params.entityId }),
  );
  app.get('/api/alarms/counters', { schema: { tags, ...counters } }, (req) => s.counters(req.caller));
  app.post(
    '/api/alarmsQuery/find',
    { schema: { tags, body: AlarmQueryBody, response: { 200: PageDataOf(AlarmDataSchema) } } },
    async (req) => {
      return (await s.findAlarmData(req.caller, req.body)).page;
    },
  );
}
