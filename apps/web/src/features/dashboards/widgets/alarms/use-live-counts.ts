import { useEffect, useState } from 'react';
import type { ApiClient } from '../../../../lib/api-client';
import type { WsClient } from '../../../../lib/ws-client';
import { POLL_MS, type AlarmLiveMode } from '../../../alarms/use-live-alarms';
import { countFromMessage, pageTotal, type CountKind } from './alarm-widget-model';

/** Without a first reply by then, the socket is taken not to serve the command (as the alarm center). */
const FIRST_REPLY_TIMEOUT_MS = 6000;

export interface CountSource {
  kind: CountKind;
  query: Record<string, unknown>;
}

const QUIET = { ignoreErrors: true, ignoreLoading: true } as const;

async function fetchCount(api: ApiClient, source: CountSource): Promise<number | null> {
  if (source.kind === 'alarms') return pageTotal(await api.post<unknown>('/api/alarmsQuery/find', source.query, QUIET));
  const count = await api.post<unknown>('/api/entitiesQuery/count', source.query, QUIET);
  return typeof count === 'number' ? count : null;
}

/**
 * Counts kept live over the WebSocket (ENTITY_COUNT's COUNT_DATA, ALARM_DATA's page total), one per
 * source; when the socket refuses or never answers, they are read by REST every 5 s instead.
 */
export function useLiveCounts(
  api: ApiClient,
  ws: WsClient,
  sources: readonly CountSource[],
): { counts: (number | null)[]; error: string | null; mode: AlarmLiveMode } {
  const [counts, setCounts] = useState<(number | null)[]>([]);
  const [failed, setFailed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [answered, setAnswered] = useState(false);
  // Sources are rebuilt each render: their JSON decides when to subscribe again.
  const signature = JSON.stringify(sources);

  useEffect(() => {
    const list = JSON.parse(signature) as CountSource[];
    setCounts(list.map(() => null));
    setFailed(false);
    setAnswered(false);
    setError(null);
    if (list.length === 0) return;
    const put = (index: number, value: number | null) =>
      setCounts((current) => current.map((c, i) => (i === index ? value : c)));
    const timer = setTimeout(() => setFailed(true), FIRST_REPLY_TIMEOUT_MS);
    const stops = list.map((source, index) =>
      ws.subscribe(
        { type: source.kind === 'alarms' ? 'ALARM_DATA' : 'ENTITY_COUNT', cmd: { query: source.query } },
        {
          onMessage: (reply) => {
            clearTimeout(timer);
            // Refusals of v2 commands come back in the v1 shape.
            if (reply.kind !== 'v2' || reply.errorCode !== 0) {
              if (reply.errorCode) setFailed(true);
              return;
            }
            setAnswered(true);
            const count = countFromMessage(source.kind, reply.message);
            if (count !== null) put(index, count);
            // An alarm page update (no total): a state change may move the count, so read it again.
            else if (source.kind === 'alarms' && Array.isArray(reply.message.update)) {
              fetchCount(api, source).then(
                (value) => put(index, value),
                () => undefined,
              );
            }
          },
          onStatus: (status) => status === 'closed' && setFailed(true),
        },
      ),
    );
    return () => {
      clearTimeout(timer);
      stops.forEach((stop) => stop());
    };
  }, [api, ws, signature]);

  useEffect(() => {
    if (!failed) return;
    const list = JSON.parse(signature) as CountSource[];
    let stopped = false;
    const poll = () => {
      Promise.all(list.map((source) => fetchCount(api, source))).then(
        (values) => {
          if (stopped) return;
          setCounts(values);
          setError(null);
        },
        (err: unknown) => {
          if (!stopped) setError(err instanceof Error ? err.message : String(err));
        },
      );
    };
    poll();
    const interval = setInterval(poll, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(interval);
    };
  }, [api, failed, signature]);

  return { counts, error, mode: failed ? 'polling' : answered ? 'live' : 'connecting' };
}
