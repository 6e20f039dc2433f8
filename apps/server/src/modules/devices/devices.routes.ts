import { Type } from 'typebox';
import {
  DeviceCredentialsSchema,
  DeviceInfoSchema,
  DeviceSchema,
  EmptyBody,
  EntitySubtypeSchema,
  PageDataOf,
  TextBody,
} from '@sapo/common';
import type { AppInstance } from '../../http/app-instance.ts';
import { IdParam, Uuid } from '../../http/schemas.ts';
import { badRequest } from '../../lib/app-error.ts';
import { PageQuery, toPageLink } from '../../lib/paging.ts';
import { parseIds } from '../entities/owned-entity.routes.ts';
import { SearchParameters } from '../relations/relations.routes.ts';
import { RefBody } from '../tenants/tenants.routes.ts';

const Str = (max = 255) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));
const DeviceBody = Type.Object({
  id: Type.Optional(RefBody),
  tenantId: Type.Optional(RefBody),
  customerId: Type.Optional(RefBody),
  name: Str(),
  type: Str(),
  label: Str(),
  deviceProfileId: Type.Optional(RefBody),
  deviceData: Type.Optional(Type.Unknown()),
  additionalInfo: Type.Optional(Type.Unknown()),
  createdTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
});
const CredentialsBody = Type.Object({
  id: Type.Optional(Type.Union([Type.Object({ id: Uuid }), Type.Null()])),
  createdTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  deviceId: Type.Optional(RefBody),
  credentialsType: Str(32),
  credentialsId: Str(1024),
  credentialsValue: Str(32 * 1024),
});
const SearchBody = Type.Object({
  parameters: SearchParameters,
  relationType: Str(),
  deviceTypes: Type.Array(Type.String({ maxLength: 255 }), { maxItems: 1000 }),
});
const ListFilter = {
  type: Type.Optional(Type.String({ maxLength: 255 })),
  deviceProfileId: Type.Optional(Type.String({ format: 'uuid' })),
};
const CustomerParam = Type.Object({ customerId: Uuid });
const Devices = PageDataOf(DeviceSchema);
const DeviceInfos = PageDataOf(DeviceInfoSchema);
const one = { response: { 200: DeviceSchema } };
const NameParam = Type.Object({ deviceName: Type.String({ minLength: 1, maxLength: 255 }) });

