import { Type } from 'typebox';
import { BuildingsAnswerSchema, CONSUMPTION_BUCKETS, ConsumptionAnswerSchema } from '@sapo/common';
import type { AppInstance } from '../../http/app-instance.ts';
import { Uuid } from '../../http/schemas.ts';
import { METERED } from './buildings.service.ts';

const Ts = Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 });

const ConsumptionQuery = Type.Object({
  nodeId: Type.Optional(Uuid),
  deviceId: Type.Optional(Uuid),
  metered: Type.Optional(Type.Union(Object.keys(METERED).map((k) => Type.Literal(k)))),
  bucket: Type.Union(CONSUMPTION_BUCKETS.map((b) => Type.Literal(b))),
  startTs: Ts,
  endTs: Ts,
  timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});

/** The building model and what the building pages compute from it (docs/building-model.md). */
export function buildingRoutes(app: AppInstance): void {
  const s = app.services.buildings;
  const tags = ['buildings'];
  app.get('/api/buildings', { schema: { tags, response: { 200: BuildingsAnswerSchema } } }, async (req) => {
    const { timeZone, ...settings } = await s.settings(req.caller);
    return { timeZone, settings, ...(await s.model(req.caller)) };
  });
  app.get(
    '/api/buildings/consumption',
    { schema: { tags, querystring: ConsumptionQuery, response: { 200: ConsumptionAnswerSchema } } },
    (req) => {
      const q = req.query;
      return s.consumption(req.caller, {
        metered: (q.metered as keyof typeof METERED | undefined) ?? 'ENERGY',
        bucket: q.bucket,
        startTs: q.startTs,
        endTs: q.endTs,
        ...(q.nodeId !== undefined ? { nodeId: q.nodeId } : {}),
        ...(q.deviceId !== undefined ? { deviceId: q.deviceId } : {}),
        ...(q.timeZone !== undefined ? { timeZone: q.timeZone } : {}),
      });
    },
  );
}
