import { Type } from 'typebox';
import { ErrorCode, NoBody } from '@sapo/common';
import type { AppInstance } from '../../http/app-instance.ts';
import { Uuid } from '../../http/schemas.ts';
import { AppError } from '../../lib/app-error.ts';

const DeviceParam = Type.Object({ deviceId: Uuid });
// ThingsBoard 3.3+ clients add fields (persistent, retries, additionalInfo): accepted and ignored.
const RpcBody = Type.Object(
  {
    method: Type.String({ minLength: 1, maxLength: 1024 }),
    params: Type.Optional(Type.Unknown()),
    timeout: Type.Optional(Type.Number()),
  },
  { additionalProperties: true },
);

/** Server-side RPC to a device (spec 2-calls §7 "Devices"). */
export function rpcRoutes(app: AppInstance): void {
  const rpc = app.services.rpc;
  const tags = ['rpc'];
  const schema = { tags, params: DeviceParam, body: RpcBody };

  app.post(
    '/api/plugins/rpc/oneway/:deviceId',
    { schema: { ...schema, response: { 200: NoBody } } },
    async (req, reply) => {
      await rpc.call(req.caller, req.params.deviceId, req.body, true);
      return reply.status(200).send();
    },
  );

  // The device's reply, as the JSON text it sent.
  const twoWay = { response: { 200: Type.String({ description: "The device's JSON reply" }) } };
  app.post('/api/plugins/rpc/twoway/:deviceId', { schema: { ...schema, ...twoWay } }, async (req, reply) => {
    const text = (await rpc.call(req.caller, req.params.deviceId, req.body, false)) ?? '';
    try {
      JSON.parse(text);
    } catch {
      // ThingsBoard answers 406 when the device's reply is not JSON.
      throw new AppError(ErrorCode.GENERAL, 'The device replied with invalid JSON', 406);
    }
    return reply.status(200).type('application/json').send(text);
  });
}
