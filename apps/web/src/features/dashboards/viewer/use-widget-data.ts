import type { EntityData, ResolvedTimewindow } from '@sapo/common';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { WsClient } from '../../../lib/ws-client';
import type { Datasource, WidgetKind } from '../model/datasource-query';
import type { AliasResolution } from '../model/entity-alias';
import type { WidgetData, WidgetEntity, WidgetSeries } from '../widgets/widget-types';
import { FUNCTION_TICK_MS, functionPoints, nextFunctionPoint } from './model/function-series';
import {
  activityOf,
  applyUpdates,
  countSeries,
  seriesOf,
  storeFromPage,
  trimStore,
  type SeriesStore,
} from './model/series-store';
import { applyPostProcessing, planPostProcessing, type LatestMemo } from './model/post-processing';
import { planWidgetSources, type SourcePlan } from './model/widget-subscriptions';
import { sharedScriptRunner } from './script-runner';

export interface WidgetDataResult {
  data: WidgetData;
  /** Device activity per entity id (false: inactive; null: unknown or not a device). */
  activity: ReadonlyMap<string, boolean | null>;
}

interface SourceState {
  plan: SourcePlan;
  store: SeriesStore;
  /** Function and count datasources keep their series directly. */
  series: WidgetSeries[];
  received: boolean;
  error: string | null;
}

const EMPTY: WidgetDataResult = {
  data: { loading: false, error: null, series: [], entities: [] },
  activity: new Map(),
};

function snapshot(states: readonly SourceState[]): WidgetDataResult {
  const series: WidgetSeries[] = [];
  const entities: WidgetEntity[] = [];
  const seen = new Set<string>();
  const activity = new Map<string, boolean | null>();
  let error: string | null = null;
  let loading = false;
  for (const s of states) {
    if (s.error && !error) error = s.error;
    if (!s.received) loading = true;
    if (s.plan.kind === 'entity') {
      series.push(...seriesOf(s.store, s.plan.index, s.plan.datasource, s.plan.keys, s.plan.history));
      for (const row of s.store.rows) {
        if (!seen.has(row.entity.id)) {
          seen.add(row.entity.id);
          entities.push(row.entity);
        }
      }
      for (const [id, active] of activityOf(s.store)) activity.set(id, active);
    } else series.push(...s.series);
  }
  // An error only matters when nothing could be shown at all.
  return { data: { loading, error: series.length > 0 ? null : error, series, entities }, activity };
}

function pageRows(message: Record<string, unknown>): EntityData[] | null {
  const data = message.data as { data?: unknown } | null | undefined;
  return data && Array.isArray(data.data) ? (data.data as EntityData[]) : null;
}

/**
 * Subscribes a widget's datasources and keeps their series. Subscriptions are made again only when
 * what they ask changes (datasources, aliases, window settings), not when a realtime window slides:
 * sliding trims points locally. Renders are coalesced to one per animation frame.
 */
