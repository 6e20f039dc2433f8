import { Type, type Static } from 'typebox';
import { AnyEntityRef, EntityRef, IdOnly, Json, NoBody, OpenObject, PageDataOf } from '@sapo/common';
import type { AppInstance } from '../../http/app-instance.ts';
import { IdParam, Uuid } from '../../http/schemas.ts';
import { PageQuery, toPageLink } from '../../lib/paging.ts';

/** ThingsBoard's Event; the body is what the rule engine recorded (open JSON). */
const EventSchema = Type.Object({
  id: IdOnly,
  createdTime: Type.Number(),
  tenantId: EntityRef('TENANT'),
  entityId: AnyEntityRef,
  type: Type.String(),
  uid: Type.String(),
  body: Json,
});
const events = { response: { 200: PageDataOf(EventSchema) } };

const EventsQuery = Type.Object({
  ...PageQuery.properties,
  // ThingsBoard requires it; the entity's own tenant is what counts, so it is accepted and not trusted.
  tenantId: Type.Optional(Type.String({ maxLength: 64 })),
  startTime: Type.Optional(Type.Integer({ minimum: 0 })),
  endTime: Type.Optional(Type.Integer({ minimum: 0 })),
});
const EntityParams = Type.Object({ entityType: Type.String({ maxLength: 32 }), entityId: Uuid });
const TypedParams = Type.Object({ ...EntityParams.properties, eventType: Type.String({ maxLength: 32 }) });

function listQuery(q: Static<typeof EventsQuery>) {
  const link = toPageLink(q);
  return {
    pageSize: link.pageSize,
    page: link.page,
    textSearch: link.textSearch,
    sortProperty: link.sortProperty,
    sortOrder: link.sortOrder,
    startTime: q.startTime,
    endTime: q.endTime,
  };
}

export function eventRoutes(app: AppInstance): void {
  const s = app.services.eventQueries;
  const tags = ['events'];
  app.get(
    '/api/events/:entityType/:entityId/:eventType',
    { schema: { tags, params: TypedParams, querystring: EventsQuery, ...events } },
    (req) => s.find(req.caller, req.params.entityType, req.params.entityId, req.params.eventType, listQuery(req.query)),
  );
  app.get(
    '/api/events/:entityType/:entityId',
    { schema: { tags, params: EntityParams, querystring: EventsQuery, ...events } },
    (req) => s.find(req.caller, req.params.entityType, req.params.entityId, undefined, listQuery(req.query)),
  );
  // ThingsBoard answers 200 with an empty body when the node has no recorded input.
  // The node's last input (open: the recorded event body), or an empty 200 when it has none.
  app.get(
    '/api/ruleNode/:id/debugIn',
    { schema: { tags, params: IdParam, response: { 200: Type.Union([OpenObject, NoBody]) } } },
    async (req, reply) => {
      const body = await s.debugIn(req.caller, req.params.id);
      return body ? body : reply.code(200).send();
    },
  );
  app.services.events.onError = (err) => app.log.error({ err }, 'rule-engine events batch dropped');
  // Queued events commit before the database closes.
  app.addHook('onClose', () => app.services.events.close());
}
