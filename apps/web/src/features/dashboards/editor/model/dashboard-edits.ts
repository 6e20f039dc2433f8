// Edits of the dashboard editor as pure functions over the configuration: adding a widget of a type,
// removing and replacing widgets, writing a layout back, and importing a widget file in ThingsBoard
// 3.2's export shape ({widget, aliasesInfo, originalSize, originalColumns}).
import type {
  DashboardConfig,
  DashboardLayout,
  DashboardWidget,
  LayoutId,
  WidgetTypeRef,
} from '../../model/dashboard-config';
import { addWidget } from '../../model/grid-layout';
import type { EntityAlias } from '../../model/entity-alias';
import type { WidgetDescriptor } from '../../model/widget-descriptor';
import { isRecord } from '../../model/json-guards';

export const INVALID_WIDGET_FILE = 'dashboard.invalid-widget-file-error';

/** A new widget of a type, configured with the type's default configuration. */
export function widgetFromType(
  ref: WidgetTypeRef,
  name: string,
  descriptor: WidgetDescriptor,
  id: string = crypto.randomUUID(),
): DashboardWidget {
  const config = structuredClone(descriptor.defaultConfig) as DashboardWidget['config'];
  if (typeof config.title !== 'string' || !config.title) config.title = name;
  return {
    id,
    isSystemType: ref.isSystemType,
    bundleAlias: ref.bundleAlias,
    typeAlias: ref.typeAlias,
    type: descriptor.type,
    title: name,
    sizeX: descriptor.sizeX,
    sizeY: descriptor.sizeY,
    config,
  };
}

function withLayout(
  config: DashboardConfig,
  stateId: string,
  layoutId: LayoutId,
  layout: DashboardLayout,
): DashboardConfig {
  const state = config.states[stateId];
  if (!state) return config;
  return {
    ...config,
    states: { ...config.states, [stateId]: { ...state, layouts: { ...state.layouts, [layoutId]: layout } } },
  };
}

/** A layout written back after a drag or resize. */
export function setLayout(
  config: DashboardConfig,
  stateId: string,
  layoutId: LayoutId,
  layout: DashboardLayout,
): DashboardConfig {
  return withLayout(config, stateId, layoutId, layout);
}

/** Puts a widget on a state's layout at the first free spot. */
export function addWidgetToState(
  config: DashboardConfig,
  stateId: string,
  layoutId: LayoutId,
  widget: DashboardWidget,
): DashboardConfig {
  const layout = config.states[stateId]?.layouts[layoutId];
  if (!layout) return config;
  const size = { sizeX: widget.sizeX ?? 8, sizeY: widget.sizeY ?? 6 };
  const next = withLayout(config, stateId, layoutId, addWidget(layout, widget.id, size));
  return { ...next, widgets: { ...next.widgets, [widget.id]: widget } };
}

/** Replaces a widget's definition (its settings, datasources, title…), keeping its places. */
export function updateWidget(config: DashboardConfig, widget: DashboardWidget): DashboardConfig {
  if (!config.widgets[widget.id]) return config;
  return { ...config, widgets: { ...config.widgets, [widget.id]: widget } };
}

/** ThingsBoard 3.2's per-widget mobile settings: place in the one-column phone layout and height in rows. */
export interface MobileLayout {
  mobileOrder?: number;
  mobileHeight?: number;
}

/** Sets (or, when undefined, removes) a widget's mobile order and height on a state's layout. */
export function setMobileLayout(
  config: DashboardConfig,
  stateId: string,
  layoutId: LayoutId,
  widgetId: string,
  mobile: MobileLayout,
): DashboardConfig {
  const layout = config.states[stateId]?.layouts[layoutId];
  const place = layout?.widgets[widgetId];
  if (!layout || !place) return config;
  const next = { ...place };
  delete next.mobileOrder;
  delete next.mobileHeight;
  if (mobile.mobileOrder !== undefined) next.mobileOrder = mobile.mobileOrder;
  if (mobile.mobileHeight !== undefined) next.mobileHeight = mobile.mobileHeight;
  return withLayout(config, stateId, layoutId, { ...layout, widgets: { ...layout.widgets, [widgetId]: next } });
}

