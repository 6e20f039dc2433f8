import { describe, expect, it } from 'vitest';
import {
  alignedData,
  mergePoints,
  numericValue,
  pointCount,
  pointsFromWs,
  seriesFromRest,
  trimSeries,
} from './chart-series';

describe('chart series', () => {
  it('reads numbers, numeric strings and booleans; anything else is a gap', () => {
    expect([42, '21.5', ' -3 ', true, 'false', 'on', '', { a: 1 }, Number.NaN].map(numericValue)).toEqual([
      42,
      21.5,
      -3,
      1,
      0,
      null,
      null,
      null,
      null,
    ]);
  });

  it('turns a REST answer (newest first, strings) into points oldest first; missing keys are empty', () => {
    expect(
      seriesFromRest(['t', 'h'], {
        t: [
          { ts: 2, value: '21.5' },
          { ts: 1, value: '20' },
        ],
      }),
    ).toEqual({
      t: [
        [1, 20],
        [2, 21.5],
      ],
      h: [],
    });
    expect(
      pointsFromWs({
        t: [
          [5, '1'],
          [3, 'x'],
        ],
      }),
    ).toEqual({
      t: [
        [3, null],
        [5, 1],
      ],
    });
  });

  it('appends live points: same time replaces, old ones leave the window, the newest `limit` stay', () => {
    const existing: [number, number][] = [
      [1, 1],
      [2, 2],
      [3, 3],
    ];
    expect(
      mergePoints(
        existing,
        [
          [3, 30],
          [4, 4],
        ],
        2,
        10,
      ),
    ).toEqual([
      [2, 2],
      [3, 30],
      [4, 4],
    ]);
    expect(mergePoints(existing, [[4, 4]], 0, 2)).toEqual([
      [3, 3],
      [4, 4],
    ]);
    expect(trimSeries({ t: existing }, 3)).toEqual({ t: [[3, 3]] });
  });

  it('aligns several keys on one time axis with nulls where a key has no value', () => {
    expect(
      alignedData(['a', 'b'], {
        a: [
          [1, 10],
          [3, 30],
        ],
        b: [
          [2, 2],
          [3, 3],
        ],
      }),
    ).toEqual([
      [1, 2, 3],
      [10, null, 30],
      [null, 2, 3],
    ]);
    expect(
      pointCount({
        a: [
          [1, 1],
          [2, null],
        ],
        b: [[1, 5]],
      }),
    ).toBe(2);
  });
});