export function deviceRoutes(app: AppInstance): void {
  const s = app.services.devices;
  const tags = ['devices'];
  const paged = { ...PageQuery.properties, ...ListFilter };

  app.get(
    '/api/tenant/deviceInfos',
    { schema: { tags, querystring: Type.Object(paged), response: { 200: DeviceInfos } } },
    (req) =>
      s.listTenantInfos(req.caller, toPageLink(req.query), {
        type: req.query.type || undefined,
        deviceProfileId: req.query.deviceProfileId,
      }),
  );
  app.get(
    '/api/customer/:customerId/deviceInfos',
    { schema: { tags, params: CustomerParam, querystring: Type.Object(paged), response: { 200: DeviceInfos } } },
    (req) =>
      s.listCustomer(
        req.caller,
        req.params.customerId,
        toPageLink(req.query),
        { type: req.query.type || undefined, deviceProfileId: req.query.deviceProfileId },
        true,
      ),
  );
  app.get(
    '/api/customer/:customerId/devices',
    {
      schema: {
        tags,
        params: CustomerParam,
        querystring: Type.Object({ ...PageQuery.properties, type: ListFilter.type }),
        response: { 200: Devices },
      },
    },
    (req) =>
      s.listCustomer(
        req.caller,
        req.params.customerId,
        toPageLink(req.query),
        { type: req.query.type || undefined },
        false,
      ),
  );
  // One path, two calls (as in ThingsBoard): ?deviceName= finds one device, else a page.
  app.get(
    '/api/tenant/devices',
    {
      schema: {
        tags,
        querystring: Type.Object({
          ...Type.Partial(PageQuery).properties,
          type: ListFilter.type,
          deviceName: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
        }),
        // ?deviceName= answers the device, else a page.
        response: { 200: Type.Union([DeviceSchema, Devices]) },
      },
    },
    (req) => {
      const q = req.query;
      if (q.deviceName !== undefined) return s.findByName(req.caller, q.deviceName);
      if (q.pageSize === undefined) throw badRequest("Parameter 'pageSize' can't be empty!");
      if (q.page === undefined) throw badRequest("Parameter 'page' can't be empty!");
      return s.listTenantDevices(req.caller, toPageLink({ ...q, pageSize: q.pageSize, page: q.page }), {
        type: q.type || undefined,
      });
    },
  );
  app.get('/api/device/types', { schema: { tags, response: { 200: Type.Array(EntitySubtypeSchema) } } }, (req) =>
    s.types(req.caller),
  );
  app.get('/api/device/info/:id', { schema: { tags, params: IdParam, response: { 200: DeviceInfoSchema } } }, (req) =>
    s.getInfo(req.caller, req.params.id),
  );
  app.get(
    '/api/device/name/:id',
    { schema: { tags, params: IdParam, response: { 200: TextBody } } },
    async (req, reply) => reply.type('text/plain; charset=utf-8').send(await s.getName(req.caller, req.params.id)),
  );
  app.get('/api/device/:id', { schema: { tags, params: IdParam, ...one } }, (req) => s.get(req.caller, req.params.id));
  app.get(
    '/api/devices',
    {
      schema: {
        tags,
        querystring: Type.Object({ deviceIds: Type.String({ maxLength: 40_000 }) }),
        response: { 200: Type.Array(DeviceSchema) },
      },
    },
    (req) => s.findByIds(req.caller, parseIds('deviceIds', req.query.deviceIds)),
  );
  app.post('/api/devices', { schema: { tags, body: SearchBody, response: { 200: Type.Array(DeviceSchema) } } }, (req) =>
    app.services.deviceSearch.find(req.caller, req.body),
  );
  app.post(
    '/api/device',
    {
      schema: {
        tags,
        body: DeviceBody,
        querystring: Type.Object({ accessToken: Type.Optional(Type.String({ maxLength: 255 })) }),
        ...one,
      },
    },
    (req) => s.save(req.caller, req.body, { accessToken: req.query.accessToken || undefined }),
  );
  app.delete('/api/device/:id', { schema: { tags, params: IdParam, response: { 200: EmptyBody } } }, async (req) => {
    await s.delete(req.caller, req.params.id);
    return '';
  });

  const creds = app.services.deviceCredentials;
  app.get(
    '/api/device/:id/credentials',
    { schema: { tags, params: IdParam, response: { 200: DeviceCredentialsSchema } } },
    (req) => creds.get(req.caller, req.params.id),
  );
  app.post(
    '/api/device/credentials',
    { schema: { tags, body: CredentialsBody, response: { 200: DeviceCredentialsSchema } } },
    (req) => creds.update(req.caller, req.body),
  );

  const assign = app.services.deviceAssignment;
  app.post(
    '/api/customer/:customerId/device/:deviceId',
    { schema: { tags, params: Type.Object({ customerId: Uuid, deviceId: Uuid }), ...one } },
    (req) => assign.assign(req.caller, req.params.customerId, req.params.deviceId),
  );
  app.delete(
    '/api/customer/device/:deviceId',
    { schema: { tags, params: Type.Object({ deviceId: Uuid }), ...one } },
    (req) => assign.unassign(req.caller, req.params.deviceId),
  );
  app.post(
    '/api/customer/public/device/:deviceId',
    { schema: { tags, params: Type.Object({ deviceId: Uuid }), ...one } },
    (req) => assign.makePublic(req.caller, req.params.deviceId),
  );

  const claims = app.services.deviceClaims;
  app.post(
    '/api/customer/device/:deviceName/claim',
    {
      schema: {
        tags,
        params: NameParam,
        body: Type.Optional(
          Type.Union([
            Type.Object({ secretKey: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])) }),
            Type.Null(),
          ]),
        ),
        // A failed claim answers 400 with the bare result as a JSON string ("CLAIMED", "FAILURE").
        response: {
          200: Type.Object({ response: Type.String(), device: DeviceSchema }),
          400: Type.Unknown({ description: 'The ClaimResult as a JSON string, or the error body' }),
        },
      },
    },
    async (req, reply) => {
      const outcome = await claims.claim(req.caller, req.params.deviceName, req.body?.secretKey ?? '');
      if (outcome.response === 'SUCCESS') return outcome;
      // ThingsBoard answers a failed claim with 400 and the bare result as a JSON string.
      return reply.status(400).type('application/json; charset=utf-8').send(JSON.stringify(outcome.response));
    },
  );
  app.delete(
    '/api/customer/device/:deviceName/claim',
    { schema: { tags, params: NameParam, response: { 200: EmptyBody } } },
    async (req) => {
      await claims.reclaim(req.caller, req.params.deviceName);
      return '';
    },
  );
}
