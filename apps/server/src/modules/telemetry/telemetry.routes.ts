import { EmptyBody, OpenObject, splitKeys } from '@sapo/common';
import { Type } from 'typebox';
import type { AppInstance } from '../../http/app-instance.ts';
import { Uuid } from '../../http/schemas.ts';
import type { Caller } from '../auth/caller.ts';
import { EntityTypeSchema } from '../relations/relations.routes.ts';
import { TelemetryRestService } from './telemetry-rest.service.ts';
import {
  type RawQuery,
  deleteScope,
  isHistoryRequest,
  param,
  parseBool,
  parseDeleteTsQuery,
  parseHistoryQuery,
  parseTtl,
  readScope,
  requiredKeys,
  writeScope,
} from './telemetry-params.ts';

const PREFIX = '/api/plugins/telemetry';
const tags = ['telemetry'];

const Entity = { entityType: EntityTypeSchema, entityId: Uuid };
const EntityParams = Type.Object(Entity);
const ScopeParams = Type.Object({ ...Entity, scope: Type.String({ maxLength: 64 }) });
const TtlParams = Type.Object({
  ...Entity,
  scope: Type.String({ maxLength: 64 }),
  ttl: Type.String({ maxLength: 20 }),
});
const DeviceScopeParams = Type.Object({ deviceId: Uuid, scope: Type.String({ maxLength: 64 }) });

// Parameters are checked by telemetry-params (ThingsBoard's messages); the schemas document them.
const Opt = Type.Optional(Type.String({ maxLength: 64 * 1024 }));
const KeysQuery = Type.Object({ keys: Opt });
const TimeseriesQuery = Type.Object({
  keys: Opt,
  startTs: Opt,
  endTs: Opt,
  interval: Opt,
  limit: Opt,
  agg: Opt,
  orderBy: Opt,
  useStrictDataTypes: Opt,
});
const DeleteTsQuery = Type.Object({
  keys: Opt,
  deleteAllDataForKeys: Opt,
  startTs: Opt,
  endTs: Opt,
  rewriteLatestIfDeleted: Opt,
});
const JsonBody = { description: 'JSON text (a telemetry payload or a flat attribute object)' };

const ref = (p: { entityType: string; entityId: string }) => ({
  entityType: p.entityType,
  id: p.entityId.toLowerCase(),
});
const deviceRef = (p: { deviceId: string }) => ({ entityType: 'DEVICE', id: p.deviceId.toLowerCase() });
const optionalKeys = (q: RawQuery) => {
  const keys = splitKeys(param(q, 'keys'));
  return keys.length > 0 ? keys : undefined;
};

/**
 * Telemetry and attribute REST calls (reference §4) under /api/plugins/telemetry. They live in
 * their own plugin so request bodies arrive as text: the calls answer bad JSON with ThingsBoard's
 * own sentences, and accept a body whatever content type a device script sets.
 */
