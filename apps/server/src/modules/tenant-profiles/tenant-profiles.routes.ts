import { Type } from 'typebox';
import { EmptyBody, PageDataOf, TenantProfileInfoSchema, TenantProfileSchema } from '@sapo/common';
import type { AppInstance } from '../../http/app-instance.ts';
import { IdParam, Uuid } from '../../http/schemas.ts';
import { PageQuery, toPageLink } from '../../lib/paging.ts';

const TenantProfileBody = Type.Object({
  id: Type.Optional(Type.Union([Type.Object({ id: Uuid, entityType: Type.Optional(Type.String()) }), Type.Null()])),
  name: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 1024 }), Type.Null()])),
  isolatedTbCore: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  isolatedTbRuleEngine: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  profileData: Type.Optional(Type.Union([Type.Object({ configuration: Type.Optional(Type.Unknown()) }), Type.Null()])),
});

export function tenantProfileRoutes(app: AppInstance): void {
  const s = app.services.tenantProfiles;
  const tags = ['tenant-profiles'];
  const one = { response: { 200: TenantProfileSchema } };
  const info = { response: { 200: TenantProfileInfoSchema } };
  app.get('/api/tenantProfile/:id', { schema: { tags, params: IdParam, ...one } }, (req) =>
    s.get(req.caller, req.params.id),
  );
  app.get('/api/tenantProfileInfo/default', { schema: { tags, ...info } }, (req) => s.getDefaultInfo(req.caller));
  app.get('/api/tenantProfileInfo/:id', { schema: { tags, params: IdParam, ...info } }, (req) =>
    s.getInfo(req.caller, req.params.id),
  );
  app.get(
    '/api/tenantProfiles',
    { schema: { tags, querystring: PageQuery, response: { 200: PageDataOf(TenantProfileSchema) } } },
    (req) => s.list(req.caller, toPageLink(req.query)),
  );
  app.get(
    '/api/tenantProfileInfos',
    { schema: { tags, querystring: PageQuery, response: { 200: PageDataOf(TenantProfileInfoSchema) } } },
    (req) => s.listInfos(req.caller, toPageLink(req.query)),
  );
  app.post('/api/tenantProfile', { schema: { tags, body: TenantProfileBody, ...one } }, (req) =>
    s.save(req.caller, req.body),
  );
  app.post('/api/tenantProfile/:id/default', { schema: { tags, params: IdParam, ...one } }, (req) =>
    s.setDefault(req.caller, req.params.id),
  );
  app.delete(
    '/api/tenantProfile/:id',
    { schema: { tags, params: IdParam, response: { 200: EmptyBody } } },
    async (req) => {
      await s.delete(req.caller, req.params.id);
      return '';
    },
  );
}
