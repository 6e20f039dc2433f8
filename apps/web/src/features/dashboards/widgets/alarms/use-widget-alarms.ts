import type { PageData } from '@sapo/common';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../../../lib/api-client';
import type { WsClient, WsStatus } from '../../../../lib/ws-client';
import {
  alarmMessageEffect,
  applyAlarmUpdates,
  mergeSourcePages,
  sourceRequest,
  type AlarmPage,
  type AlarmRow,
} from '../../../alarms/model/alarm-live';
import type { AlarmPageRequest, EntityFilter } from '../../../alarms/model/alarm-query';
import { POLL_MS, type AlarmLiveMode } from '../../../alarms/use-live-alarms';
import { widgetAlarmQuery, type WidgetAlarmFilter } from './alarm-widget-model';

const FIRST_REPLY_TIMEOUT_MS = 6000;
const QUIET = { ignoreErrors: true, ignoreLoading: true } as const;

export interface WidgetAlarmsInput {
  widgetId: string;
  filters: readonly EntityFilter[];
  filter: WidgetAlarmFilter;
  request: AlarmPageRequest;
}

/**
 * The alarm page of a widget's sources, live. Like the alarm center's useLiveAlarms + useAlarmPage,
 * but over the widget's own entity filters (an alias, not a fixed scope) and the dashboard's client
 * and socket. Its key starts with 'alarms', so acknowledging anywhere refreshes it.
 */
export function useWidgetAlarms(api: ApiClient, ws: WsClient, input: WidgetAlarmsInput) {
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const [answered, setAnswered] = useState(false);
  const [status, setStatus] = useState<WsStatus>('connecting');
  const queryKey = ['alarms', 'widget', input.widgetId, input.filters, input.filter, input.request] as const;
  const signature = JSON.stringify(queryKey);

  const page = useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<AlarmPage> => {
      const perSource = sourceRequest(input.request, input.filters.length);
      const now = Date.now();
      const pages = await Promise.all(
        input.filters.map((entityFilter) =>
          api.post<PageData<AlarmRow>>(
            '/api/alarmsQuery/find',
            widgetAlarmQuery(entityFilter, input.filter, perSource, now),
            { ...QUIET, signal },
          ),
        ),
      );
      return mergeSourcePages(pages, input.request);
    },
    enabled: input.filters.length > 0,
    placeholderData: keepPreviousData,
    refetchInterval: failed || status === 'closed' ? POLL_MS : false,
  });

  useEffect(() => {
    setFailed(false);
    setAnswered(false);
    if (input.filters.length === 0) return;
    const perSource = sourceRequest(input.request, input.filters.length);
    const now = Date.now();
    const timer = setTimeout(() => setFailed(true), FIRST_REPLY_TIMEOUT_MS);
    const key = JSON.parse(signature) as unknown[];
    const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
    const stops = input.filters.map((entityFilter) =>
      ws.subscribe(
        { type: 'ALARM_DATA', cmd: { query: widgetAlarmQuery(entityFilter, input.filter, perSource, now) } },
        {
          onMessage: (reply, first) => {
            clearTimeout(timer);
            if (reply.kind !== 'v2') {
              if (reply.errorCode) setFailed(true);
              return;
            }
            const effect = alarmMessageEffect(reply.message, first);
            if (effect.kind === 'error') return setFailed(true);
            setAnswered(true);
            if (effect.kind === 'refresh') refresh();
            if (effect.kind === 'update') {
              let missing = false;
              queryClient.setQueryData<AlarmPage>(key, (current) => {
                if (!current) return current;
                const applied = applyAlarmUpdates(current, effect.alarms);
                missing = applied.missing;
                return applied.page;
              });
              if (missing) refresh();
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
    // `signature` stands for the filters, filter and request: objects rebuilt each render must not resubscribe.
  }, [ws, queryClient, signature]);

  const mode: AlarmLiveMode =
    failed || status === 'closed' ? 'polling' : answered && status === 'open' ? 'live' : 'connecting';
  return { page, mode };
}
