// Building blocks of the built-in system widget definitions (spec 1-client §3.7). The web app draws
// system widgets with its own components (looked up by bundleAlias + alias), so descriptors carry
// no template or controller code: only the type, size, settings schema and default configuration.

export type WidgetKind = 'timeseries' | 'latest' | 'rpc' | 'alarm' | 'static' | 'alarmCounter' | 'deviceHealthCounter';

/** A JSON Schema (draft 7 subset) of one setting. `format: 'color'` asks the form for a colour picker. */
export interface SettingSchema {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  title: string;
  default?: unknown;
  enum?: readonly (string | number)[];
  minimum?: number;
  maximum?: number;
  format?: 'color' | 'textarea';
  items?: SettingSchema | { type: 'object'; properties: Record<string, SettingSchema>; required?: string[] };
  properties?: Record<string, SettingSchema>;
  uniqueItems?: boolean;
}
export type Settings = Record<string, SettingSchema>;

/** ThingsBoard's settingsSchema shape once parsed: a JSON Schema plus the order of the form fields. */
export interface SettingsSchemaDoc {
  schema: { type: 'object'; title: string; properties: Settings; required: string[] };
  form: (string | { key: string; type: string })[];
}

export interface SystemWidgetDescriptor {
  type: WidgetKind;
  sizeX: number;
  sizeY: number;
  resources: never[];
  templateHtml: '';
  templateCss: '';
  controllerScript: '';
  settingsSchema: SettingsSchemaDoc;
  dataKeySettingsSchema: SettingsSchemaDoc | Record<string, never>;
  /** A JSON string, as in ThingsBoard: title, datasources, timewindow, settings… */
  defaultConfig: string;
}

export interface SystemWidgetDef {
  alias: string;
  name: string;
  description: string;
  descriptor: SystemWidgetDescriptor;
}

export interface SystemBundleDef {
  alias: string;
  title: string;
  description: string;
  widgets: SystemWidgetDef[];
}

// Setting helpers ------------------------------------------------------------------------------

type Extra = Partial<Omit<SettingSchema, 'type' | 'title' | 'default'>>;
export const num = (title: string, def?: number, extra: Extra = {}): SettingSchema => ({
  type: 'number',
  title,
  ...(def === undefined ? {} : { default: def }),
  ...extra,
});
export const int = (title: string, def?: number, extra: Extra = {}): SettingSchema => ({
  ...num(title, def, extra),
  type: 'integer',
});
export const bool = (title: string, def: boolean): SettingSchema => ({ type: 'boolean', title, default: def });
export const text = (title: string, def = '', extra: Extra = {}): SettingSchema => ({
  type: 'string',
  title,
  default: def,
  ...extra,
});
export const color = (title: string, def: string): SettingSchema => ({
  type: 'string',
  title,
  default: def,
  format: 'color',
});
export const choice = (title: string, values: readonly string[], def: string): SettingSchema => ({
  type: 'string',
  title,
  enum: values,
  default: def,
});
/** Value ranges drawn in a colour (gauge highlights, fixed level colours). */
export const colorRanges = (title: string, def: { from: number; to: number; color: string }[]): SettingSchema => ({
  type: 'array',
  title,
  default: def,
  items: {
    type: 'object',
    properties: { from: num('From'), to: num('To'), color: color('Color', '#4caf50') },
    required: ['from', 'to', 'color'],
  },
});

/** Legend of charts; the shape of ThingsBoard's legendConfig so imported settings map one to one. */
export const legendSettings = (position = 'bottom'): Settings => ({
  showLegend: bool('Show legend', true),
  legendConfig: {
    type: 'object',
    title: 'Legend',
    properties: {
      direction: choice('Direction', ['column', 'row'], 'column'),
      position: choice('Position', ['top', 'bottom', 'left', 'right'], position),
      sortDataKeys: bool('Sort data keys', false),
      showMin: bool('Show min value', false),
      showMax: bool('Show max value', false),
      showAvg: bool('Show average value', false),
      showTotal: bool('Show total value', false),
    },
  },
});

/** Units and decimals of displayed values. */
export const valueFormat = (units = '', decimals = 0): Settings => ({
  units: text('Units', units),
  decimals: int('Decimals', decimals, { minimum: 0, maximum: 15 }),
});

export function schemaDoc(properties: Settings, required: string[] = []): SettingsSchemaDoc {
  return {
    schema: { type: 'object', title: 'Settings', properties, required },
    form: Object.entries(properties).map(([key, p]) => (p.format === 'color' ? { key, type: 'color' } : key)),
  };
}

