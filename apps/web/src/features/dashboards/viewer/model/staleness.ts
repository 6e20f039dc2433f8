// The stale-data badge every widget carries (issue 7): a widget's data is stale when one of its
// devices is inactive, or when its newest value is older than the widget's threshold. Widgets without
// entity data (functions, static HTML) are never stale.
import type { WidgetSeries } from '../../widgets/widget-types';

export type StaleReason = 'inactive' | 'old';
export interface Staleness {
  reason: StaleReason | null;
  /** Newest timestamp of the widget's entity data, 0 when none. */
  lastTs: number;
}

/** The widget setting, seconds; ≤ 0 or missing turns the age rule off. */
export const STALE_AFTER_FIELD = 'staleDataTimeout';

export function staleAfterMs(config: Record<string, unknown>): number {
  const v = Number(config[STALE_AFTER_FIELD]);
  return Number.isFinite(v) && v > 0 ? v * 1000 : 0;
}

export function staleness(
  series: readonly WidgetSeries[],
  activity: ReadonlyMap<string, boolean | null>,
  afterMs: number,
  now: number,
): Staleness {
  let lastTs = 0;
  let inactive = false;
  for (const s of series) {
    if (!s.entity || s.dataKey.type === 'entityField') continue;
    if (activity.get(s.entity.id) === false) inactive = true;
    const last = s.data[s.data.length - 1];
    if (last && last[0] > lastTs) lastTs = last[0];
  }
  if (inactive) return { reason: 'inactive', lastTs };
  if (afterMs > 0 && lastTs > 0 && now - lastTs > afterMs) return { reason: 'old', lastTs };
  return { reason: null, lastTs };
}
