import { describe, expect, it } from 'vitest';
import {
  keyLineOptions,
  resolveLegend,
  stackGroups,
  timeseriesOptions,
  widgetValueFormat,
  yRange,
} from './chart-settings';

describe('resolveLegend', () => {
  const defaults = { showLegend: true, legendConfig: { position: 'right', direction: 'column' } };

  it('uses the schema defaults when the widget sets nothing', () => {
    expect(resolveLegend({ settings: {} }, defaults)).toMatchObject({ show: true, config: { position: 'right' } });
  });

  it("reads ThingsBoard 3.2's config-level legend over the defaults", () => {
    const tb = { showLegend: false, legendConfig: { position: 'top', showMax: true, sortDataKeys: true } };
    expect(resolveLegend(tb, defaults)).toMatchObject({
      show: false,
      config: { position: 'top', showMax: true, sortDataKeys: true },
    });
  });

  it('prefers the widget settings over the config level', () => {
    const both = {
      showLegend: false,
      legendConfig: { position: 'top' },
      settings: { showLegend: true, legendConfig: { position: 'left', direction: 'row' } },
    };
    expect(resolveLegend(both, defaults)).toMatchObject({ show: true, config: { position: 'left', direction: 'row' } });
  });

  it('cleans junk', () => {
    const junk = { settings: { showLegend: 'yes', legendConfig: { position: 'middle', sortDataKeys: 1 } } };
    expect(resolveLegend(junk, {})).toMatchObject({ show: false, config: { position: 'bottom', sortDataKeys: false } });
  });
});

describe('timeseriesOptions', () => {
  it('reads strings and swaps the default grid colour for the theme', () => {
    const o = timeseriesOptions({ yMin: '10', yMax: '', gridColor: 'rgba(0,0,0,0.12)', barWidthRatio: 3 });
    expect(o).toMatchObject({ yMin: 10, yMax: null, gridColor: null, barWidthRatio: 0.6, showTooltip: true });
    expect(timeseriesOptions({ gridColor: '#f00' }).gridColor).toBe('#f00');
  });
});

describe('keyLineOptions and stackGroups', () => {
  it('defaults and the right axis', () => {
    expect(keyLineOptions({})).toEqual({
      showLines: true,
      fillLines: false,
      showPoints: false,
      lineWidth: 2,
      axis: 'left',
      excludeFromStacking: false,
    });
    expect(keyLineOptions({ axisPosition: 'right', lineWidth: -1 })).toMatchObject({ axis: 'right', lineWidth: 2 });
  });

  it('stacks per axis, except excluded keys', () => {
    const keys = [
      keyLineOptions({}),
      keyLineOptions({ excludeFromStacking: true }),
      keyLineOptions({ axisPosition: 'right' }),
    ];
    expect(stackGroups(true, keys)).toEqual(['left', null, 'right']);
    expect(stackGroups(false, keys)).toEqual([null, null, null]);
  });
});

describe('widgetValueFormat', () => {
  it('ignores invalid decimals', () => {
    expect(widgetValueFormat({ units: '°C', decimals: 2 })).toEqual({ units: '°C', decimals: 2 });
    expect(widgetValueFormat({ decimals: -1 })).toEqual({ units: '', decimals: null });
  });
});

describe('yRange', () => {
  it('pads the data range and honours fixed ends', () => {
    expect(yRange(0, 100, { min: null, max: null }, false)).toEqual([-5, 105]);
    expect(yRange(0, 100, { min: -10, max: 50 }, false)).toEqual([-10, 50]);
  });
  it('starts bars at zero', () => {
    expect(yRange(20, 120, { min: null, max: null }, true)).toEqual([0, 126]);
  });
  it('never gives an empty range', () => {
    const [lo, hi] = yRange(5, 5, { min: null, max: null }, false);
    expect(hi).toBeGreaterThan(lo);
    const [a, b] = yRange(null, null, { min: 50, max: null }, false);
    expect(b).toBeGreaterThan(a);
  });
});
