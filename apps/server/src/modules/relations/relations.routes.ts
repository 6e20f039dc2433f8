import { EmptyBody, ENTITY_TYPES, EntityRelationInfoSchema, EntityRelationSchema } from '@sapo/common';
import { Type } from 'typebox';
import type { AppInstance } from '../../http/app-instance.ts';
import { Uuid } from '../../http/schemas.ts';
import { badRequest } from '../../lib/app-error.ts';
import { RELATION_TYPE_GROUPS } from './relations.service.ts';

// Enums (not unions of literals) so a wrong value is reported as "must be one of …".
export const EntityTypeSchema = Type.Enum([...ENTITY_TYPES]);
const Group = Type.Enum([...RELATION_TYPE_GROUPS]);
const Ref = Type.Object({ entityType: EntityTypeSchema, id: Uuid });
const MaybeRef = Type.Optional(Type.Union([Ref, Type.Null()]));
const Text = Type.String({ maxLength: 255 });

const RelationBody = Type.Object({
  from: MaybeRef,
  to: MaybeRef,
  type: Type.Optional(Type.Union([Text, Type.Null()])),
  typeGroup: Type.Optional(Type.Union([Group, Type.Null()])),
  additionalInfo: Type.Optional(Type.Unknown()),
});

const OneRelationQuery = Type.Object({
  fromId: Uuid,
  fromType: EntityTypeSchema,
  relationType: Text,
  toId: Uuid,
  toType: EntityTypeSchema,
  relationTypeGroup: Type.Optional(Group),
});

const ListQuery = Type.Object({
  fromId: Type.Optional(Uuid),
  fromType: Type.Optional(EntityTypeSchema),
  toId: Type.Optional(Uuid),
  toType: Type.Optional(EntityTypeSchema),
  relationType: Type.Optional(Text),
  relationTypeGroup: Type.Optional(Group),
});

const EntityQuery = Type.Object({
  entityId: Type.Optional(Uuid),
  entityType: Type.Optional(EntityTypeSchema),
  // Older clients name them id and type.
  id: Type.Optional(Uuid),
  type: Type.Optional(EntityTypeSchema),
});

export const SearchParameters = Type.Object({
  rootId: Uuid,
  rootType: EntityTypeSchema,
  direction: Type.Enum(['FROM', 'TO']),
  relationTypeGroup: Type.Optional(Type.Union([Group, Type.Null()])),
  maxLevel: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1000 }), Type.Null()])),
  fetchLastLevelOnly: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
});

const RelationsQueryBody = Type.Object({
  parameters: SearchParameters,
  filters: Type.Optional(
    Type.Union([
      Type.Array(
        Type.Object({
          relationType: Type.Optional(Type.Union([Text, Type.Null()])),
          entityTypes: Type.Optional(Type.Union([Type.Array(EntityTypeSchema, { maxItems: 50 }), Type.Null()])),
        }),
        { maxItems: 50 },
      ),
      Type.Null(),
    ]),
  ),
});

const lower = (entityType: string, id: string) => ({ entityType, id: id.toLowerCase() });

/** GET /relations and /relations/info name the entity by its "from" or its "to" side, never both. */
function side(q: { fromId?: string; fromType?: string; toId?: string; toType?: string }) {
  const hasFrom = q.fromId !== undefined || q.fromType !== undefined;
  const hasTo = q.toId !== undefined || q.toType !== undefined;
  if (hasFrom && hasTo) throw badRequest('Specify either fromId and fromType or toId and toType, not both!');
  if (hasFrom || !hasTo) {
    if (!q.fromId) throw badRequest("Parameter 'fromId' can't be empty!");
    if (!q.fromType) throw badRequest("Parameter 'fromType' can't be empty!");
    return { entity: lower(q.fromType, q.fromId), direction: 'FROM' as const };
  }
  if (!q.toId) throw badRequest("Parameter 'toId' can't be empty!");
  if (!q.toType) throw badRequest("Parameter 'toType' can't be empty!");
  return { entity: lower(q.toType, q.toId), direction: 'TO' as const };
}

export function relationRoutes(app: AppInstance): void {
  const s = app.services.relations;
  const tags = ['relations'];

  const empty = { response: { 200: EmptyBody } };
  const relations = { response: { 200: Type.Array(EntityRelationSchema) } };
  const infos = { response: { 200: Type.Array(EntityRelationInfoSchema) } };
  app.post('/api/relation', { schema: { tags, body: RelationBody, ...empty } }, async (req) => {
    await s.save(req.caller, req.body);
    return '';
  });
  app.get(
    '/api/relation',
    { schema: { tags, querystring: OneRelationQuery, response: { 200: EntityRelationSchema } } },
    (req) => {
      const q = req.query;
      return s.get(
        req.caller,
        lower(q.fromType, q.fromId),
        lower(q.toType, q.toId),
        q.relationType,
        q.relationTypeGroup,
      );
    },
  );
  app.delete('/api/relation', { schema: { tags, querystring: OneRelationQuery, ...empty } }, async (req) => {
    const q = req.query;
    await s.delete(
      req.caller,
      lower(q.fromType, q.fromId),
      lower(q.toType, q.toId),
      q.relationType,
      q.relationTypeGroup,
    );
    return '';
  });
  app.delete('/api/relations', { schema: { tags, querystring: EntityQuery, ...empty } }, async (req) => {
    const id = req.query.entityId ?? req.query.id;
    const type = req.query.entityType ?? req.query.type;
    if (!id) throw badRequest("Parameter 'entityId' can't be empty!");
    if (!type) throw badRequest("Parameter 'entityType' can't be empty!");
    await s.deleteAll(req.caller, lower(type, id));
    return '';
  });
  app.get('/api/relations', { schema: { tags, querystring: ListQuery, ...relations } }, (req) => {
    const { entity, direction } = side(req.query);
    return s.list(req.caller, entity, direction, req.query.relationTypeGroup, req.query.relationType);
  });
  app.get('/api/relations/info', { schema: { tags, querystring: ListQuery, ...infos } }, (req) => {
    const { entity, direction } = side(req.query);
    return s.listInfo(req.caller, entity, direction, req.query.relationTypeGroup, req.query.relationType);
  });
  app.post('/api/relations', { schema: { tags, body: RelationsQueryBody, ...relations } }, (req) =>
    s.query(req.caller, req.body),
  );
  app.post('/api/relations/info', { schema: { tags, body: RelationsQueryBody, ...infos } }, (req) =>
    s.queryInfo(req.caller, req.body),
  );
}
