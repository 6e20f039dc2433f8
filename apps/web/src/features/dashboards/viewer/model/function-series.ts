// Function datasources (2-calls §3.5): values made in the browser by the predefined Sin, Cos and
// Random generators. A chart gets points over its window, then one more per tick; a latest-value
// widget gets the newest value. Author code in other function bodies is never run here (ADR 0006).
import { functionValue, predefinedFunctionOf, type DataKey } from '../../model/data-key';
import type { WidgetPoint } from '../../widgets/widget-types';

/** At most this many generated points fill a chart window at first. */
export const FUNCTION_POINTS = 200;
/** New values every second, as ThingsBoard's function datasources tick. */
export const FUNCTION_TICK_MS = 1000;

/** Points of one function key in (startTs, endTs], evenly spaced and ending at endTs, at most FUNCTION_POINTS. */
export function functionPoints(
  key: Pick<DataKey, 'type' | 'label' | 'funcBody'>,
  startTs: number,
  endTs: number,
  random: () => number = Math.random,
): WidgetPoint[] {
  const fn = predefinedFunctionOf(key);
  if (!fn || !(endTs > startTs)) return [];
  const step = Math.max(FUNCTION_TICK_MS, Math.ceil((endTs - startTs) / FUNCTION_POINTS));
  const out: WidgetPoint[] = [];
  let prev = 0;
  const count = Math.min(FUNCTION_POINTS, Math.floor((endTs - startTs) / step));
  for (let i = count - 1; i >= 0; i--) {
    const ts = endTs - i * step;
    prev = functionValue(fn, ts, prev, random);
    out.push([ts, prev]);
  }
  return out;
}

/** The next value of a function key after `prev` (null when the body is not a predefined one). */
export function nextFunctionPoint(
  key: Pick<DataKey, 'type' | 'label' | 'funcBody'>,
  ts: number,
  prev: WidgetPoint | undefined,
  random: () => number = Math.random,
): WidgetPoint | null {
  const fn = predefinedFunctionOf(key);
  if (!fn) return null;
  const before = typeof prev?.[1] === 'number' ? prev[1] : 0;
  return [ts, functionValue(fn, ts, before, random)];
}
