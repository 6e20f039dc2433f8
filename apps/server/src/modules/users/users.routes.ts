import { AUTHORITIES, EmptyBody, PageDataOf, TextBody, UserSchema } from '@sapo/common';
import { Type } from 'typebox';
import type { AppInstance } from '../../http/app-instance.ts';
import { IdParam } from '../../http/schemas.ts';
import { PageQuery, toPageLink } from '../../lib/paging.ts';
import { RefBody } from '../tenants/tenants.routes.ts';

const Str = (max = 255) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));
const UserBody = Type.Object({
  id: Type.Optional(RefBody),
  email: Str(),
  authority: Type.Optional(Type.Union([...AUTHORITIES.map((a) => Type.Literal(a)), Type.Null()])),
  tenantId: Type.Optional(RefBody),
  customerId: Type.Optional(RefBody),
  firstName: Str(),
  lastName: Str(),
  additionalInfo: Type.Optional(Type.Unknown()),
});

export function userRoutes(app: AppInstance): void {
  const s = app.services.users;
  const tags = ['users'];
  const TenantParam = Type.Object({ tenantId: Type.String({ format: 'uuid' }) });
  const CustomerParam = Type.Object({ customerId: Type.String({ format: 'uuid' }) });
  const one = { response: { 200: UserSchema } };
  const page = { response: { 200: PageDataOf(UserSchema) } };
  const empty = { response: { 200: EmptyBody } };

  app.get('/api/user/:id', { schema: { tags, params: IdParam, ...one } }, (req) => s.get(req.caller, req.params.id));
  app.post(
    '/api/user',
    {
      schema: {
        tags,
        body: UserBody,
        querystring: Type.Object({
          sendActivationMail: Type.Optional(Type.Boolean()),
          password: Type.Optional(Type.String({ maxLength: 1024 })),
        }),
        ...one,
      },
    },
    (req) =>
      s.save(req.caller, req.body, {
        sendActivationMail: req.query.sendActivationMail ?? false,
        password: req.query.password,
      }),
  );
  app.delete('/api/user/:id', { schema: { tags, params: IdParam, ...empty } }, async (req) => {
    await s.delete(req.caller, req.params.id);
    return '';
  });
  app.get('/api/users', { schema: { tags, querystring: PageQuery, ...page } }, (req) =>
    s.list(req.caller, toPageLink(req.query)),
  );
  app.get(
    '/api/tenant/:tenantId/users',
    { schema: { tags, params: TenantParam, querystring: PageQuery, ...page } },
    (req) => s.listTenantUsers(req.caller, req.params.tenantId, toPageLink(req.query), false),
  );
  app.get(
    '/api/tenant/:tenantId/admins',
    { schema: { tags, params: TenantParam, querystring: PageQuery, ...page } },
    (req) => s.listTenantUsers(req.caller, req.params.tenantId, toPageLink(req.query), true),
  );
  app.get(
    '/api/customer/:customerId/users',
    { schema: { tags, params: CustomerParam, querystring: PageQuery, ...page } },
    (req) => s.listCustomerUsers(req.caller, req.params.customerId, toPageLink(req.query), false),
  );
  app.get(
    '/api/customer/:customerId/admins',
    { schema: { tags, params: CustomerParam, querystring: PageQuery, ...page } },
    (req) => s.listCustomerUsers(req.caller, req.params.customerId, toPageLink(req.query), true),
  );
  app.get(
    '/api/user/:id/activationLink',
    { schema: { tags, params: IdParam, response: { 200: TextBody } } },
    async (req, reply) =>
      reply.type('text/plain; charset=utf-8').send(await s.activationLink(req.caller, req.params.id)),
  );
  app.post(
    '/api/user/sendActivationMail',
    { schema: { tags, querystring: Type.Object({ email: Type.String({ maxLength: 255 }) }), ...empty } },
    async (req) => {
      await s.sendActivationMail(req.caller, req.query.email);
      return '';
    },
  );
  app.post(
    '/api/user/:id/userCredentialsEnabled',
    {
      schema: { tags, params: IdParam, querystring: Type.Object({ userCredentialsEnabled: Type.Boolean() }), ...empty },
    },
    async (req) => {
      await s.setCredentialsEnabled(req.caller, req.params.id, req.query.userCredentialsEnabled);
      return '';
    },
  );
  app.post('/api/user/:id/promoteCustomerUser', { schema: { tags, params: IdParam, ...one } }, (req) =>
    s.changeCustomerRole(req.caller, req.params.id, 'CUSTOMER_ADMIN'),
  );
  app.post('/api/user/:id/demoteCustomerAdmin', { schema: { tags, params: IdParam, ...one } }, (req) =>
    s.changeCustomerRole(req.caller, req.params.id, 'CUSTOMER_USER'),
  );
}
