// The WebSocket commands of one widget (reference §5 v2): per entity datasource one entity-data
// command for latest values (with the hidden `active` attribute, for the staleness badge) and, for
// time-series widgets, one for the window's history (tsCmd when realtime, historyCmd otherwise); per
// entityCount datasource one count command. Pure, so the plan is tested without a socket.
import type { EntityKey, ResolvedTimewindow } from '@sapo/common';
import type { WsCommand } from '../../../../lib/ws-client';
import type { DataKey } from '../../model/data-key';
import { buildDatasourceQuery, type Datasource, type WidgetKind } from '../../model/datasource-query';
import type { AliasResolution } from '../../model/entity-alias';

export const ACTIVE_KEY: EntityKey = { type: 'ATTRIBUTE', key: 'active' };

export type SourcePlan =
  | { kind: 'entity'; index: number; datasource: Datasource; keys: DataKey[]; history: boolean; commands: WsCommand[] }
  | { kind: 'count'; index: number; datasource: Datasource; keys: DataKey[]; command: WsCommand }
  | { kind: 'function'; index: number; datasource: Datasource; keys: DataKey[] }
  | { kind: 'error'; index: number; datasource: Datasource; error: string };

const dataKeysOf = (ds: Datasource): DataKey[] => (Array.isArray(ds.dataKeys) ? ds.dataKeys : []);

function withActive(keys: readonly EntityKey[]): EntityKey[] {
  return keys.some((k) => k.type === 'ATTRIBUTE' && k.key === 'active') ? [...keys] : [...keys, ACTIVE_KEY];
}

/** The history sub-command of a time-series widget for its window. */
export function historySubCommand(keys: readonly EntityKey[], tw: ResolvedTimewindow): Record<string, unknown> {
  const names = keys.map((k) => k.key);
  const agg = tw.aggregation.type;
  const common = { keys: names, interval: tw.interval, limit: tw.aggregation.limit, agg };
  return tw.realtime
    ? { tsCmd: { ...common, startTs: tw.startTs, timeWindow: tw.timewindowMs } }
    : { historyCmd: { ...common, startTs: tw.startTs, endTs: tw.endTs } };
}

/** Every datasource of a widget with the commands that feed it. */
export function planWidgetSources(
  datasources: readonly Datasource[],
  aliases: Readonly<Record<string, AliasResolution>>,
  kind: WidgetKind,
  tw: ResolvedTimewindow,
): SourcePlan[] {
  return datasources.map((datasource, index): SourcePlan => {
    const plan = buildDatasourceQuery(datasource, aliases, { widget: kind });
    const keys = dataKeysOf(datasource);
    switch (plan.kind) {
      case 'error':
        return { kind: 'error', index, datasource, error: plan.error };
      case 'function':
        return { kind: 'function', index, datasource, keys: plan.keys };
      case 'count':
        return {
          kind: 'count',
          index,
          datasource,
          keys: plan.keys,
          command: { type: 'ENTITY_COUNT', cmd: { query: plan.query } },
        };
      case 'entity': {
        const history = plan.keys.timeseries.length > 0;
        const commands: WsCommand[] = [
          { type: 'ENTITY_DATA', cmd: { query: plan.query, latestCmd: { keys: withActive(plan.keys.latestValues) } } },
        ];
        if (history) {
          commands.push({
            type: 'ENTITY_DATA',
            cmd: { query: plan.query, ...historySubCommand(plan.keys.timeseries, tw) },
          });
        }
        return { kind: 'entity', index, datasource, keys, history, commands };
      }
    }
  });
}
