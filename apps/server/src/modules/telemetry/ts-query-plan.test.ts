import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { planBuckets } from './ts-bucket-plan.ts';
import {
  aggregatedWindowEnd,
  intervalsMessage,
  maxDatapointsLimit,
  planTsQuery,
  planTsWindow,
  TS_QUERY_LIMITS,
  type TsQueryLimits,
} from './ts-query-plan.ts';

/** The 400 message a call fails with. */
function fails(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    expect((err as AppError).errorCode).toBe(31);
    return (err as AppError).message;
  }
  throw new Error('expected a 400');
}

const NOW = 1_750_000_000_000;
const limits: TsQueryLimits = { maxIntervals: 700, maxLimit: 50_000, maxKeys: 3 };
const q = { keys: ['t'], startTs: 0, endTs: 10_000 };

describe('planTsQuery', () => {
  it("refuses the probe's query (1 ms buckets since 1970) with ThingsBoard's message, at once", () => {
    const started = performance.now();
    expect(fails(() => planTsQuery({ keys: ['t'], startTs: 0, endTs: NOW, interval: 1, agg: 'AVG' }))).toBe(
      intervalsMessage(NOW / 1000),
    );
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('allows exactly 700 buckets and refuses 701, counting short intervals as one second', () => {
    expect(planTsQuery({ ...q, endTs: 700_999, interval: 1000, agg: 'SUM' }, limits).step).toBe(1000);
    expect(fails(() => planTsQuery({ ...q, endTs: 701_000, interval: 1000, agg: 'SUM' }, limits))).toBe(
      intervalsMessage(701),
    );
    expect(fails(() => planTsQuery({ ...q, endTs: 800_000, interval: 10, agg: 'MAX' }, limits))).toBe(
      intervalsMessage(800),
    );
    expect(planTsQuery({ ...q, interval: 10, agg: 'MAX' }, limits).step).toBe(1000);
  });

  it('refuses an aggregated read ending before it starts; a raw one reads nothing', () => {
    expect(fails(() => planTsQuery({ ...q, startTs: 10_000, endTs: 0, interval: 1000, agg: 'AVG' }))).toBe(
      intervalsMessage(-10),
    );
    expect(planTsQuery({ ...q, startTs: 10_000, endTs: 0 })).toMatchObject({ agg: 'NONE', step: 0 });
  });

  it('reads raw points when the interval is 0 or agg NONE, whatever the range', () => {
    expect(planTsQuery({ ...q, endTs: NOW, agg: 'AVG' })).toMatchObject({ agg: 'NONE', step: 0 });
    expect(planTsQuery({ ...q, endTs: NOW, interval: 1, agg: 'NONE' })).toMatchObject({ agg: 'NONE', step: 0 });
  });

  it('refuses non-integer, non-finite and negative numbers, naming the field', () => {
    for (const [field, value] of [
      ['startTs', 1.5],
      ['endTs', Number.NaN],
      ['endTs', Number.POSITIVE_INFINITY],
      ['interval', 0.5],
      ['limit', 2.5],
      ['startTs', 2 ** 60],
    ] as const) {
      expect(fails(() => planTsQuery({ ...q, [field]: value }))).toBe(
        `Invalid value of '${field}': must be an integer`,
      );
    }
    expect(fails(() => planTsQuery({ ...q, interval: -1000, agg: 'AVG' }))).toBe(
      "Invalid value of 'interval': must not be negative",
    );
    expect(fails(() => planTsQuery({ ...q, limit: 0 }))).toBe("Invalid value of 'limit': must be a positive integer");
    expect(fails(() => planTsQuery({ ...q, limit: -5 }))).toBe("Invalid value of 'limit': must be a positive integer");
  });

  it('cuts a raw limit to the maximum datapoints and defaults it to 100', () => {
    expect(planTsQuery({ ...q, limit: 1e12 }, limits).limit).toBe(50_000);
    expect(planTsQuery({ ...q, limit: 7 }, limits).limit).toBe(7);
    expect(planTsQuery(q, limits)).toMatchObject({ limit: 100, orderBy: 'DESC', interval: 0 });
  });

  it('refuses more keys than one query may read (duplicates count once)', () => {
    expect(planTsQuery({ ...q, keys: ['a', 'b', 'c', 'a'] }, limits).keys).toEqual(['a', 'b', 'c']);
    expect(fails(() => planTsQuery({ ...q, keys: ['a', 'b', 'c', 'd'] }, limits))).toBe(
      'Incorrect TsKvQuery. Number of keys is too high - 4. At most 3 keys can be read at once.',
    );
  });

  it('is idempotent: planning a planned query changes nothing', () => {
    const planned = planTsQuery({ ...q, endTs: 600_000, interval: 60_000, agg: 'AVG', orderBy: 'ASC' });
    expect(planTsQuery(planned)).toEqual(planned);
  });
});

describe('planTsWindow', () => {
  it('rounds an aggregated live window up to whole steps (at least one second each)', () => {
    const w = { keys: ['t'], startTs: 1000, agg: 'AVG' as const };
    expect(planTsWindow({ ...w, timeWindow: 3500, interval: 1000 }, true).endTs).toBe(5000);
    expect(planTsWindow({ ...w, timeWindow: 3000, interval: 1000 }, true).endTs).toBe(4000);
    expect(planTsWindow({ ...w, timeWindow: 10, interval: 1000 }, true).endTs).toBe(2000);
    expect(planTsWindow({ ...w, timeWindow: 2500, interval: 1 }, true)).toMatchObject({ endTs: 4000, step: 1000 });
    expect(planTsWindow({ ...w, timeWindow: 3500, interval: 1000 }, false).endTs).toBe(4500);
    expect(aggregatedWindowEnd(1000, 3500, 1000)).toBe(5000);
  });

  it('refuses a live window of too many buckets, and a bad time window', () => {
    const w = { keys: ['t'], startTs: 0, timeWindow: NOW, interval: 1, agg: 'AVG' as const };
    expect(fails(() => planTsWindow(w, true))).toBe(intervalsMessage(NOW / 1000));
    expect(fails(() => planTsWindow(w, false))).toBe(intervalsMessage(NOW / 1000));
    expect(fails(() => planTsWindow({ ...w, timeWindow: 0.5 }, true))).toBe(
      "Invalid value of 'timeWindow': must be an integer",
    );
    expect(fails(() => planTsWindow({ ...w, timeWindow: -1 }, true))).toBe(
      "Invalid value of 'timeWindow': must not be negative",
    );
  });
});

describe('limits', () => {
  it('uses the datapoint limit GET /api/dashboard/maxDatapointsLimit answers', () => {
    expect(TS_QUERY_LIMITS).toEqual({ maxIntervals: 700, maxLimit: 50_000, maxKeys: 100 });
    expect(maxDatapointsLimit({ MAX_DATAPOINTS_LIMIT: '1000' })).toBe(1000);
    expect(maxDatapointsLimit({ MAX_DATAPOINTS_LIMIT: 'lots' })).toBe(50_000);
  });

  it('planBuckets itself refuses to allocate an unplanned number of buckets', () => {
    expect(planBuckets(0, 701_000, 1000)).toHaveLength(701);
    expect(() => planBuckets(0, NOW, 1)).toThrow(/Refusing to plan/);
  });
});
