import { describe, expect, it } from 'vitest';
import { planBuckets, splitForRollup } from './ts-bucket-plan.ts';

describe('planBuckets', () => {
  it('cuts the last bucket at endTs and reports each at its middle', () => {
    expect(planBuckets(0, 2500, 1000)).toEqual([
      { k: 0, start: 0, end: 1000, ts: 500 },
      { k: 1, start: 1000, end: 2000, ts: 1500 },
      { k: 2, start: 2000, end: 2500, ts: 2250 },
    ]);
  });
  it('never steps below one second', () => {
    expect(planBuckets(0, 2000, 10)).toHaveLength(2);
  });
  it('an empty range still has one bucket of 1 ms', () => {
    expect(planBuckets(5, 5, 1000)).toEqual([{ k: 0, start: 5, end: 6, ts: 5 }]);
  });
});

describe('splitForRollup', () => {
  const M = 60_000;
  it('reads whole minutes from the rollup and the unaligned edges raw', () => {
    const buckets = planBuckets(30_000, 30_000 + 10 * M, 5 * M);
    const { rollup, raw } = splitForRollup(buckets, 100 * M);
    expect(rollup).toEqual([
      { k: 0, lo: M, hi: 5 * M },
      { k: 1, lo: 6 * M, hi: 10 * M },
    ]);
    expect(raw).toEqual([
      { k: 0, lo: 30_000, hi: M },
      { k: 0, lo: 5 * M, hi: 5 * M + 30_000 },
      { k: 1, lo: 5 * M + 30_000, hi: 6 * M },
      { k: 1, lo: 10 * M, hi: 10 * M + 30_000 },
    ]);
  });
  it('reads minutes at or after the watermark raw', () => {
    const { rollup, raw } = splitForRollup(planBuckets(0, 10 * M, 10 * M), 4 * M + 1);
    expect(rollup).toEqual([{ k: 0, lo: 0, hi: 4 * M }]);
    expect(raw).toEqual([{ k: 0, lo: 4 * M, hi: 10 * M }]);
  });
  it('falls back to raw when no whole minute fits', () => {
    const { rollup, raw } = splitForRollup(planBuckets(0, 10 * M, 10 * M), 0);
    expect(rollup).toEqual([]);
    expect(raw).toEqual([{ k: 0, lo: 0, hi: 10 * M }]);
  });
});
