import { useMutation, useQuery } from '@tanstack/react-query';
import type { AttributeScope } from '../../lib/ws-client';
import { queryKeys } from '../../lib/query-keys';
import { useAuth } from '../auth/auth-provider';
import type { SeriesQuery } from './model/chart-window';
import { seriesFromRest, type TimeseriesResponse } from './model/chart-series';
import {
  attributeValuesPath,
  deleteAttributesPath,
  deleteTimeseriesPath,
  saveAttributesPath,
  timeseriesPath,
  type TelemetryEntity,
} from './model/telemetry-paths';

interface AttributeKv {
  key: string;
  value: unknown;
  lastUpdateTs: number;
}

/**
 * One attribute's stored value with its JSON type (the WebSocket sends strings, so "42" and 42 look
 * alike there): the edit dialog starts from this. Null when the key is gone.
 */
export function useAttributeValue(entity: TelemetryEntity, scope: AttributeScope, key: string) {
  const { client } = useAuth();
  return useQuery({
    queryKey: queryKeys.telemetry.attribute(entity.entityType, entity.id, scope, key),
    queryFn: async ({ signal }) => {
      const list = await client.get<AttributeKv[]>(attributeValuesPath(entity, scope, [key]), { signal });
      return list.find((kv) => kv.key === key) ?? null;
    },
    gcTime: 0, // always read fresh when a dialog opens
  });
}

/** POST a key and its value; the dialog shows a refusal itself. The table updates over the WebSocket. */
export function useSaveAttribute(entity: TelemetryEntity) {
  const { client } = useAuth();
  return useMutation({
    mutationFn: ({ scope, key, value }: { scope: AttributeScope; key: string; value: unknown }) =>
      client.post<unknown>(saveAttributesPath(entity, scope), { [key]: value }, { ignoreErrors: true }),
  });
}

export function useDeleteAttributes(entity: TelemetryEntity) {
  const { client } = useAuth();
  return useMutation({
    mutationFn: ({ scope, keys }: { scope: AttributeScope; keys: string[] }) =>
      client.delete<unknown>(deleteAttributesPath(entity, scope, keys)),
  });
}

/** Deletes every stored value of the keys (and their latest values). */
export function useDeleteTimeseries(entity: TelemetryEntity) {
  const { client } = useAuth();
  return useMutation({
    mutationFn: (keys: string[]) => client.delete<unknown>(deleteTimeseriesPath(entity, keys)),
  });
}

/** History of the keys over a fixed range, as chart series. */
export function useSeries(entity: TelemetryEntity, keys: readonly string[], query: SeriesQuery | null) {
  const { client } = useAuth();
  const path = query ? timeseriesPath(entity, keys, query) : '';
  return useQuery({
    queryKey: queryKeys.telemetry.series(entity.entityType, entity.id, keys.join(','), path),
    queryFn: async ({ signal }) =>
      seriesFromRest(keys, (await client.get<TimeseriesResponse | undefined>(path, { signal })) ?? {}),
    enabled: query !== null,
  });
}
