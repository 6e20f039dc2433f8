import { Type } from 'typebox';
import { CustomerSchema, EmptyBody, PageDataOf, ShortCustomerInfoSchema, TextBody } from '@sapo/common';
import type { AppInstance } from '../../http/app-instance.ts';
import { ContactFields, IdParam } from '../../http/schemas.ts';
import { PageQuery, toPageLink } from '../../lib/paging.ts';
import { RefBody } from '../tenants/tenants.routes.ts';

const CustomerBody = Type.Object({
  id: Type.Optional(RefBody),
  tenantId: Type.Optional(RefBody),
  title: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  ...ContactFields,
  additionalInfo: Type.Optional(Type.Unknown()),
});

export function customerRoutes(app: AppInstance): void {
  const s = app.services.customers;
  const tags = ['customers'];
  app.get('/api/customer/:id', { schema: { tags, params: IdParam, response: { 200: CustomerSchema } } }, (req) =>
    s.get(req.caller, req.params.id),
  );
  app.get(
    '/api/customer/:id/shortInfo',
    { schema: { tags, params: IdParam, response: { 200: ShortCustomerInfoSchema } } },
    (req) => s.shortInfo(req.caller, req.params.id),
  );
  app.get(
    '/api/customer/:id/title',
    { schema: { tags, params: IdParam, response: { 200: TextBody } } },
    async (req, reply) => reply.type('text/plain; charset=utf-8').send(await s.title(req.caller, req.params.id)),
  );
  app.get(
    '/api/customers',
    { schema: { tags, querystring: PageQuery, response: { 200: PageDataOf(CustomerSchema) } } },
    (req) => s.list(req.caller, toPageLink(req.query)),
  );
  app.get(
    '/api/tenant/customers',
    {
      schema: {
        tags,
        querystring: Type.Object({ customerTitle: Type.String({ minLength: 1, maxLength: 255 }) }),
        response: { 200: CustomerSchema },
      },
    },
    (req) => s.findByTitle(req.caller, req.query.customerTitle),
  );
  app.post('/api/customer', { schema: { tags, body: CustomerBody, response: { 200: CustomerSchema } } }, (req) =>
    s.save(req.caller, req.body),
  );
  app.delete('/api/customer/:id', { schema: { tags, params: IdParam, response: { 200: EmptyBody } } }, async (req) => {
    await s.delete(req.caller, req.params.id);
    return '';
  });
}
