import { describe, expect, it } from 'vitest';
import {
  clamp,
  levelColor,
  parseColor,
  rangeStops,
  readLevelColors,
  readRanges,
  readScale,
  scaleFraction,
  tickLabel,
  tickValues,
} from './gauge-model';

const scale = { min: 0, max: 100 };

describe('scale', () => {
  it('reads min/max, repairing an empty range', () => {
    expect(readScale({ minValue: '-60', maxValue: 60 })).toEqual({ min: -60, max: 60 });
    expect(readScale({ minValue: 10, maxValue: 10 })).toEqual({ min: 10, max: 11 });
    expect(readScale({}, { min: 0, max: 180 })).toEqual({ min: 0, max: 180 });
  });
  it('clamps values and places them on the scale', () => {
    expect(clamp(120, 0, 100)).toBe(100);
    expect(clamp(-5, 0, 100)).toBe(0);
    expect(scaleFraction(25, scale)).toBe(0.25);
    expect(scaleFraction(0, { min: -60, max: 60 })).toBe(0.5);
    expect(scaleFraction(500, scale)).toBe(1);
  });
});

describe('colours', () => {
  it('parses hex and rgb colours', () => {
    expect(parseColor('#f00')).toEqual([255, 0, 0, 1]);
    expect(parseColor('#00800080')).toEqual([0, 128, 0, 128 / 255]);
    expect(parseColor('rgba(76, 175, 80, 0.5)')).toEqual([76, 175, 80, 0.5]);
    expect(parseColor('green')).toBeNull();
  });
  it('blends level colours along the scale', () => {
    const levels = ['#000000', '#ffffff'];
    expect(levelColor(0, scale, levels, null, 'x')).toBe('#000000');
    expect(levelColor(100, scale, levels, null, 'x')).toBe('#ffffff');
    expect(levelColor(50, scale, levels, null, 'x')).toBe('rgb(128, 128, 128)');
    expect(levelColor(75, scale, ['#008000', '#fbc02d', '#f44336'], null, 'x')).toBe('rgb(248, 130, 50)');
    expect(levelColor(150, scale, ['#008000', '#fbc02d', '#f44336'], null, 'x')).toBe('#f44336');
    expect(levelColor(40, scale, ['green', 'red'], null, 'x')).toBe('green');
    expect(levelColor(40, scale, [], null, 'fallback')).toBe('fallback');
  });
  it('uses fixed ranges when asked, with ThingsBoard-style bounds', () => {
    const fixed = readRanges([
      { from: { type: 'constant', value: 0 }, to: { value: 50 }, color: 'blue' },
      { from: 50, to: null, color: 'red' },
      { from: 0, to: 1 },
    ]);
    expect(fixed).toHaveLength(2);
    expect(levelColor(20, scale, ['#000'], fixed, 'fb')).toBe('blue');
    expect(levelColor(999, scale, ['#000'], fixed, 'fb')).toBe('red');
    expect(levelColor(-1, scale, ['#000'], fixed, 'fb')).toBe('fb');
    expect(readLevelColors(['#000', { color: '#fff' }, 3])).toEqual(['#000', '#fff']);
  });
});

describe('rangeStops', () => {
  it('fills the gaps between ranges with the base colour', () => {
    const ranges = readRanges([
      { from: 80, to: 100, color: 'red' },
      { from: 20, to: 60, color: 'green' },
    ]);
    expect(rangeStops(ranges, scale, 'base')).toEqual([
      [0.2, 'base'],
      [0.6, 'green'],
      [0.8, 'base'],
      [1, 'red'],
    ]);
    expect(rangeStops([], scale, 'base')).toEqual([[1, 'base']]);
  });
});

describe('ticks', () => {
  it('spreads ticks over the scale and thins them on short scales', () => {
    expect(tickValues(scale, 5)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(tickValues({ min: 0, max: 0.3 }, 3)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(tickValues(scale, 10, 6)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(tickValues(scale, 7, 4)).toEqual([0, 100]);
    expect(tickLabel(33.3333)).toBe('33.33');
  });
});
