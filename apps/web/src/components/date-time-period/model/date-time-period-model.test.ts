import { DAY_MS, HOUR_MS, SECOND_MS } from '@sapo/common';
import { describe, expect, it } from 'vitest';
import {
  changeEnd,
  changeStart,
  clampPeriod,
  defaultPeriod,
  formatDateTime,
  fromInputValue,
  toInputValue,
} from './date-time-period-model';

const NOW = Date.UTC(2024, 4, 10, 12, 0, 0);
const P = { startTs: NOW - DAY_MS, endTs: NOW - HOUR_MS };

describe('date-time period rules', () => {
  it('defaults to the last 24 hours', () => {
    expect(defaultPeriod(NOW)).toEqual({ startTs: NOW - DAY_MS, endTs: NOW });
  });

  it('keeps a valid start and moves a too-late one to end − 1 s', () => {
    expect(changeStart(P, NOW - 2 * HOUR_MS).startTs).toBe(NOW - 2 * HOUR_MS);
    expect(changeStart(P, NOW)).toEqual({ startTs: P.endTs - SECOND_MS, endTs: P.endTs });
  });

  it('moves a too-early end to start + 1 s', () => {
    expect(changeEnd(P, P.startTs - HOUR_MS, NOW)).toEqual({ startTs: P.startTs, endTs: P.startTs + SECOND_MS });
  });

  it('never lets the end pass now', () => {
    expect(changeEnd(P, NOW + HOUR_MS, NOW).endTs).toBe(NOW);
    expect(clampPeriod({ startTs: NOW + HOUR_MS, endTs: NOW + 2 * HOUR_MS }, NOW)).toEqual({
      startTs: NOW - SECOND_MS,
      endTs: NOW,
    });
  });
});

describe('datetime-local values', () => {
  it('round-trips an instant in a zone, to the second', () => {
    const ts = Date.UTC(2024, 0, 31, 16, 5, 9);
    expect(toInputValue(ts, 'Asia/Taipei')).toBe('2024-02-01T00:05:09');
    expect(fromInputValue('2024-02-01T00:05:09', 'Asia/Taipei')).toBe(ts);
    expect(fromInputValue('2024-02-01T00:05', 'UTC')).toBe(Date.UTC(2024, 1, 1, 0, 5));
  });

  it('rejects empty and malformed values', () => {
    expect(fromInputValue('', 'UTC')).toBeNull();
    expect(fromInputValue('2024-13-01T00:00', 'UTC')).toBeNull();
    expect(fromInputValue('yesterday', 'UTC')).toBeNull();
  });

  it('formats for display', () => {
    expect(formatDateTime(Date.UTC(2024, 4, 1, 8, 0, 0), 'UTC')).toBe('2024-05-01 08:00:00');
  });
});
