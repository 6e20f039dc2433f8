import { useEffect, useMemo, useReducer } from 'react';
import { wsClientFor, type TelemetryScope, type WsStatus } from '../../lib/ws-client';
import { useAuth } from '../auth/auth-provider';
import { applyReply, withoutKeys, type LiveEntries } from './model/live-state';
import type { TelemetryEntity } from './model/telemetry-paths';

export interface LiveTelemetry {
  entries: LiveEntries;
  /** No reply yet since (re)subscribing. */
  loading: boolean;
  status: WsStatus;
  /** The server's errorMsg for this subscription, if it refused it. */
  error: string | undefined;
  /** Drops keys at once after a delete (the server need not tell us). */
  removeKeys: (keys: readonly string[]) => void;
}

interface State {
  entries: LiveEntries;
  seq: number;
  loading: boolean;
  status: WsStatus;
  error: string | undefined;
}

type Action =
  | { type: 'reset' }
  | { type: 'reply'; data: Parameters<typeof applyReply>[1]; first: boolean; error: string | undefined }
  | { type: 'status'; status: WsStatus }
  | { type: 'remove'; keys: readonly string[] };

const initial: State = { entries: new Map(), seq: 0, loading: true, status: 'connecting', error: undefined };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'reset':
      return initial;
    case 'reply': {
      const seq = state.seq + 1;
      return {
        ...state,
        seq,
        loading: false,
        error: action.error,
        entries: action.error ? state.entries : applyReply(state.entries, action.data, action.first, seq),
      };
    }
    case 'status':
      return { ...state, status: action.status };
    case 'remove':
      return { ...state, entries: withoutKeys(state.entries, action.keys) };
  }
}

/**
 * Latest values of an entity over the telemetry WebSocket: time series (LATEST_TELEMETRY, every key,
 * new ones included) or the attributes of one scope. Values update in place as the server pushes them.
 */
export function useLiveTelemetry(entity: TelemetryEntity, scope: TelemetryScope, keys?: readonly string[]) {
  const { client } = useAuth();
  const ws = useMemo(() => wsClientFor(client), [client]);
  const [state, dispatch] = useReducer(reducer, initial);
  const keyList = keys?.join(',') || undefined;
  const { entityType, id } = entity;

  useEffect(() => {
    dispatch({ type: 'reset' });
    const target = { entityType, entityId: id, keys: keyList };
    const command =
      scope === 'LATEST_TELEMETRY'
        ? { type: 'TIMESERIES' as const, ...target }
        : { type: 'ATTRIBUTES' as const, ...target, scope };
    return ws.subscribe(command, {
      onMessage: (reply, first) => {
        if (reply.kind !== 'v1') return;
        const error = reply.errorCode ? (reply.errorMsg ?? `Error ${reply.errorCode}`) : undefined;
        dispatch({ type: 'reply', data: reply.data, first, error });
      },
      onStatus: (status) => dispatch({ type: 'status', status }),
    });
  }, [ws, entityType, id, scope, keyList]);

  return useMemo<LiveTelemetry>(
    () => ({
      entries: state.entries,
      loading: state.loading,
      status: state.status,
      error: state.error,
      removeKeys: (removed) => dispatch({ type: 'remove', keys: removed }),
    }),
    [state],
  );
}
