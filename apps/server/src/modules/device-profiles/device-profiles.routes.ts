import { DeviceProfileInfoSchema, DeviceProfileSchema, EmptyBody, PageDataOf } from '@sapo/common';
import { Type } from 'typebox';
import type { AppInstance } from '../../http/app-instance.ts';
import { IdParam } from '../../http/schemas.ts';
import { PageQuery, toPageLink } from '../../lib/paging.ts';
import { RefBody } from '../tenants/tenants.routes.ts';
import { MAX_IMAGE_CHARS } from './device-profile-input.ts';

const Str = (max = 255) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));

const DeviceProfileBody = Type.Object({
  id: Type.Optional(RefBody),
  tenantId: Type.Optional(RefBody),
  name: Str(),
  description: Str(4096),
  // Checked by the service so an oversized image gets a sentence, not a schema message.
  image: Str(MAX_IMAGE_CHARS * 2),
  type: Str(64),
  transportType: Str(64),
  provisionType: Str(64),
  provisionDeviceKey: Str(),
  defaultRuleChainId: Type.Optional(RefBody),
  defaultQueueName: Str(),
  default: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  createdTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  profileData: Type.Optional(
    Type.Union([
      Type.Object({
        configuration: Type.Optional(Type.Unknown()),
        transportConfiguration: Type.Optional(Type.Unknown()),
        provisionConfiguration: Type.Optional(Type.Unknown()),
        alarms: Type.Optional(Type.Unknown()),
      }),
      Type.Null(),
    ]),
  ),
});

export function deviceProfileRoutes(app: AppInstance): void {
  const s = app.services.deviceProfiles;
  const tags = ['device-profiles'];
  const one = { response: { 200: DeviceProfileSchema } };
  const info = { response: { 200: DeviceProfileInfoSchema } };
  app.get('/api/deviceProfile/:id', { schema: { tags, params: IdParam, ...one } }, (req) =>
    s.get(req.caller, req.params.id),
  );
  app.get('/api/deviceProfileInfo/default', { schema: { tags, ...info } }, (req) => s.getDefaultInfo(req.caller));
  app.get('/api/deviceProfileInfo/:id', { schema: { tags, params: IdParam, ...info } }, (req) =>
    s.getInfo(req.caller, req.params.id),
  );
  app.get(
    '/api/deviceProfiles',
    { schema: { tags, querystring: PageQuery, response: { 200: PageDataOf(DeviceProfileSchema) } } },
    (req) => s.list(req.caller, toPageLink(req.query)),
  );
  app.get(
    '/api/deviceProfileInfos',
    {
      schema: {
        tags,
        querystring: Type.Object({
          ...PageQuery.properties,
          transportType: Type.Optional(Type.String({ maxLength: 64 })),
        }),
        response: { 200: PageDataOf(DeviceProfileInfoSchema) },
      },
    },
    (req) => s.listInfos(req.caller, toPageLink(req.query), req.query.transportType || undefined),
  );
  // Profile images make the body bigger than the default 1 MB.
  app.post(
    '/api/deviceProfile',
    { bodyLimit: 4 * 1024 * 1024, schema: { tags, body: DeviceProfileBody, ...one } },
    (req) => s.save(req.caller, req.body),
  );
  app.post('/api/deviceProfile/:id/default', { schema: { tags, params: IdParam, ...one } }, (req) =>
    s.setDefault(req.caller, req.params.id),
  );
  app.delete(
    '/api/deviceProfile/:id',
    { schema: { tags, params: IdParam, response: { 200: EmptyBody } } },
    async (req) => {
      await s.delete(req.caller, req.params.id);
      return '';
    },
  );
}
