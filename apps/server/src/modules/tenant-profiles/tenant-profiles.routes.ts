import { Type } from 'typebox';
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
  app.get('/api/tenantProfile/:id', { schema: { tags, params: IdParam } }, (req) => s.get(req.caller, req.params.id));
  app.get('/api/tenantProfileInfo/default', { schema: { tags } }, (req) => s.getDefaultInfo(req.caller));
  app.get('/api/tenantProfileInfo/:id', { schema: { tags, params: IdParam } }, (req) =>
    s.getInfo(req.caller, req.params.id),
  );
  app.get('/api/tenantProfiles', { schema: { tags, querystring: PageQuery } }, (req) =>
    s.list(req.caller, toPageLink(req.query)),
  );
  app.get('/api/tenantProfileInfos', { schema: { tags, querystring: PageQuery } }, (req) =>
    s.listInfos(req.caller, toPageLink(req.query)),
  );
  app.post('/api/tenantProfile', { schema: { tags, body: TenantProfileBody } }, (req) => s.save(req.caller, req.body));
  app.post('/api/tenantProfile/:id/default', { schema: { tags, params: IdParam } }, (req) =>
    s.setDefault(req.caller, req.params.id),
  );
  app.delete('/api/tenantProfile/:id', { schema: { tags, params: IdParam } }, async (req) => {
    await s.delete(req.caller, req.params.id);
    return '';
  });
}
