// The contract between the dashboard viewer and every widget type (ARCHITECTURE §5: self-describing
// registrations, one folder each). The viewer resolves aliases, subscribes to the data and hands a
// widget a WidgetContext; a widget only draws it and reports what the user did.
import type { ResolvedTimewindow, Timewindow } from '@sapo/common';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { ApiClient } from '../../../lib/api-client';
import type { WsClient } from '../../../lib/ws-client';
import type { DashboardWidget } from '../model/dashboard-config';
import type { DataKey } from '../model/data-key';
import type { Datasource, WidgetKind } from '../model/datasource-query';
import type { AliasResolution } from '../model/entity-alias';
import type { WidgetDescriptor } from '../model/widget-descriptor';

/** An entity a datasource resolved to. Function datasources have none. */
export interface WidgetEntity {
  id: string;
  entityType: string;
  name: string;
  label?: string;
  /** Device/asset type (profile name) when known. */
  type?: string;
}

/** A raw value as it arrived: telemetry over the WebSocket is a string, functions give numbers. */
export type WidgetValue = string | number | boolean | null;
/** [ts (epoch ms), value], ascending by ts. */
export type WidgetPoint = [number, WidgetValue];

/**
 * One data key of one entity of one datasource: ThingsBoard's "DatasourceData". A latest-values
 * widget gets at most one point per series (the latest); a time-series widget gets the points of the
 * time window, live points appended and old ones dropped as the window slides.
 */
export interface WidgetSeries {
  datasourceIndex: number;
  datasource: Datasource;
  entity: WidgetEntity | null;
  dataKey: DataKey;
  data: WidgetPoint[];
}

export interface WidgetData {
  /** True until the first answer of every datasource arrived. */
  loading: boolean;
  /** A translation key (alias.error-*, datasource.error-*) or a server message; null when fine. */
  error: string | null;
  series: WidgetSeries[];
  /** Every entity of the datasources, in query order, without duplicates (tables list them). */
  entities: WidgetEntity[];
}

/**
 * Where an action starts: ThingsBoard's action source ids. Widgets call `ctx.action(sourceId, …)`;
 * the viewer runs what the dashboard author configured for that source (state navigation, other
 * dashboard, custom) and ignores sources with nothing configured.
 */
export type WidgetActionSource =
  | 'headerButton'
  | 'rowClick'
  | 'rowDoubleClick'
  | 'actionCellButton'
  | 'markerClick'
  | 'tooltipAction'
  | 'cardClick'
  | 'elementClick'
  | (string & {});

export interface WidgetContext {
  widget: DashboardWidget;
  /** The type's descriptor (system or tenant), or null while it loads or when unknown. */
  descriptor: WidgetDescriptor | null;
  /** The type's schema defaults overlaid with the widget's `config.settings`: read with fallbacks. */
  settings: Record<string, unknown>;
  data: WidgetData;
  /** The window this widget shows (its own, or the dashboard's when `useDashboardTimewindow`). */
  timewindow: ResolvedTimewindow;
  /** Content box of the widget in px (without its title bar). */
  width: number;
  height: number;
  /** The dashboard's aliases, resolved for the user and the current state (RPC targets, alarm queries). */
  aliases: Readonly<Record<string, AliasResolution>>;
  /** Editing the dashboard: widgets must not send RPC or change data; clicks do nothing. */
  editing: boolean;
  /** Runs the configured action(s) of a source, with the entity the user clicked (if any). */
  action(source: WidgetActionSource, entity?: WidgetEntity | null, extra?: Record<string, unknown>): void;
  /** Whether the author configured an action for the source (rows show a pointer only then). */
  hasAction(source: WidgetActionSource): boolean;
  /** Changes the window (date range navigator, chart zoom); absent where the window is fixed. */
  setTimewindow?: (tw: Timewindow) => void;
  /** Translation key or message shown when the widget has no data (settings.noDataDisplayMessage). */
  noDataMessage?: string;
  /** For widgets with data of their own (alarms, RPC, counters): the signed-in client and socket. */
  api: ApiClient;
  ws: WsClient;
}

export interface WidgetProps {
  ctx: WidgetContext;
}

/** One entry of the widget registry: the React component drawing a family of widget types. */
export interface WidgetRegistration {
  /** `bundleAlias.typeAlias` of every system type this component draws (ThingsBoard 3.2 aliases). */
  keys: readonly string[];
  /** Decides where time-series keys go (history subscription or latest values). */
  kind: WidgetKind;
  /** Lazy: a widget's code loads the first time a dashboard shows it. */
  component: LazyExoticComponent<ComponentType<WidgetProps>>;
  /**
   * The widget queries its data itself (alarms table, counters, RPC controls): the viewer resolves
   * aliases but opens no entity-data subscription for it.
   */
  ownData?: boolean;
}
