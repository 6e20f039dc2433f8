import type { BuildingsAnswer, ConsumptionAnswer } from '@sapo/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/auth-provider';

/** Live values refresh this often; the simulator reports every minute, a real meter every 1–15 min. */
export const LIVE_POLL_MS = 5_000;
/** Consumption figures refresh this often (a 15-minute bucket fills slowly). */
export const CONSUMPTION_POLL_MS = 60_000;

const quiet = { ignoreLoading: true } as const;

/** GET /api/buildings: the caller's buildings (a customer gets only its own) and the tenant settings. */
export function useBuildings() {
  const { client } = useAuth();
  return useQuery({
    queryKey: ['energy', 'buildings'],
    staleTime: 60_000,
    queryFn: ({ signal }) => client.get<BuildingsAnswer>('/api/buildings', { signal }),
  });
}

export interface ConsumptionRequest {
  nodeId: string;
  bucket: 'QUARTER_HOUR' | 'HOUR' | 'DAY' | 'MONTH';
  startTs: number;
  endTs: number;
}

/** GET /api/buildings/consumption for one node, refreshed every minute. */
export function useConsumption(req: ConsumptionRequest | null) {
  const { client } = useAuth();
  return useQuery({
    queryKey: ['energy', 'consumption', req?.nodeId, req?.bucket, req?.startTs],
    enabled: req !== null,
    placeholderData: keepPreviousData,
    refetchInterval: CONSUMPTION_POLL_MS,
    queryFn: ({ signal }) => {
      const r = req!;
      // The end moves with the clock on every refetch; the key stays put so the data is replaced in place.
      const q = `nodeId=${r.nodeId}&bucket=${r.bucket}&startTs=${r.startTs}&endTs=${Math.max(Date.now(), r.startTs + 1)}`;
      return client.get<ConsumptionAnswer>(`/api/buildings/consumption?${q}`, { ...quiet, signal });
    },
  });
}

export interface LiveReading {
  deviceId: string;
  kw: number | null;
  ts: number | null;
}

type TsAnswer = Record<string, { ts: number; value: unknown }[] | undefined>;

/** The latest `power` of each meter, polled: a meter that stopped reporting keeps its old timestamp. */
export function useLivePower(deviceIds: readonly string[]) {
  const { client } = useAuth();
  return useQuery({
    queryKey: ['energy', 'live', ...deviceIds],
    enabled: deviceIds.length > 0,
    refetchInterval: LIVE_POLL_MS,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      Promise.all(
        deviceIds.map(async (id): Promise<LiveReading> => {
          const answer = await client
            .get<TsAnswer>(`/api/plugins/telemetry/DEVICE/${id}/values/timeseries?keys=power`, {
              ...quiet,
              ignoreErrors: true,
              signal,
            })
            .catch(() => ({}) as TsAnswer);
          const last = answer.power?.[0];
          const kw = last ? Number(last.value) : NaN;
          return { deviceId: id, kw: Number.isFinite(kw) ? kw : null, ts: last?.ts ?? null };
        }),
      ),
  });
}
