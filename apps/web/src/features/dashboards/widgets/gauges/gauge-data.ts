// What every gauge reads from its context: the first key's latest value as a number and as text,
// and the theme colours that replace a colour setting left at its default.
import { formatValue } from '../../model/data-key';
import { authorColor, cardValue, widgetMessageOf } from '../cards/card-data';
import { latestPoint, toNumber } from '../shared/series-values';
import type { WidgetContext } from '../widget-types';

export interface GaugeReading {
  /** null: nothing to draw, show `message` (or nothing while loading). */
  value: number | null;
  /** The key's (else the widget's) units. */
  units: string | null;
  text: string;
  label: string;
  ts: number | null;
  message: string | null;
}

/** Our setting names, falling back to the canvas-gauges names of imported ThingsBoard widgets. */
export function gaugeSettings(settings: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  return {
    ...settings,
    units: blank(settings.units) ? settings.unitTitle : settings.units,
    decimals: blank(settings.decimals) ? settings.valueDec : settings.decimals,
  };
}

/** The first series' latest value (gauges show one key, as in ThingsBoard). */
export function gaugeReading(
  ctx: Pick<WidgetContext, 'data' | 'noDataMessage' | 'settings' | 'widget'>,
  { withUnits = true }: { withUnits?: boolean } = {},
): GaugeReading {
  const first = ctx.data.series[0];
  const card = first ? cardValue(first, gaugeSettings(ctx.settings), ctx.widget.config) : null;
  const value = toNumber(card?.value ?? null);
  const message = widgetMessageOf(ctx, value !== null);
  return {
    value,
    units: card?.format.units ?? null,
    text: card && value !== null ? formatValue(value, withUnits ? card.format : { ...card.format, units: null }) : '',
    label: card?.label ?? '',
    ts: first ? (latestPoint(first)?.[0] ?? null) : null,
    message,
  };
}

/** A colour setting, or the theme colour when it still holds the schema default. */
export function themed(
  settings: Readonly<Record<string, unknown>>,
  key: string,
  schemaDefault: string,
  theme: string,
): string {
  return authorColor(settings, key, schemaDefault) ?? theme;
}

/** Text colour of a gauge: the widget's own text colour (`config.color`) or the theme's. */
export function gaugeTextColor(config: Readonly<Record<string, unknown>>, theme: string): string {
  return typeof config.color === 'string' && config.color.trim() !== '' ? config.color : theme;
}
