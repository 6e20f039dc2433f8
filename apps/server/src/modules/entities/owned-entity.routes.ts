import { EmptyBody, EntitySubtypeSchema, isUuid, PageDataOf } from '@sapo/common';
import { Type, type TSchema } from 'typebox';
import type { AppInstance } from '../../http/app-instance.ts';
import { IdParam, Uuid } from '../../http/schemas.ts';
import { badRequest } from '../../lib/app-error.ts';
import { PageQuery, toPageLink } from '../../lib/paging.ts';
import { SearchParameters } from '../relations/relations.routes.ts';
import type { OwnedEntityService } from './owned-entity.service.ts';
import type { OwnedRow } from './owned-entity.repository.ts';
import type { RelationSearchParameters } from '../relations/relation-query.ts';

interface SearchInput {
  parameters: RelationSearchParameters;
  relationType?: string | null;
}

/** How a customer-assignable entity is spelled in ThingsBoard's paths and parameters. */
export interface OwnedRouteNames {
  /** Path segment of one entity: `asset`, `entityView`. */
  one: string;
  /** Plural path segment: `assets`, `entityViews`. */
  many: string;
  /** Query parameter of the lookup by name on the tenant list: `assetName`. */
  nameParam: string;
  /** Query parameter of the lookup by ids (`assetIds`), when the entity has one. */
  idsParam?: string;
  /** Field of the search-by-query body listing the wanted subtypes: `assetTypes`. */
  typesField: string;
  tag: string;
}

/** The entity's wire schemas (from @sapo/common): the entity and its *Info (with the customer's title). */
export interface OwnedWireSchemas {
  dto: TSchema;
  info: TSchema;
}

const ListQuery = Type.Object({ ...PageQuery.properties, type: Type.Optional(Type.String({ maxLength: 255 })) });
const CustomerParam = Type.Object({ customerId: Uuid });
const MAX_IDS = 1000;

/** "a,b,c" → ids, each a UUID (else a 400 naming the parameter). */
export function parseIds(param: string, value: string): string[] {
  const ids = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length === 0) throw badRequest(`Parameter '${param}' can't be empty!`);
  if (ids.length > MAX_IDS) throw badRequest(`Parameter '${param}' accepts at most ${MAX_IDS} ids`);
  const bad = ids.find((id) => !isUuid(id));
  if (bad !== undefined) throw badRequest(`Invalid value of '${param}': '${bad}' is not an id`);
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

/** The read, assign, delete, subtype and search routes every customer-assignable entity has. */
export function ownedEntityRoutes<Row extends OwnedRow, Dto extends object>(
  app: AppInstance,
  s: OwnedEntityService<Row, Dto>,
  n: OwnedRouteNames,
  wire: OwnedWireSchemas,
): void {
  const tags = [n.tag];
  const one = { response: { 200: wire.dto } };
  const page = { response: { 200: PageDataOf(wire.dto) } };
  const infoPage = { response: { 200: PageDataOf(wire.info) } };
  const Ids = Type.Object({ [`${n.one}Id`]: Uuid });
  const idOf = (params: unknown) => (params as Record<string, string>)[`${n.one}Id`]!;

  app.get(`/api/tenant/${n.one}Infos`, { schema: { tags, querystring: ListQuery, ...infoPage } }, (req) =>
    s.listTenant(req.caller, req.query.type, toPageLink(req.query), true),
  );
  app.get(
    `/api/customer/:customerId/${n.one}Infos`,
    { schema: { tags, params: CustomerParam, querystring: ListQuery, ...infoPage } },
    (req) => s.listCustomer(req.caller, req.params.customerId, req.query.type, toPageLink(req.query), true),
  );
  // One path, two calls (as in ThingsBoard): with the name parameter it finds one entity, else it pages.
  const TenantList = Type.Object({
    ...PageQuery.properties,
    pageSize: Type.Optional(PageQuery.properties.pageSize),
    page: Type.Optional(PageQuery.properties.page),
    type: Type.Optional(Type.String({ maxLength: 255 })),
    [n.nameParam]: Type.Optional(Type.String({ maxLength: 255 })),
  });
  // With the name parameter it answers the entity, else a page.
  const oneOrPage = { response: { 200: Type.Union([wire.dto, PageDataOf(wire.dto)]) } };
  app.get(`/api/tenant/${n.many}`, { schema: { tags, querystring: TenantList, ...oneOrPage } }, (req) => {
    const q = req.query as Record<string, string | number | undefined>;
    const name = q[n.nameParam];
    if (typeof name === 'string') return s.getByName(req.caller, name);
    if (q.pageSize === undefined) throw badRequest("Parameter 'pageSize' can't be empty!");
    if (q.page === undefined) throw badRequest("Parameter 'page' can't be empty!");
    return s.listTenant(req.caller, req.query.type, toPageLink(req.query as typeof req.query & PageQuery), false);
  });
  app.get(
    `/api/customer/:customerId/${n.many}`,
    { schema: { tags, params: CustomerParam, querystring: ListQuery, ...page } },
    (req) => s.listCustomer(req.caller, req.params.customerId, req.query.type, toPageLink(req.query), false),
  );
  app.get(`/api/${n.one}/types`, { schema: { tags, response: { 200: Type.Array(EntitySubtypeSchema) } } }, (req) =>
    s.types(req.caller),
  );
  app.get(`/api/${n.one}/:id`, { schema: { tags, params: IdParam, ...one } }, (req) =>
    s.get(req.caller, req.params.id),
  );
  app.get(`/api/${n.one}/info/:id`, { schema: { tags, params: IdParam, response: { 200: wire.info } } }, (req) =>
    s.getInfo(req.caller, req.params.id),
  );
  app.delete(`/api/${n.one}/:id`, { schema: { tags, params: IdParam, response: { 200: EmptyBody } } }, async (req) => {
    await s.delete(req.caller, req.params.id);
    return '';
  });
  if (n.idsParam) {
    const param = n.idsParam;
    app.get(
      `/api/${n.many}`,
      {
        schema: {
          tags,
          querystring: Type.Object({ [param]: Type.String({ maxLength: 40000 }) }),
          response: { 200: Type.Array(wire.dto) },
        },
      },
      (req) => s.byIds(req.caller, parseIds(param, (req.query as Record<string, string>)[param]!)),
    );
  }
  app.post(
    `/api/customer/:customerId/${n.one}/:${n.one}Id`,
    { schema: { tags, params: Type.Object({ customerId: Uuid, ...Ids.properties }), ...one } },
    (req) => s.assign(req.caller, req.params.customerId, idOf(req.params)),
  );
  app.delete(`/api/customer/${n.one}/:${n.one}Id`, { schema: { tags, params: Ids, ...one } }, (req) =>
    s.unassign(req.caller, idOf(req.params)),
  );
  app.post(`/api/customer/public/${n.one}/:${n.one}Id`, { schema: { tags, params: Ids, ...one } }, (req) =>
    s.makePublic(req.caller, idOf(req.params)),
  );
  const SearchBody = Type.Object({
    parameters: SearchParameters,
    relationType: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
    [n.typesField]: Type.Array(Type.String({ maxLength: 255 }), { maxItems: 100 }),
  });
  app.post(`/api/${n.many}`, { schema: { tags, body: SearchBody, response: { 200: Type.Array(wire.dto) } } }, (req) => {
    const body = req.body as unknown as SearchInput & Record<string, unknown>;
    return s.findByQuery(req.caller, body.parameters, body.relationType, body[n.typesField] as string[]);
  });
}
