import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '@sapo/common';
import { describe, expect, it } from 'vitest';
import {
  changePart,
  clampInterval,
  durationSegments,
  editorValue,
  intervalToParts,
  isPredefined,
  normaliseParts,
  partsToInterval,
  predefinedIntervals,
  snapInterval,
} from './time-interval-model';

describe('time interval parts', () => {
  it('splits an interval into days, hours, minutes and seconds', () => {
    expect(intervalToParts(DAY_MS + 2 * HOUR_MS + 3 * MINUTE_MS + 4 * SECOND_MS + 999)).toEqual({
      days: 1,
      hours: 2,
      minutes: 3,
      seconds: 4,
    });
  });

  it('carries over 60 seconds, 60 minutes and 24 hours', () => {
    expect(normaliseParts({ days: 0, hours: 23, minutes: 59, seconds: 60 })).toEqual({
      days: 1,
      hours: 0,
      minutes: 0,
      seconds: 0,
    });
    expect(normaliseParts({ seconds: 90 })).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 30 });
  });

  it('borrows from a larger unit and floors a negative total at 0', () => {
    expect(normaliseParts({ hours: 1, seconds: -1 })).toEqual({ days: 0, hours: 0, minutes: 59, seconds: 59 });
    expect(partsToInterval({ seconds: -5 })).toBe(0);
  });
});

describe('editing one field', () => {
  const parts = intervalToParts(MINUTE_MS);

  it('gives the new total and normalised parts', () => {
    const r = changePart(parts, 'seconds', 75);
    expect(r.value).toBe(2 * MINUTE_MS + 15 * SECOND_MS);
    expect(r.parts).toEqual({ days: 0, hours: 0, minutes: 2, seconds: 15 });
  });

  it('clamps into min and max', () => {
    expect(changePart(parts, 'hours', 5, SECOND_MS, HOUR_MS).value).toBe(HOUR_MS);
    expect(changePart(intervalToParts(0), 'seconds', 3, 10 * SECOND_MS).value).toBe(10 * SECOND_MS);
  });

  it('reports empty for a zero total', () => {
    expect(changePart(parts, 'minutes', 0).value).toBeNull();
  });
});

describe('bounds and snapping', () => {
  it('keeps a value inside [min, max]', () => {
    expect(clampInterval(500, SECOND_MS, MINUTE_MS)).toBe(SECOND_MS);
    expect(clampInterval(HOUR_MS, SECOND_MS, MINUTE_MS)).toBe(MINUTE_MS);
  });

  it('lists the predefined intervals in bounds', () => {
    expect(predefinedIntervals(MINUTE_MS, 10 * MINUTE_MS)).toEqual([
      MINUTE_MS,
      2 * MINUTE_MS,
      5 * MINUTE_MS,
      10 * MINUTE_MS,
    ]);
  });

  it('snaps to the nearest predefined interval, the shorter one on a tie', () => {
    expect(snapInterval(4 * MINUTE_MS)).toBe(5 * MINUTE_MS);
    expect(snapInterval(7.5 * MINUTE_MS)).toBe(5 * MINUTE_MS);
    expect(snapInterval(3 * HOUR_MS, SECOND_MS, HOUR_MS)).toBe(HOUR_MS);
  });

  it('keeps the clamped value when no predefined interval fits', () => {
    expect(snapInterval(3 * SECOND_MS, 2 * SECOND_MS, 4 * SECOND_MS)).toBe(3 * SECOND_MS);
  });

  it('knows whether a value is a predefined choice', () => {
    expect(isPredefined(5 * MINUTE_MS)).toBe(true);
    expect(isPredefined(7 * MINUTE_MS)).toBe(false);
    expect(isPredefined(null)).toBe(false);
  });
});

describe('empty values and display', () => {
  it('treats zero, negatives and NaN as empty', () => {
    expect(editorValue(0)).toBeNull();
    expect(editorValue(-1000)).toBeNull();
    expect(editorValue(Number.NaN)).toBeNull();
    expect(editorValue('5')).toBeNull();
    expect(editorValue(MINUTE_MS)).toBe(MINUTE_MS);
  });

  it('lists non-zero segments and marks a leading 1 as bare', () => {
    expect(durationSegments(MINUTE_MS)).toEqual({ segments: [{ part: 'minutes', count: 1 }], bareLeading: true });
    expect(durationSegments(2 * DAY_MS + 30 * SECOND_MS)).toEqual({
      segments: [
        { part: 'days', count: 2 },
        { part: 'seconds', count: 30 },
      ],
      bareLeading: false,
    });
  });
});
