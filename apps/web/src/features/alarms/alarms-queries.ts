import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageData } from '@sapo/common';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { notify } from '../../lib/notifications';
import { useAuth } from '../auth/auth-provider';
import { normalizeCounters, type AlarmCounters } from './model/alarm-display';
import { mergeSourcePages, sourceRequest, type AlarmPage, type AlarmRow } from './model/alarm-live';
import {
  buildAlarmDataQuery,
  countersPath,
  entityAlarmsPath,
  needsDataQuery,
  scopeEntityFilters,
  type AlarmFilter,
  type AlarmPageRequest,
  type AlarmScope,
} from './model/alarm-query';

// Alarm keys live here rather than in lib/query-keys: only this feature reads or invalidates them.
export const alarmKeys = {
  all: ['alarms'] as const,
  pages: ['alarms', 'page'] as const,
  page: (scope: AlarmScope, filter: AlarmFilter, request: AlarmPageRequest) =>
    ['alarms', 'page', scopeKey(scope), filter, request] as const,
  counters: (scope: AlarmScope) => ['alarms', 'counters', scopeKey(scope)] as const,
  info: (id: string) => ['alarms', 'info', id] as const,
};

export const scopeKey = (scope: AlarmScope) => (scope.kind === 'all' ? 'all' : `${scope.entityType}:${scope.id}`);

/** One page of a scope's alarms; the center merges its device and asset queries. */
export async function fetchAlarmPage(
  client: ApiClient,
  scope: AlarmScope,
  filter: AlarmFilter,
  request: AlarmPageRequest,
  signal?: AbortSignal,
): Promise<AlarmPage> {
  const now = Date.now();
  const flags = { signal, ignoreErrors: true, ignoreLoading: true } as const;
  if (scope.kind === 'entity' && !needsDataQuery(filter)) {
    return client.get<AlarmPage>(entityAlarmsPath(scope, filter, request, now), flags);
  }
  const filters = scopeEntityFilters(scope);
  const perSource = sourceRequest(request, filters.length);
  const pages = await Promise.all(
    filters.map((entityFilter) =>
      client.post<PageData<AlarmRow>>(
        '/api/alarmsQuery/find',
        buildAlarmDataQuery(entityFilter, filter, perSource, now),
        flags,
      ),
    ),
  );
  return mergeSourcePages(pages, request);
}

/** The page shown; `pollMs` turns polling on while the WebSocket cannot keep it live. */
export function useAlarmPage(
  scope: AlarmScope,
  filter: AlarmFilter,
  request: AlarmPageRequest,
  pollMs: number | false,
) {
  const { client } = useAuth();
  return useQuery({
    queryKey: alarmKeys.page(scope, filter, request),
    queryFn: ({ signal }) => fetchAlarmPage(client, scope, filter, request, signal),
    placeholderData: keepPreviousData,
    refetchInterval: pollMs,
  });
}

/** TOTAL / NEW / INPROGRESS / CLOSED / UNREAD; an error hides the summary (no toast). */
export function useAlarmCounters(scope: AlarmScope, pollMs: number | false) {
  const { client } = useAuth();
  return useQuery<AlarmCounters>({
    queryKey: alarmKeys.counters(scope),
    queryFn: async ({ signal }) =>
      normalizeCounters(
        await client.get<unknown>(countersPath(scope), { signal, ignoreErrors: true, ignoreLoading: true }),
      ),
    refetchInterval: pollMs,
    retry: false,
  });
}

/** One alarm fresh from the server (the details dialog, when the alarm left the page shown). */
export function useAlarmInfo(id: string | undefined) {
  const { client } = useAuth();
  return useQuery({
    queryKey: alarmKeys.info(id ?? ''),
    queryFn: ({ signal }) =>
      client.get<AlarmRow>(`/api/alarm/info/${id}`, { signal, ignoreErrors: true, ignoreLoading: true }),
    enabled: Boolean(id),
    retry: false,
  });
}

export type AlarmAction = 'ack' | 'clear';

export interface AlarmActionResult {
  done: number;
  forbidden: number;
  failed: number;
}

/**
 * Acknowledges or clears alarms one call each (ThingsBoard has no bulk call). Refusals are counted
 * and reported in one toast instead of a dialog per alarm: a customer may lack the right for some.
 */
export function useAlarmAction() {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async ({ action, alarms }: { action: AlarmAction; alarms: readonly AlarmRow[] }) => {
      const result: AlarmActionResult = { done: 0, forbidden: 0, failed: 0 };
      for (const alarm of alarms) {
        try {
          await client.post<unknown>(`/api/alarm/${alarm.id.id}/${action}`, undefined, { ignoreErrors: true });
          result.done++;
        } catch (error) {
          if (error instanceof ApiError && error.status === 403) result.forbidden++;
          else result.failed++;
        }
      }
      return result;
    },
    onSuccess: (result, { action }) => {
      if (result.done > 0) {
        notify({
          type: 'success',
          message: t(action === 'ack' ? 'alarm.acknowledged-count' : 'alarm.cleared-count', { count: result.done }),
        });
      }
      if (result.forbidden > 0)
        notify({ type: 'error', message: t('alarm.action-forbidden', { count: result.forbidden }) });
      if (result.failed > 0) notify({ type: 'error', message: t('alarm.action-failed', { count: result.failed }) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}
