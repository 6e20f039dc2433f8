import { Type } from 'typebox';
import { EmptyBody, PageDataOf, TenantInfoSchema, TenantSchema } from '@sapo/common';
import type { AppInstance } from '../../http/app-instance.ts';
import { ContactFields, IdParam, Uuid } from '../../http/schemas.ts';
import { PageQuery, toPageLink } from '../../lib/paging.ts';

export const RefBody = Type.Union([Type.Object({ id: Uuid, entityType: Type.Optional(Type.String()) }), Type.Null()]);

const TenantBody = Type.Object({
  id: Type.Optional(RefBody),
  title: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  tenantProfileId: Type.Optional(RefBody),
  region: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  ...ContactFields,
  additionalInfo: Type.Optional(Type.Unknown()),
});

export function tenantRoutes(app: AppInstance): void {
  const s = app.services.tenants;
  const tags = ['tenants'];
  app.get('/api/tenant/:id', { schema: { tags, params: IdParam, response: { 200: TenantSchema } } }, (req) =>
    s.get(req.caller, req.params.id),
  );
  app.get('/api/tenant/info/:id', { schema: { tags, params: IdParam, response: { 200: TenantInfoSchema } } }, (req) =>
    s.getInfo(req.caller, req.params.id),
  );
  app.get(
    '/api/tenants',
    { schema: { tags, querystring: PageQuery, response: { 200: PageDataOf(TenantSchema) } } },
    (req) => s.list(req.caller, toPageLink(req.query)),
  );
  app.get(
    '/api/tenantInfos',
    { schema: { tags, querystring: PageQuery, response: { 200: PageDataOf(TenantInfoSchema) } } },
    (req) => s.listInfos(req.caller, toPageLink(req.query)),
  );
  app.post('/api/tenant', { schema: { tags, body: TenantBody, response: { 200: TenantSchema } } }, (req) =>
    s.save(req.caller, req.body),
  );
  app.delete('/api/tenant/:id', { schema: { tags, params: IdParam, response: { 200: EmptyBody } } }, async (req) => {
    await s.delete(req.caller, req.params.id);
    return '';
  });
}
