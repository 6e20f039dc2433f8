import {
  ComponentDescriptorSchema,
  EmptyBody,
  PageDataOf,
  RuleChainExportSchema,
  RuleChainImportResultSchema,
  RuleChainMetadataWithTargetsSchema,
  RuleChainSchema,
} from '@sapo/common';
import { Type } from 'typebox';
import type { AppInstance } from '../../http/app-instance.ts';
import { IdParam, OptionalText } from '../../http/schemas.ts';
import { PageQuery, toPageLink } from '../../lib/paging.ts';
import { RefBody } from '../tenants/tenants.routes.ts';

const NullableBool = Type.Optional(Type.Union([Type.Boolean(), Type.Null()]));

/** RuleChain body; tenantId, type, root and firstRuleNodeId belong to the server (root has its own call). */
const RuleChainBody = Type.Object({
  id: Type.Optional(RefBody),
  tenantId: Type.Optional(Type.Unknown()),
  createdTime: Type.Optional(Type.Unknown()),
  name: OptionalText(),
  type: Type.Optional(Type.Unknown()),
  firstRuleNodeId: Type.Optional(Type.Unknown()),
  root: NullableBool,
  debugMode: NullableBool,
  configuration: Type.Optional(Type.Unknown()),
  additionalInfo: Type.Optional(Type.Unknown()),
});
/** Graphs and imports are checked field by field in the service, with messages naming the node or connection. */
const AnyObject = Type.Object({}, { additionalProperties: true });
const GRAPH_LIMIT = 8 * 1024 * 1024;

export function ruleChainRoutes(app: AppInstance): void {
  const s = app.services.ruleChains;
  const tags = ['rule chains'];
  const one = { response: { 200: RuleChainSchema } };
  const metadata = { response: { 200: RuleChainMetadataWithTargetsSchema } };
  app.get(
    '/api/ruleChains',
    { schema: { tags, querystring: PageQuery, response: { 200: PageDataOf(RuleChainSchema) } } },
    (req) => s.list(req.caller, toPageLink(req.query)),
  );
  app.get('/api/ruleChain/:id', { schema: { tags, params: IdParam, ...one } }, (req) =>
    s.get(req.caller, req.params.id),
  );
  app.post('/api/ruleChain', { schema: { tags, body: RuleChainBody, ...one } }, (req) => s.save(req.caller, req.body));
  app.delete('/api/ruleChain/:id', { schema: { tags, params: IdParam, response: { 200: EmptyBody } } }, async (req) => {
    await s.delete(req.caller, req.params.id);
    return '';
  });
  app.post('/api/ruleChain/:id/root', { schema: { tags, params: IdParam, ...one } }, (req) =>
    s.setRoot(req.caller, req.params.id),
  );
  app.get('/api/ruleChain/:id/metadata', { schema: { tags, params: IdParam, ...metadata } }, (req) =>
    s.getMetadata(req.caller, req.params.id),
  );
  app.post(
    '/api/ruleChain/metadata',
    { bodyLimit: GRAPH_LIMIT, schema: { tags, body: AnyObject, ...metadata } },
    (req) => s.saveMetadata(req.caller, req.body as Record<string, unknown>),
  );
  app.post(
    '/api/ruleChain/device/default',
    { schema: { tags, body: Type.Object({ name: OptionalText() }), ...one } },
    (req) => s.createDeviceDefault(req.caller, req.body),
  );
  app.get(
    '/api/ruleChains/export',
    {
      schema: {
        tags,
        querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 10000 }) }),
        response: { 200: RuleChainExportSchema },
      },
    },
    (req) => s.exportChains(req.caller, req.query.limit),
  );
  app.post(
    '/api/ruleChains/import',
    {
      bodyLimit: GRAPH_LIMIT,
      schema: {
        tags,
        body: AnyObject,
        querystring: Type.Object({ overwrite: Type.Optional(Type.Boolean()) }),
        response: { 200: Type.Array(RuleChainImportResultSchema) },
      },
    },
    (req) => s.importChains(req.caller, req.body as Record<string, unknown>, req.query.overwrite === true),
  );

  const c = app.services.ruleComponents;
  const ctags = ['components'];
  app.get(
    '/api/components/:componentType',
    {
      schema: {
        tags: ctags,
        params: Type.Object({ componentType: Type.String({ maxLength: 32 }) }),
        response: { 200: Type.Array(ComponentDescriptorSchema) },
      },
    },
    (req) => c.list(req.caller, req.params.componentType),
  );
  app.get(
    '/api/components',
    {
      schema: {
        tags: ctags,
        querystring: Type.Object({ componentTypes: Type.String({ maxLength: 200 }) }),
        response: { 200: Type.Array(ComponentDescriptorSchema) },
      },
    },
    (req) => c.list(req.caller, req.query.componentTypes),
  );
  app.get(
    '/api/component/:clazz',
    {
      schema: {
        tags: ctags,
        params: Type.Object({ clazz: Type.String({ maxLength: 255 }) }),
        response: { 200: ComponentDescriptorSchema },
      },
    },
    (req) => c.get(req.caller, req.params.clazz),
  );
}
