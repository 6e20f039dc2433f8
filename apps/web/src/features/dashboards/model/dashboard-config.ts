/**
 * A typed view over a ThingsBoard 3.2 dashboard configuration (ADR 0006). The JSON is stored as it
 * is, so every type here keeps unknown fields. normaliseDashboardConfig() reads any stored value,
 * including older shapes and junk, and never throws: what is missing takes its default so a
 * dashboard always opens.
 */
import { normaliseTimewindow, toTimewindowJson, type TimewindowJson } from '@sapo/common';
import { isRecord } from './json-guards';

type Rec = Record<string, unknown>;

/** A widget's place in one layout. mobile* fields apply on xs/sm only. */
export interface WidgetLayout {
  sizeX: number;
  sizeY: number;
  row: number;
  col: number;
  mobileOrder?: number;
  mobileHeight?: number;
  mobileHide?: boolean;
  [key: string]: unknown;
}

export interface GridSettings {
  backgroundColor: string;
  color: string;
  columns: number;
  margins: [number, number];
  backgroundSizeMode: string;
  autoFillHeight?: boolean;
  mobileAutoFillHeight?: boolean;
  mobileRowHeight: number;
  [key: string]: unknown;
}

export interface DashboardLayout {
  widgets: Record<string, WidgetLayout>;
  gridSettings: GridSettings;
  [key: string]: unknown;
}

export type LayoutId = 'main' | 'right';

export interface DashboardState {
  name: string;
  root: boolean;
  layouts: { main: DashboardLayout; right?: DashboardLayout };
  [key: string]: unknown;
}

export interface WidgetConfig {
  datasources?: unknown[];
  timewindow?: unknown;
  useDashboardTimewindow?: boolean;
  showTitle?: boolean;
  title?: string;
  settings?: Rec;
  [key: string]: unknown;
}

export interface DashboardWidget {
  id: string;
  /** 3.4+; 3.2 names the type by isSystemType + bundleAlias + typeAlias. */
  typeFullFqn?: string;
  isSystemType?: boolean;
  bundleAlias?: string;
  typeAlias?: string;
  type?: string;
  title?: string;
  /** Legacy (no `states`) dashboards keep positions on the widget; layouts hold them otherwise. */
  sizeX?: number;
  sizeY?: number;
  row?: number;
  col?: number;
  config: WidgetConfig;
  [key: string]: unknown;
}

export interface DashboardSettings {
  stateControllerId: string;
  showTitle: boolean;
  showDashboardsSelect: boolean;
  showEntitiesSelect: boolean;
  showDashboardTimewindow: boolean;
  showDashboardExport: boolean;
  toolbarAlwaysOpen: boolean;
  titleColor: string;
  showDashboardLogo?: boolean;
  dashboardLogoUrl?: string;
  hideToolbar?: boolean;
  dashboardCss?: string;
  [key: string]: unknown;
}

export interface DashboardConfig {
  description?: string;
  widgets: Record<string, DashboardWidget>;
  states: Record<string, DashboardState>;
  entityAliases: Rec;
  filters: Rec;
  /** Stored form (numeric codes), so a saved dashboard still imports into ThingsBoard. */
  timewindow: TimewindowJson;
  settings: DashboardSettings;
  [key: string]: unknown;
}

export interface NormaliseOptions {
  /** Name of a created default state (ThingsBoard uses the dashboard title). */
  title?: string;
  /** Clock for the default fixed history window; tests pass a fixed one. */
  now?: number;
}

export const DEFAULT_STATE_ID = 'default';
export const DEFAULT_GRID_COLUMNS = 24;
export const DEFAULT_WIDGET_SIZE_X = 8;
export const DEFAULT_WIDGET_SIZE_Y = 6;

const TEXT_COLOR = 'rgba(0,0,0,0.870588)';

export function defaultGridSettings(): GridSettings {
  return {
    backgroundColor: '#eeeeee',
    color: TEXT_COLOR,
    columns: DEFAULT_GRID_COLUMNS,
    margins: [10, 10],
    backgroundSizeMode: '100%',
    mobileRowHeight: 70,
  };
}

export function defaultDashboardSettings(): DashboardSettings {
  return {
    stateControllerId: 'entity',
    showTitle: false,
    showDashboardsSelect: true,
    showEntitiesSelect: true,
    showDashboardTimewindow: true,
    showDashboardExport: true,
    toolbarAlwaysOpen: true,
    titleColor: TEXT_COLOR,
  };
}

export function emptyLayout(): DashboardLayout {
  return { widgets: {}, gridSettings: defaultGridSettings() };
}

export function createState(name: string, root: boolean): DashboardState {
  return { name, root, layouts: { main: emptyLayout() } };
}

