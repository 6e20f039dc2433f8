// Data-key post-processing (ThingsBoard's "Use data post-processing function"): the author's
// `function (time, value, prevValue, timePrev, prevOrigValue)` applied to every point of a series in
// order. Pure: the function itself is compiled and called only inside the post-processing worker.
import type { PostProcessor } from '../../model/data-key';
import type { WidgetPoint, WidgetValue } from '../../widgets/widget-types';

export type PostFunction = PostProcessor;

/** The point before a series' first one: what prevValue, timePrev and prevOrigValue start from. */
export interface PostSeed {
  ts: number;
  value: WidgetValue;
  origValue: WidgetValue;
}

/** The parameter names of ThingsBoard's post-processing function, in order. */
export const POST_FUNCTION_PARAMS = ['time', 'value', 'prevValue', 'timePrev', 'prevOrigValue'] as const;

/** Telemetry arrives as text: numbers become numbers before the function sees them (as in ThingsBoard). */
export function convertValue(value: WidgetValue): WidgetValue {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
}

/** What the function returned, as a widget value (objects are shown as JSON, undefined as no value). */
function toWidgetValue(result: unknown): WidgetValue {
  if (result === undefined || result === null) return null;
  if (typeof result === 'number' || typeof result === 'string' || typeof result === 'boolean') return result;
  try {
    return JSON.stringify(result) ?? null;
  } catch {
    return String(result);
  }
}

/**
 * Runs `fn` over `points` (ascending). Before the first point prevValue and prevOrigValue are 0 and
 * timePrev 0, unless `seed` carries the series' previous point (a latest value replaced by a newer one).
 * Returns the processed points and the seed for the next run.
 */
export function postProcessPoints(
  fn: PostFunction,
  points: readonly WidgetPoint[],
  seed: PostSeed | null,
): { points: WidgetPoint[]; last: PostSeed | null } {
  let prev = seed;
  const out: WidgetPoint[] = [];
  for (const [ts, raw] of points) {
    const origValue = convertValue(raw);
    const value = toWidgetValue(
      fn(ts, origValue, prev ? prev.value : 0, prev ? prev.ts : 0, prev ? prev.origValue : 0),
    );
    out.push([ts, value]);
    prev = { ts, value, origValue };
  }
  return { points: out, last: prev };
}

/** Post-processing is on for a key when it is enabled and has a body (an empty body changes nothing). */
export function postFunctionBody(dataKey: { usePostProcessing?: boolean; postFuncBody?: unknown }): string | null {
  const body = dataKey.postFuncBody;
  return dataKey.usePostProcessing && typeof body === 'string' && body.trim() !== '' ? body : null;
}

interface SeriesLike {
  datasourceIndex: number;
  entity: { id: string } | null;
  dataKey: { name: string; type: string; label?: string; usePostProcessing?: boolean; postFuncBody?: unknown };
  data: WidgetPoint[];
}

/** Where a latest-value series stood: the point last processed and the seed it was processed with. */
export interface LatestMemo {
  ts: number;
  seed: PostSeed | null;
  last: PostSeed | null;
}

export interface PostPlanItem {
  series: number;
  id: string;
  body: string;
  points: WidgetPoint[];
  seed: PostSeed | null;
  latest: boolean;
}

const seriesId = (s: SeriesLike, body: string) =>
  `${s.datasourceIndex}|${s.entity?.id ?? ''}|${s.dataKey.type}|${s.dataKey.name}|${body}`;

/**
 * The series that need post-processing. A history series is processed whole; a latest value carries
 * on from the value it replaced (memo), so prevValue means "the value shown before this one".
 */
export function planPostProcessing(
  series: readonly SeriesLike[],
  history: boolean,
  memo: ReadonlyMap<string, LatestMemo>,
): PostPlanItem[] {
  const plan: PostPlanItem[] = [];
  series.forEach((s, index) => {
    const body = postFunctionBody(s.dataKey);
    if (!body || s.data.length === 0) return;
    const id = seriesId(s, body);
    const latest = !history && s.data.length === 1;
    let seed: PostSeed | null = null;
    if (latest) {
      const before = memo.get(id);
      const ts = s.data[0]![0];
      if (before && before.ts === ts) seed = before.seed;
      else if (before && before.ts < ts) seed = before.last;
    }
    plan.push({ series: index, id, body, points: s.data, seed, latest });
  });
  return plan;
}

/**
 * The series with processed points in place of raw ones, and the first failure as a message for the
 * widget (a failing function shows why instead of values it did not produce). Updates the memo.
 */
export function applyPostProcessing<S extends SeriesLike>(
  series: readonly S[],
  plan: readonly PostPlanItem[],
  results: readonly ({ points: WidgetPoint[]; last: PostSeed | null } | { error: string })[],
  memo: Map<string, LatestMemo>,
): { series: S[]; error: string | null } {
  const out = [...series];
  let error: string | null = null;
  plan.forEach((item, k) => {
    const result = results[k];
    const s = out[item.series]!;
    if (!result || 'error' in result) {
      error ??= `Post-processing function of "${s.dataKey.label || s.dataKey.name}" failed: ${result?.error ?? 'no answer'}`;
      out[item.series] = { ...s, data: [] };
      return;
    }
    out[item.series] = { ...s, data: result.points };
    if (item.latest) memo.set(item.id, { ts: item.points[0]![0], seed: item.seed, last: result.last });
  });
  return { series: out, error };
}