export function useWidgetData(options: {
  datasources: readonly Datasource[];
  aliases: Readonly<Record<string, AliasResolution>>;
  kind: WidgetKind;
  /** The window at subscription time; `windowKey` says when it really changed. */
  window: ResolvedTimewindow;
  windowKey: string;
  ws: WsClient;
  /** False for widgets that fetch their data themselves. */
  enabled: boolean;
}): WidgetDataResult {
  const { datasources, aliases, kind, window, windowKey, ws, enabled } = options;
  const [result, setResult] = useState<WidgetDataResult>(EMPTY);
  const windowRef = useRef(window);
  windowRef.current = window;
  const statesRef = useRef<SourceState[]>([]);
  /** Shows the current states (post-processed first when a key asks for it). */
  const emitRef = useRef<() => void>(() => undefined);

  const plansKey = useMemo(
    () => JSON.stringify({ datasources, aliases, kind, windowKey, enabled }),
    [datasources, aliases, kind, windowKey, enabled],
  );

  useEffect(() => {
    if (!enabled) {
      setResult(EMPTY);
      return;
    }
    const tw = windowRef.current;
    const plans = planWidgetSources(datasources, aliases, kind, tw);
    const states: SourceState[] = plans.map((plan) => ({
      plan,
      store: { rows: [] },
      series: [],
      received: plan.kind === 'error',
      error: plan.kind === 'error' ? plan.error : null,
    }));
    statesRef.current = states;
    let frame = 0;
    let disposed = false;
    // Post-processing answers come back from the worker in order; only the newest is shown.
    let emitted = 0;
    const memo = new Map<string, LatestMemo>();
    const emit = () => {
      const next = snapshot(states);
      const plan = planPostProcessing(next.data.series, kind === 'timeseries', memo);
      if (plan.length === 0) return setResult(next);
      const mine = ++emitted;
      void sharedScriptRunner()
        .post(plan.map(({ body, points, seed }) => ({ body, points, seed })))
        .then((results) => {
          if (disposed || mine !== emitted) return;
          const processed = applyPostProcessing(next.data.series, plan, results, memo);
          setResult({
            ...next,
            data: { ...next.data, series: processed.series, error: processed.error ?? next.data.error },
          });
        });
    };
    emitRef.current = emit;
    const publish = () => {
      if (frame || disposed) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (!disposed) emit();
      });
    };
    const stops: (() => void)[] = [];
    for (const state of states) {
      const plan = state.plan;
      if (plan.kind === 'entity') {
        for (const command of plan.commands) {
          stops.push(
            ws.subscribe(command, {
              onMessage: (reply) => {
                if (reply.kind !== 'v2') return;
                if (reply.errorCode) {
                  state.error = reply.errorMsg ?? 'widget.data-error';
                  state.received = true;
                  return publish();
                }
                const rows = pageRows(reply.message);
                let changed = false;
                // A page (first reply, or a dynamic query re-run) sets the entities; points are kept.
                if (rows) {
                  state.store = storeFromPage(rows, state.store);
                  changed = true;
                }
                const update = reply.message.update;
                if (Array.isArray(update) && applyUpdates(state.store, update as EntityData[])) changed = true;
                const now = windowRef.current;
                if (now.realtime && plan.history) trimStore(state.store, now.startTs);
                state.received = true;
                state.error = null;
                if (changed) publish();
              },
            }),
          );
        }
      } else if (plan.kind === 'count') {
        stops.push(
          ws.subscribe(plan.command, {
            onMessage: (reply) => {
              if (reply.kind !== 'v2') return;
              state.received = true;
              if (reply.errorCode) state.error = reply.errorMsg ?? 'widget.data-error';
              else {
                const count = Number(reply.message.count);
                state.series = countSeries(
                  plan.index,
                  plan.datasource,
                  plan.keys,
                  Number.isFinite(count) ? count : 0,
                  Date.now(),
                );
              }
              publish();
            },
          }),
        );
      } else if (plan.kind === 'function') {
        const history = kind === 'timeseries';
        state.series = plan.keys.map((dataKey) => ({
          datasourceIndex: plan.index,
          datasource: plan.datasource,
          entity: null,
          dataKey,
          data: history ? functionPoints(dataKey, tw.startTs, Math.min(tw.endTs, Date.now())) : [],
        }));
        const tick = () => {
          const ts = Date.now();
          const w = windowRef.current;
          for (const s of state.series) {
            const next = nextFunctionPoint(s.dataKey, ts, s.data[s.data.length - 1]);
            if (!next) continue;
            if (!history) s.data = [next];
            else if (w.realtime) s.data = [...s.data.filter((p) => p[0] >= w.startTs), next];
          }
          state.received = true;
          publish();
        };
        tick();
        const timer = setInterval(tick, FUNCTION_TICK_MS);
        stops.push(() => clearInterval(timer));
      }
    }
    publish();
    return () => {
      disposed = true;
      if (frame) cancelAnimationFrame(frame);
      for (const stop of stops) stop();
    };
  }, [plansKey, ws]);

  // A sliding realtime window: drop points that left it, once a second.
  useEffect(() => {
    if (!enabled || !window.realtime || kind !== 'timeseries') return;
    const states = statesRef.current;
    let changed = false;
    for (const s of states)
      if (s.plan.kind === 'entity' && s.plan.history && trimStore(s.store, window.startTs)) changed = true;
    if (changed) emitRef.current();
  }, [enabled, kind, window.realtime, window.startTs]);

  return result;
}
