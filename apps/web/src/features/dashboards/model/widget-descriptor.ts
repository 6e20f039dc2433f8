import { isRecord } from './json-guards';
// A widget type's descriptor as the viewer and editor use it. ThingsBoard stores `settingsSchema`,
// `dataKeySettingsSchema` and `defaultConfig` as JSON strings; our system widgets store the schemas as
// objects (ADR 0006). Both are read here, and nothing in a descriptor can make these throw.

export type WidgetKind = 'timeseries' | 'latest' | 'rpc' | 'alarm' | 'static';
const KINDS: readonly WidgetKind[] = ['timeseries', 'latest', 'rpc', 'alarm', 'static'];

/** A JSON Schema of widget settings plus the form's field order (ThingsBoard's `{schema, form}`). */
export interface SettingsSchema {
  schema: { type: 'object'; properties: Record<string, unknown>; required?: string[]; [key: string]: unknown };
  form: unknown[];
}

export interface WidgetDescriptor {
  type: WidgetKind;
  sizeX: number;
  sizeY: number;
  settingsSchema: SettingsSchema | null;
  dataKeySettingsSchema: SettingsSchema | null;
  defaultConfig: Record<string, unknown>;
  /** Tenant-written code (runs only in the sandboxed iframe); empty for system widgets. */
  templateHtml: string;
  templateCss: string;
  controllerScript: string;
}

function jsonObject(v: unknown): Record<string, unknown> | null {
  if (isRecord(v)) return v;
  if (typeof v !== 'string' || !v.trim()) return null;
  try {
    const parsed: unknown = JSON.parse(v);
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** `{schema, form}` from a string or an object; a bare JSON Schema gets an empty form; anything else null. */
export function parseSettingsSchema(raw: unknown): SettingsSchema | null {
  const doc = jsonObject(raw);
  if (!doc) return null;
  const schema = isRecord(doc.schema) ? doc.schema : doc.type === 'object' || isRecord(doc.properties) ? doc : null;
  if (!schema) return null;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : undefined;
  return {
    schema: { ...schema, type: 'object', properties, ...(required ? { required } : {}) },
    form: Array.isArray(doc.form) ? doc.form : [],
  };
}

const positive = (v: unknown, fallback: number) =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback;
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** A descriptor from the API (strings or objects), with ThingsBoard's defaults: 8 × 6, static. */
export function parseWidgetDescriptor(raw: unknown): WidgetDescriptor {
  const d = jsonObject(raw) ?? {};
  const type = KINDS.includes(d.type as WidgetKind) ? (d.type as WidgetKind) : 'static';
  return {
    type,
    sizeX: positive(d.sizeX, 8),
    sizeY: positive(d.sizeY, 6),
    settingsSchema: parseSettingsSchema(d.settingsSchema),
    dataKeySettingsSchema: parseSettingsSchema(d.dataKeySettingsSchema),
    defaultConfig: jsonObject(d.defaultConfig) ?? {},
    templateHtml: text(d.templateHtml),
    templateCss: text(d.templateCss),
    controllerScript: text(d.controllerScript),
  };
}

/** The defaults a settings schema declares (`properties.*.default`, one level of nested objects). */
export function schemaDefaults(schema: SettingsSchema | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(schema?.schema.properties ?? {})) {
    if (!isRecord(prop)) continue;
    if ('default' in prop) out[key] = prop.default;
    else if (prop.type === 'object' && isRecord(prop.properties)) {
      const nested = schemaDefaults({ schema: { type: 'object', properties: prop.properties }, form: [] });
      if (Object.keys(nested).length) out[key] = nested;
    }
  }
  return out;
}

export interface LegendConfig {
  direction: 'column' | 'row';
  position: 'top' | 'bottom' | 'left' | 'right';
  showMin: boolean;
  showMax: boolean;
  showAvg: boolean;
  showTotal: boolean;
  [key: string]: unknown;
}

const LEGEND_DEFAULT: LegendConfig = {
  direction: 'column',
  position: 'bottom',
  showMin: false,
  showMax: false,
  showAvg: false,
  showTotal: false,
};

/**
 * A chart's legend: ThingsBoard 3.2 keeps it in the widget config (`config.showLegend`,
 * `config.legendConfig`), our system widgets in `config.settings`; the settings win when both are set.
 */
export function chartLegend(config: unknown): { show: boolean; config: LegendConfig } {
  const c = isRecord(config) ? config : {};
  const settings = isRecord(c.settings) ? c.settings : {};
  const show = typeof settings.showLegend === 'boolean' ? settings.showLegend : c.showLegend === true;
  const raw = isRecord(settings.legendConfig) ? settings.legendConfig : isRecord(c.legendConfig) ? c.legendConfig : {};
  const merged = { ...LEGEND_DEFAULT, ...raw };
  const direction = merged.direction === 'row' ? 'row' : 'column';
  const position = ['top', 'bottom', 'left', 'right'].includes(merged.position) ? merged.position : 'bottom';
  return {
    show,
    config: {
      ...merged,
      direction,
      position,
      showMin: merged.showMin === true,
      showMax: merged.showMax === true,
      showAvg: merged.showAvg === true,
      showTotal: merged.showTotal === true,
    },
  };
}
