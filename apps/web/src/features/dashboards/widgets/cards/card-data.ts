// Reads shared by the card and gauge widgets: how a key's value is formatted, what a widget shows
// instead of data (error / no data), and the latest value of every key as a display row.
import type { DataKey, FormatOptions } from '../../model/data-key';
import { dataKeyLabel, formatValue } from '../../model/data-key';
import { latestPoint } from '../shared/series-values';
import type { WidgetContext, WidgetEntity, WidgetSeries, WidgetValue } from '../widget-types';

type Rec = Readonly<Record<string, unknown>>;

function nonEmptyString(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v : null;
}

function decimalsOf(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= 20 ? n : null;
}

/**
 * Units and decimals of a key's value. As in ThingsBoard, the key's own units/decimals win over the
 * widget's; the widget's come from its settings, or from the config root where ThingsBoard 3.2 keeps
 * them (`config.units`, `config.decimals`) in imported dashboards.
 */
export function valueFormatOf(
  dataKey: Pick<DataKey, 'units' | 'decimals'> | null | undefined,
  settings: Rec,
  config: Rec = {},
): FormatOptions {
  const units =
    nonEmptyString(dataKey?.units) ?? nonEmptyString(settings.units) ?? nonEmptyString(config.units) ?? null;
  const decimals = decimalsOf(dataKey?.decimals) ?? decimalsOf(settings.decimals) ?? decimalsOf(config.decimals);
  return { units, decimals };
}

/**
 * What to show instead of the content, as a translation key: the data error, or the no-data message
 * once loading ended without any value. Null while loading (nothing yet) or when there is data.
 */
export function widgetMessageOf(ctx: Pick<WidgetContext, 'data' | 'noDataMessage'>, hasData: boolean): string | null {
  if (ctx.data.error) return ctx.data.error;
  if (hasData || ctx.data.loading) return null;
  return ctx.noDataMessage ?? 'widget.no-data';
}

/** One key of one entity with its latest value, ready to show. */
export interface CardValue {
  /** Stable React key: datasource, entity and key name. */
  id: string;
  name: string;
  label: string;
  color: string;
  value: WidgetValue;
  /** `value` formatted with the key's (else the widget's) units and decimals; '' when missing. */
  text: string;
  ts: number | null;
  entity: WidgetEntity | null;
  format: FormatOptions;
  datasourceIndex: number;
}

export function cardValue(series: WidgetSeries, settings: Rec, config: Rec = {}): CardValue {
  const point = latestPoint(series);
  const format = valueFormatOf(series.dataKey, settings, config);
  const value = point?.[1] ?? null;
  return {
    id: `${series.datasourceIndex}:${series.entity?.id ?? ''}:${series.dataKey.name}`,
    name: series.dataKey.name,
    label: dataKeyLabel(series.dataKey),
    color: series.dataKey.color,
    value,
    text: formatValue(value, format),
    ts: point?.[0] ?? null,
    entity: series.entity,
    format,
    datasourceIndex: series.datasourceIndex,
  };
}

export function cardValues(series: readonly WidgetSeries[], settings: Rec, config: Rec = {}): CardValue[] {
  return series.map((s) => cardValue(s, settings, config));
}

/** Rows grouped per datasource entity, in arrival order (the attributes card shows one block each). */
export interface CardGroup {
  id: string;
  entity: WidgetEntity | null;
  title: string;
  values: CardValue[];
}

export function groupByEntity(values: readonly CardValue[], datasourceName?: (i: number) => string): CardGroup[] {
  const groups = new Map<string, CardGroup>();
  for (const v of values) {
    const id = `${v.datasourceIndex}:${v.entity?.id ?? ''}`;
    let g = groups.get(id);
    if (!g) {
      const title = v.entity ? v.entity.name : (datasourceName?.(v.datasourceIndex) ?? '');
      g = { id, entity: v.entity, title, values: [] };
      groups.set(id, g);
    }
    g.values.push(v);
  }
  return [...groups.values()];
}

/**
 * A colour setting, or null when it is unset or still the schema's default: widgets then use the
 * theme's colour, so a default card stays readable in the dark theme. The author's own colour wins.
 */
export function authorColor(settings: Rec, key: string, schemaDefault: string): string | null {
  const v = nonEmptyString(settings[key]);
  if (v === null) return null;
  const norm = (c: string) => c.replace(/\s+/g, '').toLowerCase();
  return norm(v) === norm(schemaDefault) ? null : v;
}
