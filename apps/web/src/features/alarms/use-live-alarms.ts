import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { wsClientFor, type WsStatus } from '../../lib/ws-client';
import { useAuth } from '../auth/auth-provider';
import { alarmKeys } from './alarms-queries';
import { alarmMessageEffect, applyAlarmUpdates, sourceRequest, type AlarmPage } from './model/alarm-live';
import {
  buildAlarmDataQuery,
  scopeEntityFilters,
  type AlarmFilter,
  type AlarmPageRequest,
  type AlarmScope,
} from './model/alarm-query';

/** Without a first ALARM_DATA reply by then, the server is taken not to stream alarms. */
const FIRST_REPLY_TIMEOUT_MS = 6000;
export const POLL_MS = 5000;

export type AlarmLiveMode = 'connecting' | 'live' | 'polling';

/**
 * Keeps the page shown live over the WebSocket's alarmDataCmds (reference §5): changed alarms are
 * patched into the cached page, anything else (a new alarm, a re-run query) refetches it. If the
 * socket refuses the command, never answers, or drops, the page polls every 5 s instead.
 */
export function useLiveAlarms(scope: AlarmScope, filter: AlarmFilter, request: AlarmPageRequest): AlarmLiveMode {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  const ws = useMemo(() => wsClientFor(client), [client]);
  const [failed, setFailed] = useState(false);
  const [answered, setAnswered] = useState(false);
  const [status, setStatus] = useState<WsStatus>('connecting');
  const pageKey = useMemo(() => alarmKeys.page(scope, filter, request), [scope, filter, request]);
  const signature = JSON.stringify(pageKey);

  useEffect(() => {
    setFailed(false);
    setAnswered(false);
    const filters = scopeEntityFilters(scope);
    const perSource = sourceRequest(request, filters.length);
    const now = Date.now();
    const timer = setTimeout(() => setFailed(true), FIRST_REPLY_TIMEOUT_MS);
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: pageKey });
      void queryClient.invalidateQueries({ queryKey: alarmKeys.counters(scope) });
    };
    const stops = filters.map((entityFilter) =>
      ws.subscribe(
        { type: 'ALARM_DATA', cmd: { query: buildAlarmDataQuery(entityFilter, filter, perSource, now) } },
        {
          onMessage: (reply, first) => {
            clearTimeout(timer);
            // Refusals of v2 commands ('Query is empty!') come back in the v1 shape.
            if (reply.kind !== 'v2') {
              if (reply.errorCode) setFailed(true);
              return;
            }
            const effect = alarmMessageEffect(reply.message, first);
            if (effect.kind === 'error') {
              setFailed(true);
              return;
            }
            setAnswered(true);
            if (effect.kind === 'refresh') refresh();
            if (effect.kind === 'update') {
              let missing = false;
              queryClient.setQueryData<AlarmPage>(pageKey, (current) => {
                if (!current) return current;
                const applied = applyAlarmUpdates(current, effect.alarms);
                missing = applied.missing;
                return applied.page;
              });
              // A state change moves counters; an alarm we do not show may belong on this page.
              if (missing) refresh();
              else void queryClient.invalidateQueries({ queryKey: alarmKeys.counters(scope) });
            }
          },
          onStatus: setStatus,
        },
      ),
    );
    return () => {
      clearTimeout(timer);
      stops.forEach((stop) => stop());
    };
    // `signature` stands for scope, filter and request: objects rebuilt each render must not resubscribe.
  }, [ws, queryClient, signature]);

  if (failed || status === 'closed') return 'polling';
  return answered && status === 'open' ? 'live' : 'connecting';
}