/** The settings object made of each setting's default (nested objects included). */
export function defaultsOf(properties: Settings): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, p] of Object.entries(properties)) {
    if (p.default !== undefined) out[key] = p.default;
    else if (p.type === 'object' && p.properties) out[key] = defaultsOf(p.properties);
  }
  return out;
}

// Default configurations -----------------------------------------------------------------------

const PALETTE = ['#2196f3', '#4caf50', '#f44336', '#ffc107', '#607d8b', '#9c27b0'];

/** A random walk clamped to [min, max] with 2 decimals (the spec's "Random" function by default). */
export function randomWalk(min = -1000, max = 1000, step = 100): string {
  return [
    `var v = prevValue + (Math.random() - 0.5) * ${step};`,
    `v = Math.min(${max}, Math.max(${min}, v));`,
    'return Math.round(v * 100) / 100;',
  ].join('\n');
}

export interface FunctionKey {
  label: string;
  funcBody?: string;
}

/** A "function" datasource: values generated in the browser, so a new widget shows data at once. */
export function functionDatasource(keys: FunctionKey[]) {
  return {
    type: 'function',
    name: 'function',
    dataKeys: keys.map((k, i) => ({
      name: 'f(x)',
      type: 'function',
      label: k.label,
      color: PALETTE[i % PALETTE.length],
      settings: {},
      // Fixed rather than random: definitions are hashed to detect changes.
      _hash: (i + 1) / 10,
      funcBody: k.funcBody ?? randomWalk(),
    })),
  };
}

export const ALARM_KEYS = ['createdTime', 'originator', 'type', 'severity', 'status'].map((name, i) => ({
  name,
  type: 'alarm',
  label: name === 'createdTime' ? 'Created time' : name.charAt(0).toUpperCase() + name.slice(1),
  color: PALETTE[i % PALETTE.length],
  settings: {},
  _hash: (i + 1) / 10,
}));

const realtime = (ms: number) => ({ realtime: { interval: 1000, timewindowMs: ms } });

export interface WidgetSpec {
  alias: string;
  name: string;
  description: string;
  type: WidgetKind;
  sizeX: number;
  sizeY: number;
  settings: Settings;
  dataKeySettings?: Settings;
  /** Function keys of the default datasource (timeseries and latest widgets); one Random key if left out. */
  keys?: FunctionKey[];
  /** Fields merged over the kind's default configuration. */
  config?: Record<string, unknown>;
}

function kindConfig(spec: WidgetSpec): Record<string, unknown> {
  const keys = spec.keys ?? [{ label: 'Random' }];
  switch (spec.type) {
    case 'timeseries':
      return { datasources: [functionDatasource(keys)], timewindow: realtime(60_000) };
    case 'latest':
      return { datasources: [functionDatasource(keys)], timewindow: realtime(60_000) };
    case 'rpc':
      return { targetDeviceAliasIds: [], datasources: [] };
    case 'alarm':
      return {
        alarmSource: { type: 'function', name: 'alarms', dataKeys: ALARM_KEYS },
        alarmSearchStatus: 'ANY',
        alarmsPollingInterval: 5,
        timewindow: realtime(86_400_000),
      };
    default:
      return { datasources: [] };
  }
}

/** One system widget: descriptor with its settings schema and a default configuration built from it. */
export function widget(spec: WidgetSpec): SystemWidgetDef {
  const config = {
    ...kindConfig(spec),
    showTitle: true,
    backgroundColor: '#fff',
    color: 'rgba(0, 0, 0, 0.87)',
    padding: '8px',
    settings: defaultsOf(spec.settings),
    title: `New ${spec.name}`,
    dropShadow: true,
    enableFullscreen: true,
    titleStyle: { fontSize: '16px', fontWeight: 400 },
    useDashboardTimewindow: true,
    widgetStyle: {},
    actions: {},
    ...spec.config,
  };
  return {
    alias: spec.alias,
    name: spec.name,
    description: spec.description,
    descriptor: {
      type: spec.type,
      sizeX: spec.sizeX,
      sizeY: spec.sizeY,
      resources: [],
      templateHtml: '',
      templateCss: '',
      controllerScript: '',
      settingsSchema: schemaDoc(spec.settings),
      dataKeySettingsSchema: spec.dataKeySettings ? schemaDoc(spec.dataKeySettings) : {},
      defaultConfig: JSON.stringify(config),
    },
  };
}
