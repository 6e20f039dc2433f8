import { AnyEntityRef, type EntityCountQuery, type EntityDataQuery, Json, PageDataOf } from '@sapo/common';
import { Type } from 'typebox';
import type { AppInstance } from '../../http/app-instance.ts';

// The query is checked by the service (it also serves WebSocket commands), so a bad filter or key
// is a 400 naming the field; the schema here only documents the shape.
const Query = Type.Object(
  {
    entityFilter: Type.Unknown({ description: 'entity filter (spec 2-calls §3.4)' }),
    keyFilters: Type.Optional(Type.Unknown()),
    entityFields: Type.Optional(Type.Unknown()),
    latestValues: Type.Optional(Type.Unknown()),
    pageLink: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true },
);

const KeysParams = Type.Object({
  timeseries: Type.Optional(Type.Boolean()),
  attributes: Type.Optional(Type.Boolean()),
});

/** POST /api/entitiesQuery/find, /count and /find/keys (reference §7). */
export function entityQueryRoutes(app: AppInstance): void {
  const s = app.services.entityQuery;
  const tags = ['entity-query'];
  // EntityData: values by key type and key (the caller's keys), so `latest` and `timeseries` are open.
  const EntityDataSchema = Type.Object({ entityId: AnyEntityRef, latest: Json, timeseries: Json });

  app.post(
    '/api/entitiesQuery/find',
    { schema: { tags, body: Query, response: { 200: PageDataOf(EntityDataSchema) } } },
    (req) => s.findEntityData(req.caller, req.body as unknown as EntityDataQuery),
  );
  app.post(
    '/api/entitiesQuery/count',
    { schema: { tags, body: Query, response: { 200: Type.String({ description: 'A bare JSON number' }) } } },
    async (req, reply) => {
      const n = await s.countEntities(req.caller, req.body as unknown as EntityCountQuery);
      // A bare number, as ThingsBoard answers.
      return reply.type('application/json').send(String(n));
    },
  );
  app.post(
    '/api/entitiesQuery/find/keys',
    {
      schema: {
        tags,
        body: Query,
        querystring: KeysParams,
        response: { 200: Type.Object({ timeseries: Type.Array(Type.String()), attribute: Type.Array(Type.String()) }) },
      },
    },
    (req) =>
      s.findKeys(req.caller, req.body as unknown as EntityDataQuery, {
        timeseries: req.query.timeseries ?? true,
        attributes: req.query.attributes ?? true,
      }),
  );
}