export function telemetryRoutes(app: AppInstance): void {
  const s = app.services;
  const service = new TelemetryRestService({
    telemetry: s.telemetry,
    attributes: s.attributeStore,
    entityAccess: s.entityAccess,
    entityView: (caller, id) => s.entityViews.get(caller, id),
    entityNames: s.entityNames,
    audit: s.audit,
    now: () => Date.now(),
  });

  void app.register(async (plugin: AppInstance) => {
    plugin.removeAllContentTypeParsers();
    plugin.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    const text = (body: unknown) => (typeof body === 'string' ? body : '');

    // Answers: key lists; values keyed by the client's keys (open objects, every key kept); empty writes.
    const keys = { response: { 200: Type.Array(Type.String()) } };
    const tsValues = { response: { 200: OpenObject } };
    const attrValues = { response: { 200: Type.Array(OpenObject) } };
    const empty = { response: { 200: EmptyBody } };

    // ---- reads ----
    plugin.get(
      `${PREFIX}/:entityType/:entityId/keys/timeseries`,
      { schema: { tags, params: EntityParams, ...keys } },
      (req) => service.timeseriesKeys(req.caller, ref(req.params)),
    );
    plugin.get(
      `${PREFIX}/:entityType/:entityId/values/timeseries`,
      { schema: { tags, params: EntityParams, querystring: TimeseriesQuery, ...tsValues } },
      (req) => {
        const q = req.query as RawQuery;
        const strict = parseBool(q, 'useStrictDataTypes');
        if (isHistoryRequest(q)) return service.history(req.caller, ref(req.params), parseHistoryQuery(q), strict);
        return service.latest(req.caller, ref(req.params), optionalKeys(q), strict);
      },
    );
    plugin.get(
      `${PREFIX}/:entityType/:entityId/keys/attributes`,
      { schema: { tags, params: EntityParams, ...keys } },
      (req) => service.attributeKeys(req.caller, ref(req.params)),
    );
    plugin.get(
      `${PREFIX}/:entityType/:entityId/keys/attributes/:scope`,
      { schema: { tags, params: ScopeParams, ...keys } },
      (req) => service.attributeKeys(req.caller, ref(req.params), readScope(req.params.scope)),
    );
    plugin.get(
      `${PREFIX}/:entityType/:entityId/values/attributes`,
      { schema: { tags, params: EntityParams, querystring: KeysQuery, ...attrValues } },
      (req) => service.attributes(req.caller, ref(req.params), undefined, optionalKeys(req.query)),
    );
    plugin.get(
      `${PREFIX}/:entityType/:entityId/values/attributes/:scope`,
      { schema: { tags, params: ScopeParams, querystring: KeysQuery, ...attrValues } },
      (req) => service.attributes(req.caller, ref(req.params), readScope(req.params.scope), optionalKeys(req.query)),
    );

    // ---- time-series writes (the scope segment is ignored, ThingsBoard clients send ANY) ----
    plugin.post(
      `${PREFIX}/:entityType/:entityId/timeseries/:scope`,
      { schema: { tags, params: ScopeParams, body: JsonBody, ...empty } },
      async (req) => {
        await service.saveTimeseries(req.caller, ref(req.params), text(req.body));
        return '';
      },
    );
    plugin.post(
      `${PREFIX}/:entityType/:entityId/timeseries/:scope/:ttl`,
      { schema: { tags, params: TtlParams, body: JsonBody, ...empty } },
      async (req) => {
        // Checked for ThingsBoard compatibility; the store keeps data until deleted (no TTL yet).
        parseTtl(req.params.ttl);
        await service.saveTimeseries(req.caller, ref(req.params), text(req.body));
        return '';
      },
    );
    plugin.delete(
      `${PREFIX}/:entityType/:entityId/timeseries/delete`,
      { schema: { tags, params: EntityParams, querystring: DeleteTsQuery, ...empty } },
      async (req) => {
        await service.deleteTimeseries(req.caller, ref(req.params), parseDeleteTsQuery(req.query as RawQuery));
        return '';
      },
    );

    // ---- attribute writes, with the legacy paths ----
    const saveAttributes = async (
      r: { entityType: string; id: string },
      scope: string,
      caller: Caller,
      body: unknown,
    ) => {
      await service.saveAttributes(caller, r, writeScope(scope), text(body));
      return '';
    };
    plugin.post(
      `${PREFIX}/:entityType/:entityId/attributes/:scope`,
      { schema: { tags, params: ScopeParams, body: JsonBody, ...empty } },
      (req) => saveAttributes(ref(req.params), req.params.scope, req.caller, req.body),
    );
    plugin.post(
      `${PREFIX}/:entityType/:entityId/:scope`,
      { schema: { tags, params: ScopeParams, body: JsonBody, ...empty } },
      (req) => saveAttributes(ref(req.params), req.params.scope, req.caller, req.body),
    );
    plugin.post(
      `${PREFIX}/:deviceId/:scope`,
      { schema: { tags, params: DeviceScopeParams, body: JsonBody, ...empty } },
      (req) => saveAttributes(deviceRef(req.params), req.params.scope, req.caller, req.body),
    );
    const deleteAttributes = async (
      r: { entityType: string; id: string },
      scope: string,
      caller: Caller,
      q: RawQuery,
    ) => {
      // ThingsBoard checks the keys before the scope.
      const keys = requiredKeys(q);
      await service.deleteAttributes(caller, r, deleteScope(scope), keys);
      return '';
    };
    plugin.delete(
      `${PREFIX}/:entityType/:entityId/:scope`,
      { schema: { tags, params: ScopeParams, querystring: KeysQuery, ...empty } },
      (req) => deleteAttributes(ref(req.params), req.params.scope, req.caller, req.query),
    );
    plugin.delete(
      `${PREFIX}/:deviceId/:scope`,
      { schema: { tags, params: DeviceScopeParams, querystring: KeysQuery, ...empty } },
      (req) => deleteAttributes(deviceRef(req.params), req.params.scope, req.caller, req.query),
    );
  });
}
