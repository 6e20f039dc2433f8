import type { Aggregation } from '@sapo/common';
import { useEffect, useMemo, useState } from 'react';
import { wsClientFor } from '../../../lib/ws-client';
import { useAuth } from '../../auth/auth-provider';
import { mergePoints, pointsFromWs, trimSeries, type SeriesData } from '../model/chart-series';
import { refetchEveryMs, seriesQuery, slideEveryMs } from '../model/chart-window';
import type { TelemetryEntity } from '../model/telemetry-paths';

interface State {
  series: SeriesData;
  loading: boolean;
  error: string | undefined;
}

/**
 * A realtime chart's data over the WebSocket: a time-series subscription with a time window, whose
 * first reply is the window's history (aggregated as asked), then live values. Raw values are
 * appended as they come; an aggregated chart subscribes again (at most every 2–10 s) so its groups
 * stay true averages. The window slides with the clock.
 */
export function useRealtimeSeries(
  entity: TelemetryEntity,
  keys: readonly string[],
  windowMs: number,
  agg: Aggregation,
  interval: number,
  enabled: boolean,
) {
  const { client } = useAuth();
  const ws = useMemo(() => wsClientFor(client), [client]);
  const [state, setState] = useState<State>({ series: {}, loading: true, error: undefined });
  const [generation, setGeneration] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const { entityType, id } = entity;
  const keyList = keys.join(',');

  useEffect(() => {
    if (!enabled) return;
    const start = Date.now();
    const q = seriesQuery(start - windowMs, start, agg, interval);
    const names = keyList.split(',');
    let refetch: ReturnType<typeof setTimeout> | undefined;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    setNow(start);
    const unsubscribe = ws.subscribe(
      {
        type: 'TIMESERIES',
        entityType,
        entityId: id,
        keys: keyList,
        startTs: q.startTs,
        timeWindow: windowMs,
        interval: q.interval,
        limit: q.limit,
        agg: q.agg,
      },
      {
        onMessage: (reply, first) => {
          if (reply.kind !== 'v1') return;
          if (reply.errorCode) {
            setState((s) => ({ ...s, loading: false, error: reply.errorMsg ?? `Error ${reply.errorCode}` }));
            return;
          }
          const incoming = pointsFromWs(reply.data);
          if (first) {
            setState({
              series: Object.fromEntries(names.map((k) => [k, incoming[k] ?? []])),
              loading: false,
              error: undefined,
            });
          } else if (q.agg === 'NONE') {
            const from = Date.now() - windowMs;
            setState((s) => ({
              ...s,
              series: Object.fromEntries(
                names.map((k) => [k, mergePoints(s.series[k] ?? [], incoming[k] ?? [], from, q.limit)]),
              ),
            }));
          } else {
            refetch ??= setTimeout(() => setGeneration((g) => g + 1), refetchEveryMs(q.interval));
          }
        },
      },
    );
    return () => {
      unsubscribe();
      if (refetch !== undefined) clearTimeout(refetch);
    };
  }, [ws, entityType, id, keyList, windowMs, agg, interval, generation, enabled]);

  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setNow(Date.now()), slideEveryMs(windowMs));
    return () => clearInterval(timer);
  }, [windowMs, enabled]);

  const from = now - windowMs;
  const series = useMemo(() => trimSeries(state.series, from), [state.series, from]);
  const xRange = useMemo(() => [from, now] as const, [from, now]);
  return { series, xRange, loading: state.loading, error: state.error };
}
