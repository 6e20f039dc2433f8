import type { Aggregation, DataType, KvEntry } from '@sapo/common';

/**
 * Typed partial aggregate of a set of points: counts per value type, sums and extremes per numeric
 * type. Partial aggregates merge (minute rollups + raw edges), and the final value follows
 * ThingsBoard's typing: AVG → double; SUM → long unless a double took part; MIN/MAX → long when only
 * longs took part; COUNT → numeric count, else the count of booleans, strings or JSON values.
 */
export interface PartialAgg {
  cl: number;
  cd: number;
  cb: number;
  cs: number;
  cj: number;
  sl: number;
  sd: number;
  nl: number | null;
  xl: number | null;
  nd: number | null;
  xd: number | null;
}

export const emptyAgg = (): PartialAgg => ({
  cl: 0,
  cd: 0,
  cb: 0,
  cs: 0,
  cj: 0,
  sl: 0,
  sd: 0,
  nl: null,
  xl: null,
  nd: null,
  xd: null,
});

const minOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const maxOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/** Adds one point to an aggregate (in place). */
export function addPoint(a: PartialAgg, e: Pick<KvEntry, 'type' | 'value'>): void {
  switch (e.type) {
    case 'LONG': {
      const v = e.value as number;
      a.cl++;
      a.sl += v;
      a.nl = minOf(a.nl, v);
      a.xl = maxOf(a.xl, v);
      break;
    }
    case 'DOUBLE': {
      const v = e.value as number;
      a.cd++;
      a.sd += v;
      a.nd = minOf(a.nd, v);
      a.xd = maxOf(a.xd, v);
      break;
    }
    case 'BOOLEAN':
      a.cb++;
      break;
    case 'STRING':
      a.cs++;
      break;
    default:
      a.cj++;
  }
}

/** Merges b into a (in place). */
export function mergeAgg(a: PartialAgg, b: PartialAgg): void {
  a.cl += b.cl;
  a.cd += b.cd;
  a.cb += b.cb;
  a.cs += b.cs;
  a.cj += b.cj;
  a.sl += b.sl;
  a.sd += b.sd;
  a.nl = minOf(a.nl, b.nl);
  a.xl = maxOf(a.xl, b.xl);
  a.nd = minOf(a.nd, b.nd);
  a.xd = maxOf(a.xd, b.xd);
}

/** The aggregate's value, or null when the bucket has nothing to report for this function. */
export function finalizeAgg(
  a: PartialAgg,
  agg: Exclude<Aggregation, 'NONE'>,
): { type: DataType; value: number } | null {
  const numeric = a.cl + a.cd;
  switch (agg) {
    case 'COUNT': {
      const n = numeric || a.cb || a.cs || a.cj;
      return n ? { type: 'LONG', value: n } : null;
    }
    case 'AVG':
      return numeric ? { type: 'DOUBLE', value: (a.sl + a.sd) / numeric } : null;
    case 'SUM':
      if (!numeric) return null;
      return a.cd ? { type: 'DOUBLE', value: a.sl + a.sd } : { type: 'LONG', value: a.sl };
    case 'MIN':
      if (!numeric) return null;
      return a.cd ? { type: 'DOUBLE', value: minOf(a.nl, a.nd)! } : { type: 'LONG', value: a.nl! };
    case 'MAX':
      if (!numeric) return null;
      return a.cd ? { type: 'DOUBLE', value: maxOf(a.xl, a.xd)! } : { type: 'LONG', value: a.xl! };
  }
}

/** A row of aggregate columns as SQL returns them (numbers may arrive as strings). */
export interface AggRow {
  cl: number | string;
  cd: number | string;
  cb: number | string;
  cs: number | string;
  cj: number | string;
  sl: number | string | null;
  sd: number | string | null;
  nl: number | string | null;
  xl: number | string | null;
  nd: number | string | null;
  xd: number | string | null;
}

const num = (v: number | string | null) => (v === null ? null : Number(v));

export function aggFromRow(r: AggRow): PartialAgg {
  return {
    cl: Number(r.cl),
    cd: Number(r.cd),
    cb: Number(r.cb),
    cs: Number(r.cs),
    cj: Number(r.cj),
    sl: num(r.sl) ?? 0,
    sd: num(r.sd) ?? 0,
    nl: num(r.nl),
    xl: num(r.xl),
    nd: num(r.nd),
    xd: num(r.xd),
  };
}
