import { describe, expect, it } from 'vitest';
import { clampTime, dataExtent, nextTime, playbackRange, playFrom, previousTime, tick, tickMs } from './playback-model';

const r = playbackRange({ minTime: 10_000, maxTime: 20_000 });

describe('playback speed and ticks', () => {
  it('ticks every 1000/speed ms', () => {
    expect(tickMs(1)).toBe(1000);
    expect(tickMs(5)).toBe(200);
    expect(tickMs(25)).toBe(40);
    expect(tickMs(0)).toBe(1000);
  });

  it('defaults the step to 1000 ms', () => {
    expect(r.step).toBe(1000);
    expect(playbackRange({ minTime: 0, maxTime: 1 }, -5).step).toBe(1000);
  });

  it('advances one step per tick and stops at the end', () => {
    expect(tick(r, 10_000)).toEqual({ ts: 11_000, done: false });
    expect(tick(r, 19_500)).toEqual({ ts: 20_000, done: true });
  });

  it('plays again from the start when at the end', () => {
    expect(playFrom(r, 20_000)).toBe(10_000);
    expect(playFrom(r, 15_000)).toBe(15_000);
  });
});

describe('next and previous', () => {
  it('moves one step without anchors, within the range', () => {
    expect(nextTime(r, 12_000)).toBe(13_000);
    expect(previousTime(r, 10_500)).toBe(10_000);
    expect(nextTime(r, 19_999)).toBe(20_000);
  });

  it('jumps between anchors', () => {
    const anchors = [17_250, 12_500, 14_000];
    expect(nextTime(r, 12_000, anchors)).toBe(12_500);
    expect(nextTime(r, 12_500, anchors)).toBe(14_000);
    expect(previousTime(r, 17_250, anchors)).toBe(14_000);
  });

  it('goes to the end or start when no anchor is left', () => {
    expect(nextTime(r, 17_250, [12_500, 17_250])).toBe(20_000);
    expect(previousTime(r, 12_500, [12_500, 17_250])).toBe(10_000);
  });
});

describe('data extent', () => {
  it('is the first and last data time, or null for no data', () => {
    expect(dataExtent([5, 3, 9])).toEqual({ minTime: 3, maxTime: 9 });
    expect(dataExtent([])).toBeNull();
    expect(dataExtent([Number.NaN])).toBeNull();
  });

  it('clamps a time into the range', () => {
    expect(clampTime(r, 0)).toBe(10_000);
    expect(clampTime(r, 99_999)).toBe(20_000);
  });
});