/** A new dashboard: one root state named `title`, no widgets, the default time window. */
export function emptyDashboardConfig(title = 'Default', maxDatapoints?: number, now = Date.now()): DashboardConfig {
  return {
    widgets: {},
    states: { [DEFAULT_STATE_ID]: createState(title, true) },
    entityAliases: {},
    filters: {},
    timewindow: toTimewindowJson(normaliseTimewindow(undefined, maxDatapoints, now)),
    settings: defaultDashboardSettings(),
  };
}

function num(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

const whole = (v: unknown, min: number): number | undefined => {
  const n = num(v);
  return n === undefined ? undefined : Math.max(min, Math.round(n));
};

/** At least one; zero or less is junk and takes the default rather than 1. */
const positive = (v: unknown): number | undefined => {
  const n = num(v);
  return n === undefined || n < 1 ? undefined : Math.round(n);
};

/** Keeps each default's type: a stored value of another type takes the default. */
function withDefaults<T extends Rec>(raw: unknown, defaults: T): T {
  const out: Rec = { ...(isRecord(raw) ? raw : {}) };
  for (const [key, def] of Object.entries(defaults)) {
    if (typeof out[key] !== typeof def) out[key] = def;
  }
  return out as T;
}

function normaliseGridSettings(raw: unknown): GridSettings {
  const base = defaultGridSettings();
  const gs = withDefaults(raw, base);
  gs.columns = positive(isRecord(raw) ? raw.columns : undefined) ?? base.columns;
  const margins = isRecord(raw) && Array.isArray(raw.margins) ? raw.margins.map((m) => whole(m, 0)) : [];
  gs.margins = [margins[0] ?? 10, margins[1] ?? 10];
  gs.mobileRowHeight = positive(isRecord(raw) ? raw.mobileRowHeight : undefined) ?? base.mobileRowHeight;
  return gs;
}

/** A layout entry; missing sizes fall back to the widget's own (legacy) values, then 8 by 6. */
function normaliseWidgetLayout(raw: Rec, widget: DashboardWidget | undefined): WidgetLayout {
  const out: WidgetLayout = {
    ...raw,
    sizeX: whole(raw.sizeX, 1) ?? whole(widget?.sizeX, 1) ?? DEFAULT_WIDGET_SIZE_X,
    sizeY: whole(raw.sizeY, 1) ?? whole(widget?.sizeY, 1) ?? DEFAULT_WIDGET_SIZE_Y,
    row: whole(raw.row, 0) ?? whole(widget?.row, 0) ?? 0,
    col: whole(raw.col, 0) ?? whole(widget?.col, 0) ?? 0,
  };
  const mobileOrder = num(raw.mobileOrder);
  const mobileHeight = positive(raw.mobileHeight);
  if (mobileOrder === undefined) delete out.mobileOrder;
  else out.mobileOrder = mobileOrder;
  if (mobileHeight === undefined) delete out.mobileHeight;
  else out.mobileHeight = mobileHeight;
  if (typeof raw.mobileHide !== 'boolean') delete out.mobileHide;
  return out;
}

function normaliseLayout(raw: unknown, widgets: Record<string, DashboardWidget>): DashboardLayout {
  const layout: Rec = isRecord(raw) ? raw : {};
  const entries: Record<string, WidgetLayout> = {};
  if (isRecord(layout.widgets)) {
    for (const [id, entry] of Object.entries(layout.widgets)) {
      // An entry whose widget is gone would draw an empty hole.
      if (isRecord(entry) && widgets[id]) entries[id] = normaliseWidgetLayout(entry, widgets[id]);
    }
  }
  return { ...layout, widgets: entries, gridSettings: normaliseGridSettings(layout.gridSettings) };
}

/** Widgets by id; pre-2.0 dashboards kept them in an array. */
function normaliseWidgets(raw: unknown): Record<string, DashboardWidget> {
  const out: Record<string, DashboardWidget> = {};
  const add = (id: string, w: Rec) => {
    out[id] = { ...w, id, config: isRecord(w.config) ? w.config : {} };
  };
  if (Array.isArray(raw)) {
    raw.forEach((w, i) => {
      if (!isRecord(w)) return;
      let id = typeof w.id === 'string' && w.id !== '' ? w.id : `widget-${i + 1}`;
      while (out[id]) id = `${id}-${i + 1}`;
      add(id, w);
    });
  } else if (isRecord(raw)) {
    for (const [id, w] of Object.entries(raw)) if (isRecord(w)) add(id, w);
  }
  return out;
}

/** Legacy dashboards have no states: one root state holds every widget at its own position. */
function legacyStates(config: Rec, widgets: Record<string, DashboardWidget>, title: string): Rec {
  const entries: Rec = {};
  for (const [id, w] of Object.entries(widgets)) {
    entries[id] = { sizeX: w.sizeX, sizeY: w.sizeY, row: w.row, col: w.col };
  }
  return {
    [DEFAULT_STATE_ID]: {
      name: title,
      root: true,
      layouts: { main: { widgets: entries, gridSettings: config.gridSettings } },
    },
  };
}

function normaliseStates(
  raw: unknown,
  widgets: Record<string, DashboardWidget>,
  title: string,
): Record<string, DashboardState> {
  const states: Record<string, DashboardState> = {};
  if (isRecord(raw)) {
    for (const [id, s] of Object.entries(raw)) {
      if (!isRecord(s)) continue;
      const layouts: Rec = isRecord(s.layouts) ? s.layouts : {};
      const state: DashboardState = {
        ...s,
        name: typeof s.name === 'string' && s.name !== '' ? s.name : id,
        root: s.root === true,
        layouts: { ...layouts, main: normaliseLayout(layouts.main, widgets) },
      };
      if (isRecord(layouts.right)) state.layouts.right = normaliseLayout(layouts.right, widgets);
      else delete state.layouts.right;
      states[id] = state;
    }
  }
  const ids = Object.keys(states);
  if (ids.length === 0) return { [DEFAULT_STATE_ID]: createState(title, true) };
  // Exactly one root: the first marked one, else 'default', else the first state.
  const rootId = ids.find((id) => states[id]?.root) ?? (states[DEFAULT_STATE_ID] ? DEFAULT_STATE_ID : ids[0]);
  for (const [id, state] of Object.entries(states)) state.root = id === rootId;
  return states;
}

/**
 * A valid configuration from any stored value. Unknown fields are kept at every level; the
 * dashboard time window is rewritten in its stored form (ThingsBoard's codes, §4 inference applied).
 */
export function normaliseDashboardConfig(
  raw: unknown,
  maxDatapoints?: number,
  options: NormaliseOptions = {},
): DashboardConfig {
  const now = options.now ?? Date.now();
  const title = options.title?.trim() || 'Default';
  if (!isRecord(raw)) return emptyDashboardConfig(title, maxDatapoints, now);
  const widgets = normaliseWidgets(raw.widgets);
  const hasStates = isRecord(raw.states) && Object.keys(raw.states).length > 0;
  const rest: Rec = { ...raw };
  if (!hasStates) delete rest.gridSettings; // moved into the created state's layout
  const config: DashboardConfig = {
    ...rest,
    widgets,
    states: normaliseStates(hasStates ? raw.states : legacyStates(raw, widgets, title), widgets, title),
    entityAliases: isRecord(raw.entityAliases) ? raw.entityAliases : {},
    filters: isRecord(raw.filters) ? raw.filters : {},
    timewindow: toTimewindowJson(normaliseTimewindow(raw.timewindow, maxDatapoints, now)),
    settings: withDefaults(raw.settings, defaultDashboardSettings()),
  };
  if (typeof raw.description !== 'string') delete config.description;
  return config;
}

/** The root state's id (a normalised config has exactly one). */
export function rootStateId(config: DashboardConfig): string {
  return Object.keys(config.states).find((id) => config.states[id]?.root) ?? DEFAULT_STATE_ID;
}

export interface WidgetTypeRef {
  isSystemType: boolean;
  bundleAlias: string;
  typeAlias: string;
}

/**
 * Which widget type draws a widget. 3.2 names it by bundleAlias + typeAlias; 3.4+ by typeFullFqn
 * '{system|tenant}.{bundleAlias}.{typeAlias}', read when the aliases are absent.
 */
export function widgetTypeRef(widget: Partial<DashboardWidget>): WidgetTypeRef | undefined {
  const { bundleAlias, typeAlias } = widget;
  if (typeof bundleAlias === 'string' && bundleAlias && typeof typeAlias === 'string' && typeAlias) {
    return { isSystemType: widget.isSystemType !== false, bundleAlias, typeAlias };
  }
  if (typeof widget.typeFullFqn !== 'string') return undefined;
  const parts = widget.typeFullFqn.split('.');
  const scope = parts[0];
  if ((scope !== 'system' && scope !== 'tenant') || parts.length < 3) return undefined;
  const bundle = parts[1];
  const alias = parts.slice(2).join('.');
  if (!bundle || !alias) return undefined;
  return { isSystemType: scope === 'system', bundleAlias: bundle, typeAlias: alias };
}

/** The widget registry's key, '{bundleAlias}.{typeAlias}' (e.g. 'charts.basic_timeseries'). */
export function widgetTypeKey(widget: Partial<DashboardWidget>): string | undefined {
  const ref = widgetTypeRef(widget);
  return ref && `${ref.bundleAlias}.${ref.typeAlias}`;
}
