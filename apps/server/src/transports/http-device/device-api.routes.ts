import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Json, NoBody, OpenObject, PayloadError, TextBody } from '@sapo/common';
import type { AppInstance } from '../../http/app-instance.ts';
import type { RpcRequestMsg } from '../../modules/rpc/rpc.service.ts';
import {
  MAX_DEVICE_PAYLOAD_BYTES,
  parseAttributes,
  parseClaim,
  parseClientRpc,
  parseDeviceJson,
  parseTelemetry,
  keyList,
} from '../device/device-payload.ts';
import { LongPolls, type PollOutcome, pollTimeout } from './long-poll.ts';

const TokenParams = Type.Object({ token: Type.String() });
const RpcReplyParams = Type.Object({ token: Type.String(), requestId: Type.Integer() });
const PollQuery = Type.Object({ timeout: Type.Optional(Type.Integer({ minimum: 0 })) });
const KeysQuery = Type.Object({
  clientKeys: Type.Optional(Type.String()),
  sharedKeys: Type.Optional(Type.String()),
});

// Answers (reference §6). Failures answer in plain text or with no body: 400 the reason, 401 an unknown
// token, 408 a long poll that timed out, 503 shutting down.
const empty = { response: { 200: NoBody } };
const json = { response: { 200: OpenObject } };
const rpcRequest = {
  response: { 200: Type.Object({ id: Type.Number(), method: Type.String(), params: Json }) },
};

const bodyText = (req: FastifyRequest): string => (typeof req.body === 'string' ? req.body : '');

/** A bad payload is a 400 whose body is the reason, as plain text; anything else is the error handler's. */
function badPayload(reply: FastifyReply, err: unknown) {
  if (err instanceof PayloadError) return reply.status(400).type('text/plain; charset=utf-8').send(err.message);
  throw err;
}

function pollReply<T>(reply: FastifyReply, outcome: PollOutcome<T>, body: (value: T) => unknown) {
  switch (outcome.kind) {
    case 'value':
      return reply.status(200).send(body(outcome.value));
    case 'closing':
      return reply.status(503).type('text/plain; charset=utf-8').send('Server is shutting down');
    default:
      // Timed out (or nobody is listening any more): ThingsBoard's empty 408.
      return reply.status(408).send();
  }
}

/**
 * The device HTTP API (reference §6, base /api/v1): public routes authenticated by the access token
 * in the path. Bodies are read as text by a parser of this scope only, so malformed JSON is a 400
 * with the reason rather than the API's JSON error, and a body over 64 KiB is a 413.
 */
