import { Type } from 'typebox';
import { EntityViewInfoSchema, EntityViewSchema } from '@sapo/common';
import type { AppInstance } from '../../http/app-instance.ts';
import { Uuid } from '../../http/schemas.ts';
import { ownedEntityRoutes } from '../entities/owned-entity.routes.ts';
import { EntityTypeSchema } from '../relations/relations.routes.ts';
import { RefBody } from '../tenants/tenants.routes.ts';

const Text = (max = 255) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));
const KeyList = Type.Optional(
  Type.Union([Type.Array(Type.String({ maxLength: 255 }), { maxItems: 1000 }), Type.Null()]),
);
const Time = Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]));

/** Entity view body (reference §2.1); tenantId and customerId are accepted but ignored. */
export const EntityViewBody = Type.Object({
  id: Type.Optional(RefBody),
  tenantId: Type.Optional(RefBody),
  customerId: Type.Optional(RefBody),
  createdTime: Type.Optional(Type.Unknown()),
  name: Text(),
  type: Text(),
  entityId: Type.Optional(Type.Union([Type.Object({ entityType: EntityTypeSchema, id: Uuid }), Type.Null()])),
  keys: Type.Optional(
    Type.Union([
      Type.Object({
        timeseries: KeyList,
        attributes: Type.Optional(Type.Union([Type.Object({ cs: KeyList, ss: KeyList, sh: KeyList }), Type.Null()])),
      }),
      Type.Null(),
    ]),
  ),
  startTimeMs: Time,
  endTimeMs: Time,
  additionalInfo: Type.Optional(Type.Unknown()),
});

export function entityViewRoutes(app: AppInstance): void {
  const s = app.services.entityViews;
  app.post(
    '/api/entityView',
    { schema: { tags: ['entity-views'], body: EntityViewBody, response: { 200: EntityViewSchema } } },
    (req) => s.save(req.caller, req.body),
  );
  ownedEntityRoutes(
    app,
    s,
    {
      one: 'entityView',
      many: 'entityViews',
      nameParam: 'entityViewName',
      typesField: 'entityViewTypes',
      tag: 'entity-views',
    },
    { dto: EntityViewSchema, info: EntityViewInfoSchema },
  );
}
