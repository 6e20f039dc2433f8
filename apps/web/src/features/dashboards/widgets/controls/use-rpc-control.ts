import { useCallback, useEffect, useReducer, useRef } from 'react';
import { sharedScriptRunner } from '../../viewer/script-runner';
import type { WidgetContext } from '../widget-types';
import {
  feedbackReducer,
  initialFeedback,
  rpcBody,
  rpcErrorText,
  rpcPath,
  type Feedback,
  type RpcSettings,
} from './control-model';
import { useTargetDevice, type TargetDevice } from './use-target-device';

export interface RpcControl<V> {
  target: TargetDevice;
  state: Feedback<V>;
  /** Sends `method(params)`; the control shows `requested` until the device answers. No-op when editing. */
  send(method: string, params: unknown, requested?: V | null, oneway?: boolean): void;
}

interface Options<V> {
  settings: RpcSettings;
  /** Turns a reply or a reported key value into the control's value (null: not readable). */
  parse: (raw: unknown) => V | null;
  /** Value shown before the device told anything (knob's initialValue, led's initialValue). */
  initial?: V | null;
  /** Re-reads by RPC every so many ms (LED status checks); 0 = once. */
  pollMs?: number;
}

/**
 * Talks to the control's target device: reads its value (by RPC, or live from an attribute or
 * time-series key over the WebSocket), sends commands and tracks their feedback. In edit mode it
 * sends nothing, not even reads by RPC; key subscriptions only read and still run.
 */
export function useRpcControl<V>(ctx: WidgetContext, { settings, parse, initial = null, pollMs = 0 }: Options<V>) {
  const target = useTargetDevice(ctx);
  const [state, dispatch] = useReducer(feedbackReducer<V>, initial, initialFeedback<V>);
  const seq = useRef(0);
  const parseRef = useRef(parse);
  parseRef.current = parse;
  const { api, ws, editing } = ctx;
  const deviceId = target.status === 'ready' ? target.id : null;
  const { retrieveValueMethod, valueKey, getValueMethod, requestTimeout, requestPersistent } = settings;
  const { parseValueFunction, convertValueFunction } = settings;

  /** A reply or reported value through the author's parseValueFunction (in the script worker), if any. */
  const read = useCallback(
    async (raw: unknown): Promise<{ value: V | null } | { error: string }> => {
      if (!parseValueFunction) return { value: parseRef.current(raw) };
      const result = await sharedScriptRunner().call({ params: ['data'], body: parseValueFunction, args: [raw] });
      return 'error' in result
        ? { error: `parseValueFunction failed: ${result.error}` }
        : { value: parseRef.current(result.value) };
    },
    [parseValueFunction],
  );

  const call = useCallback(
    (method: string, params: unknown, requested: V | null, oneway: boolean, convert: boolean) => {
      if (!deviceId || editing) return;
      const id = ++seq.current;
      dispatch({ type: 'request', seq: id, requested });
      void (async () => {
        let sent = params;
        if (convert && convertValueFunction) {
          const converted = await sharedScriptRunner().call({
            params: ['value'],
            body: convertValueFunction,
            args: [params],
          });
          if ('error' in converted) {
            dispatch({ type: 'fail', seq: id, error: `convertValueFunction failed: ${converted.error}` });
            return;
          }
          sent = converted.value;
        }
        let reply: unknown;
        try {
          reply = await api.post<unknown>(
            rpcPath(deviceId, oneway),
            rpcBody(method, sent, requestTimeout, requestPersistent),
            { ignoreErrors: true, ignoreLoading: true },
          );
        } catch (error) {
          dispatch({ type: 'fail', seq: id, error: rpcErrorText(error) });
          return;
        }
        if (oneway) return dispatch({ type: 'reply', seq: id, value: null });
        const parsed = await read(reply);
        dispatch(
          'error' in parsed
            ? { type: 'fail', seq: id, error: parsed.error }
            : { type: 'reply', seq: id, value: parsed.value },
        );
      })();
    },
    [api, deviceId, editing, requestTimeout, requestPersistent, convertValueFunction, read],
  );

  // Initial (and polled) read by RPC.
  useEffect(() => {
    if (!deviceId || editing || retrieveValueMethod !== 'rpc' || !getValueMethod) return;
    call(getValueMethod, null, null, false, false);
    if (pollMs <= 0) return;
    const timer = setInterval(() => call(getValueMethod, null, null, false, false), pollMs);
    return () => clearInterval(timer);
  }, [call, deviceId, editing, retrieveValueMethod, getValueMethod, pollMs]);

  // Live read of an attribute / time-series key.
  useEffect(() => {
    if (!deviceId || (retrieveValueMethod !== 'attribute' && retrieveValueMethod !== 'timeseries')) return;
    const target = { entityType: 'DEVICE', entityId: deviceId, keys: valueKey };
    const command =
      retrieveValueMethod === 'attribute'
        ? { type: 'ATTRIBUTES' as const, ...target }
        : { type: 'TIMESERIES' as const, ...target };
    return ws.subscribe(command, {
      onMessage: (reply) => {
        if (reply.kind !== 'v1') return;
        const points = reply.data[valueKey];
        const latest = points?.reduce<[number, string] | null>((a, p) => (!a || p[0] >= a[0] ? p : a), null);
        if (latest)
          void read(latest[1]).then((parsed) => {
            if (!('error' in parsed)) dispatch({ type: 'reported', value: parsed.value });
          });
      },
    });
  }, [ws, deviceId, retrieveValueMethod, valueKey, read]);

  const send = useCallback(
    (method: string, params: unknown, requested: V | null = null, oneway = false) =>
      call(method, params, requested, oneway, true),
    [call],
  );
  return { target, state, send } satisfies RpcControl<V>;
}