export function deviceApiRoutes(app: AppInstance): void {
  const polls = new LongPolls();
  const { deviceAuth, deviceApi, deviceSessions, deviceProvision, deviceState, rpc } = app.services;
  deviceState.logger = app.log;
  deviceProvision.logger = app.log;

  app.addHook('onReady', async () => {
    await deviceState.start().catch((err: unknown) => app.log.warn({ err }, 'device state: start-up load failed'));
  });
  // Before the server waits for in-flight requests: long polls and RPC calls would hold it open.
  app.addHook('preClose', async () => {
    polls.closeAll();
    rpc.close();
    await deviceState.close();
    deviceSessions.close();
  });

  void app.register(async (scope: AppInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_DEVICE_PAYLOAD_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    const config = { public: true };
    const base = { config, bodyLimit: MAX_DEVICE_PAYLOAD_BYTES };
    const tags = ['device-api'];

    /** Resolves the token (401 with an empty body when unknown) and counts the request as activity. */
    const device = async (req: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
      const found = await deviceAuth.byAccessToken(req.params.token);
      if (!found) {
        await reply.status(401).send();
        return undefined;
      }
      deviceApi.activity(found);
      return found;
    };

    scope.post(
      '/api/v1/:token/telemetry',
      { ...base, schema: { tags, params: TokenParams, ...empty } },
      async (req, reply) => {
        const d = await device(req, reply);
        if (!d) return reply;
        let records;
        try {
          records = parseTelemetry(bodyText(req), deviceApi.now());
        } catch (err) {
          return badPayload(reply, err);
        }
        await deviceApi.saveTelemetry(d, records);
        return reply.status(200).send();
      },
    );

    scope.post(
      '/api/v1/:token/attributes',
      { ...base, schema: { tags, params: TokenParams, ...empty } },
      async (req, reply) => {
        const d = await device(req, reply);
        if (!d) return reply;
        let entries;
        try {
          entries = parseAttributes(bodyText(req));
        } catch (err) {
          return badPayload(reply, err);
        }
        await deviceApi.saveClientAttributes(d, entries);
        return reply.status(200).send();
      },
    );

    scope.get(
      '/api/v1/:token/attributes',
      { ...base, schema: { tags, params: TokenParams, querystring: KeysQuery, ...json } },
      async (req, reply) => {
        const d = await device(req, reply);
        if (!d) return reply;
        return deviceApi.attributes(d, keyList(req.query.clientKeys), keyList(req.query.sharedKeys));
      },
    );

    scope.get(
      '/api/v1/:token/attributes/updates',
      { ...base, schema: { tags, params: TokenParams, querystring: PollQuery, ...json } },
      async (req, reply) => {
        const d = await device(req, reply);
        if (!d) return reply;
        const outcome = await polls.wait<Record<string, unknown>>(reply, pollTimeout(req.query.timeout), (settle) =>
          deviceSessions.add(d.id, { attributesUpdate: (payload) => void settle(payload), rpcRequest: () => false }),
        );
        return pollReply(reply, outcome, (v) => v);
      },
    );

    scope.get(
      '/api/v1/:token/rpc',
      { ...base, schema: { tags, params: TokenParams, querystring: PollQuery, ...rpcRequest } },
      async (req, reply) => {
        const d = await device(req, reply);
        if (!d) return reply;
        const outcome = await polls.wait<RpcRequestMsg>(reply, pollTimeout(req.query.timeout), (settle) => {
          const remove = deviceSessions.add(d.id, { attributesUpdate: () => {}, rpcRequest: settle });
          // Requests queued while the device was away go to this poll.
          deviceSessions.rpcReady(d.id);
          return remove;
        });
        return pollReply(reply, outcome, (r) => ({ id: r.id, method: r.method, params: r.params }));
      },
    );

    scope.post(
      '/api/v1/:token/rpc/:requestId',
      { ...base, schema: { tags, params: RpcReplyParams, ...empty } },
      async (req, reply) => {
        const d = await device(req, reply);
        if (!d) return reply;
        deviceApi.rpcReply(d, req.params.requestId, bodyText(req));
        return reply.status(200).send();
      },
    );

    scope.post(
      '/api/v1/:token/rpc',
      { ...base, schema: { tags, params: TokenParams, response: { 200: TextBody } } },
      async (req, reply) => {
        const d = await device(req, reply);
        if (!d) return reply;
        let request;
        try {
          request = parseClientRpc(bodyText(req));
        } catch (err) {
          return badPayload(reply, err);
        }
        const result = await deviceApi.clientRpc(d, request);
        return reply
          .status(200)
          .type('application/json')
          .send(JSON.stringify(result ?? null));
      },
    );

    scope.post(
      '/api/v1/:token/claim',
      { ...base, schema: { tags, params: TokenParams, ...empty } },
      async (req, reply) => {
        const d = await device(req, reply);
        if (!d) return reply;
        let claim;
        try {
          claim = parseClaim(bodyText(req));
        } catch (err) {
          return badPayload(reply, err);
        }
        await deviceApi.claim(d, claim.secretKey, claim.durationMs);
        return reply.status(200).send();
      },
    );

    scope.post('/api/v1/provision', { ...base, schema: { tags, ...json } }, async (req, reply) => {
      let request;
      try {
        request = parseDeviceJson(bodyText(req));
        if (typeof request !== 'object' || request === null || Array.isArray(request)) {
          throw new PayloadError('Request is not a JSON object');
        }
      } catch (err) {
        return badPayload(reply, err);
      }
      return reply.status(200).send(await deviceProvision.provision(request));
    });
  });
}
