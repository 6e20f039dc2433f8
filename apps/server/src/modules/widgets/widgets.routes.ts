import {
  EmptyBody,
  PageDataOf,
  WidgetsBundleSchema,
  WidgetTypeDetailsSchema,
  WidgetTypeInfoSchema,
  WidgetTypeSchema,
} from '@sapo/common';
import { Type } from 'typebox';
import type { AppInstance } from '../../http/app-instance.ts';
import { IdParam, OptionalText } from '../../http/schemas.ts';
import { PageQuery, toPageLink } from '../../lib/paging.ts';
import { RefBody } from '../tenants/tenants.routes.ts';

/** Images are data URLs and descriptors may hold whole widget sources, as in ThingsBoard exports. */
const BUNDLE_LIMIT = 4 * 1024 * 1024;
const WIDGET_TYPE_LIMIT = 8 * 1024 * 1024;

const Image = Type.Optional(Type.Union([Type.String(), Type.Null()]));

/** WidgetsBundle body; tenantId, createdTime and name (= title) belong to the server. */
const WidgetsBundleBody = Type.Object({
  id: Type.Optional(RefBody),
  tenantId: Type.Optional(Type.Unknown()),
  createdTime: Type.Optional(Type.Unknown()),
  alias: OptionalText(),
  title: OptionalText(),
  name: Type.Optional(Type.Unknown()),
  image: Image,
  description: OptionalText(1024),
});

/** WidgetType(Details) body; the descriptor is checked in the service (non-empty object). */
const WidgetTypeBody = Type.Object({
  id: Type.Optional(RefBody),
  tenantId: Type.Optional(Type.Unknown()),
  createdTime: Type.Optional(Type.Unknown()),
  bundleAlias: OptionalText(),
  alias: OptionalText(),
  name: OptionalText(),
  descriptor: Type.Optional(Type.Unknown()),
  image: Image,
  description: OptionalText(1024),
});

/** Without pageSize the whole list (an array), with it a page (reference §0). */
const BundlesQuery = Type.Object({
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  page: Type.Optional(PageQuery.properties.page),
  textSearch: Type.Optional(Type.String({ maxLength: 255 })),
  sortProperty: Type.Optional(Type.String({ maxLength: 64 })),
  sortOrder: Type.Optional(Type.String({ maxLength: 8 })),
});

const ScopeQuery = Type.Object({ isSystem: Type.Boolean(), bundleAlias: Type.String({ maxLength: 255 }) });
const AliasQuery = Type.Object({ ...ScopeQuery.properties, alias: Type.String({ maxLength: 255 }) });

export function widgetRoutes(app: AppInstance): void {
  const bundles = app.services.widgetsBundles;
  const types = app.services.widgetTypes;
  const tags = ['widgets'];

  // Without pageSize: every bundle the caller sees, else a page.
  const bundleList = {
    response: { 200: Type.Union([Type.Array(WidgetsBundleSchema), PageDataOf(WidgetsBundleSchema)]) },
  };
  const bundle = { response: { 200: WidgetsBundleSchema } };
  const empty = { response: { 200: EmptyBody } };
  app.get('/api/widgetsBundles', { schema: { tags, querystring: BundlesQuery, ...bundleList } }, (req) => {
    const { pageSize, page, ...rest } = req.query;
    if (pageSize === undefined) return bundles.list(req.caller);
    return bundles.page(req.caller, toPageLink({ ...rest, pageSize, page: page ?? 0 }));
  });
  app.get('/api/widgetsBundle/:id', { schema: { tags, params: IdParam, ...bundle } }, (req) =>
    bundles.get(req.caller, req.params.id),
  );
  app.post(
    '/api/widgetsBundle',
    { bodyLimit: BUNDLE_LIMIT, schema: { tags, body: WidgetsBundleBody, ...bundle } },
    (req) => bundles.save(req.caller, req.body),
  );
  app.delete('/api/widgetsBundle/:id', { schema: { tags, params: IdParam, ...empty } }, async (req) => {
    await bundles.delete(req.caller, req.params.id);
    return '';
  });

  app.get(
    '/api/widgetTypes',
    { schema: { tags, querystring: ScopeQuery, response: { 200: Type.Array(WidgetTypeSchema) } } },
    (req) => types.list(req.caller, req.query),
  );
  app.get(
    '/api/widgetTypesDetails',
    { schema: { tags, querystring: ScopeQuery, response: { 200: Type.Array(WidgetTypeDetailsSchema) } } },
    (req) => types.listDetails(req.caller, req.query),
  );
  app.get(
    '/api/widgetTypesInfos',
    { schema: { tags, querystring: ScopeQuery, response: { 200: Type.Array(WidgetTypeInfoSchema) } } },
    (req) => types.listInfos(req.caller, req.query),
  );
  app.get(
    '/api/widgetType',
    { schema: { tags, querystring: AliasQuery, response: { 200: WidgetTypeSchema } } },
    (req) => types.getByAlias(req.caller, req.query),
  );
  app.get(
    '/api/widgetType/:id',
    { schema: { tags, params: IdParam, response: { 200: WidgetTypeDetailsSchema } } },
    (req) => types.get(req.caller, req.params.id),
  );
  app.post(
    '/api/widgetType',
    {
      bodyLimit: WIDGET_TYPE_LIMIT,
      schema: { tags, body: WidgetTypeBody, response: { 200: WidgetTypeDetailsSchema } },
    },
    (req) => types.save(req.caller, req.body),
  );
  app.delete('/api/widgetType/:id', { schema: { tags, params: IdParam, ...empty } }, async (req) => {
    await types.delete(req.caller, req.params.id);
    return '';
  });
}
