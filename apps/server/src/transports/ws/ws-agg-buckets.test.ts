import { describe, expect, it } from 'vitest';
import { bucketOf, bucketsOf } from './ws-agg-buckets.ts';

describe('aggregated realtime buckets', () => {
  it('puts a timestamp in its bucket of the grid, also after the first window', () => {
    expect(bucketOf(1000, 1000, 1000)).toEqual({ start: 1000, end: 2000 });
    expect(bucketOf(1999, 1000, 1000)).toEqual({ start: 1000, end: 2000 });
    expect(bucketOf(7250, 1000, 1000)).toEqual({ start: 7000, end: 8000 });
    expect(bucketOf(500, 1000, 1000)).toEqual({ start: 0, end: 1000 });
  });

  it('groups timestamps into distinct buckets, oldest first', () => {
    expect(bucketsOf([7250, 1500, 7900, 1200], 1000, 1000)).toEqual([
      { start: 1000, end: 2000 },
      { start: 7000, end: 8000 },
    ]);
  });
});
