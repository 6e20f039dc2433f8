import type { AttributeScope } from '../../../lib/ws-client';
import type { SeriesQuery } from './chart-window';

/** The entity a tab shows (ThingsBoard's EntityId). */
export interface TelemetryEntity {
  entityType: string;
  id: string;
}

const base = (e: TelemetryEntity) => `/api/plugins/telemetry/${e.entityType}/${e.id}`;
const keyList = (keys: readonly string[]) => keys.join(',');

/** Only devices have client and shared attributes (client ones are the device's own: read-only). */
export function attributeScopes(entityType: string): AttributeScope[] {
  return entityType === 'DEVICE' ? ['SERVER_SCOPE', 'SHARED_SCOPE', 'CLIENT_SCOPE'] : ['SERVER_SCOPE'];
}

export const isWritableScope = (scope: AttributeScope) => scope !== 'CLIENT_SCOPE';

/** Entity views show their target's data and change nothing. */
export const isReadOnlyEntity = (entityType: string) => entityType === 'ENTITY_VIEW';

/** POST: a flat JSON object of key → value. */
export const saveAttributesPath = (e: TelemetryEntity, scope: AttributeScope) => `${base(e)}/attributes/${scope}`;

export const deleteAttributesPath = (e: TelemetryEntity, scope: AttributeScope, keys: readonly string[]) =>
  `${base(e)}/${scope}?${new URLSearchParams({ keys: keyList(keys) }).toString()}`;

export const attributeValuesPath = (e: TelemetryEntity, scope: AttributeScope, keys: readonly string[]) =>
  `${base(e)}/values/attributes/${scope}?${new URLSearchParams({ keys: keyList(keys) }).toString()}`;

export const deleteTimeseriesPath = (e: TelemetryEntity, keys: readonly string[]) =>
  `${base(e)}/timeseries/delete?${new URLSearchParams({ keys: keyList(keys), deleteAllDataForKeys: 'true' }).toString()}`;

export function timeseriesPath(e: TelemetryEntity, keys: readonly string[], q: SeriesQuery): string {
  const params = new URLSearchParams({
    keys: keyList(keys),
    startTs: String(q.startTs),
    endTs: String(q.endTs),
    agg: q.agg,
    interval: String(q.agg === 'NONE' ? 0 : q.interval),
    limit: String(q.limit),
    useStrictDataTypes: 'false',
  });
  return `${base(e)}/values/timeseries?${params.toString()}`;
}