/** Removes a widget from one layout; the definition goes too once no layout shows it. */
export function removeWidgetFromState(
  config: DashboardConfig,
  stateId: string,
  layoutId: LayoutId,
  widgetId: string,
): DashboardConfig {
  const layout = config.states[stateId]?.layouts[layoutId];
  if (!layout?.widgets[widgetId]) return config;
  const rest = Object.fromEntries(Object.entries(layout.widgets).filter(([id]) => id !== widgetId));
  const next = withLayout(config, stateId, layoutId, { ...layout, widgets: rest });
  const stillUsed = Object.values(next.states).some((s) =>
    Object.values(s.layouts).some((l) => Boolean(l?.widgets[widgetId])),
  );
  if (stillUsed) return next;
  const widgets = Object.fromEntries(Object.entries(next.widgets).filter(([id]) => id !== widgetId));
  return { ...next, widgets };
}

export interface WidgetFile {
  widget: DashboardWidget;
  /** Aliases the widget's datasources use, by the alias id the widget refers to. */
  aliases: Record<string, EntityAlias>;
}

function aliasesFromInfo(info: unknown): Record<string, EntityAlias> {
  const out: Record<string, EntityAlias> = {};
  if (!isRecord(info)) return out;
  // 3.2: datasourceAliases by datasource index, targetDeviceAliases by index; each {alias, filter}.
  for (const group of [info.datasourceAliases, info.targetDeviceAliases]) {
    if (!isRecord(group)) continue;
    for (const entry of Object.values(group)) {
      if (isRecord(entry) && typeof entry.alias === 'string' && isRecord(entry.filter)) {
        const id = typeof entry.id === 'string' ? entry.id : '';
        if (id) out[id] = { id, alias: entry.alias, filter: entry.filter as EntityAlias['filter'] };
      }
    }
  }
  return out;
}

/** Reads a widget file; throws INVALID_WIDGET_FILE when it does not hold a widget of a type. */
export function parseWidgetFile(text: string): WidgetFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error(INVALID_WIDGET_FILE);
  }
  const w = isRecord(raw) && isRecord(raw.widget) ? raw.widget : null;
  const named =
    w && ((typeof w.bundleAlias === 'string' && typeof w.typeAlias === 'string') || typeof w.typeFullFqn === 'string');
  if (!w || !named || !isRecord(w.config)) throw new Error(INVALID_WIDGET_FILE);
  const widget = { ...(w as DashboardWidget), config: w.config as DashboardWidget['config'] };
  return { widget, aliases: aliasesFromInfo(isRecord(raw) ? raw.aliasesInfo : null) };
}

/**
 * Adds an imported widget under a new id. Its aliases are matched to the dashboard's by name; missing
 * ones are added. Datasources are pointed at the dashboard's alias ids.
 */
export function importWidget(
  config: DashboardConfig,
  stateId: string,
  layoutId: LayoutId,
  file: WidgetFile,
  newId: () => string = () => crypto.randomUUID(),
): DashboardConfig {
  const aliases = { ...(config.entityAliases as Record<string, EntityAlias>) };
  const idMap = new Map<string, string>();
  for (const [oldId, alias] of Object.entries(file.aliases)) {
    const existing = Object.values(aliases).find((a) => isRecord(a) && a.alias === alias.alias);
    if (existing) idMap.set(oldId, existing.id);
    else {
      const id = newId();
      aliases[id] = { ...alias, id };
      idMap.set(oldId, id);
    }
  }
  const remap = (id: unknown) => (typeof id === 'string' ? (idMap.get(id) ?? id) : id);
  const cfg = structuredClone(file.widget.config);
  if (Array.isArray(cfg.datasources)) {
    cfg.datasources = cfg.datasources.map((d) => (isRecord(d) ? { ...d, entityAliasId: remap(d.entityAliasId) } : d));
  }
  if (Array.isArray(cfg.targetDeviceAliasIds)) cfg.targetDeviceAliasIds = cfg.targetDeviceAliasIds.map(remap);
  const widget: DashboardWidget = { ...file.widget, id: newId(), config: cfg };
  return addWidgetToState({ ...config, entityAliases: aliases }, stateId, layoutId, widget);
}

/** Grid settings from the settings dialog, applied to every layout of the state being edited. */
export function setGridSettings(
  config: DashboardConfig,
  stateId: string,
  gridSettings: DashboardLayout['gridSettings'],
): DashboardConfig {
  const state = config.states[stateId];
  if (!state) return config;
  const layouts = Object.fromEntries(
    Object.entries(state.layouts).map(([id, l]) => [
      id,
      l ? { ...l, gridSettings: { ...l.gridSettings, ...gridSettings } } : l,
    ]),
  ) as typeof state.layouts;
  return { ...config, states: { ...config.states, [stateId]: { ...state, layouts } } };
}
