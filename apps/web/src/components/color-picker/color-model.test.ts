import { describe, expect, it } from 'vitest';
import { canSelectColor, contrastText, formatColor, parseColor, sameColor } from './color-model';

describe('parseColor / formatColor', () => {
  it('reads hex in its four lengths', () => {
    expect(parseColor('#f00')).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(parseColor('#2196F3')).toEqual({ r: 33, g: 150, b: 243, a: 1 });
    expect(parseColor('#00000080')?.a).toBe(0.5);
    expect(parseColor('#0008')?.a).toBe(0.53);
  });

  it('reads rgb and rgba, alpha as a fraction or a percentage', () => {
    expect(parseColor('rgb(1, 2, 3)')).toEqual({ r: 1, g: 2, b: 3, a: 1 });
    expect(parseColor('rgba(1,2,3,0.4)')).toEqual({ r: 1, g: 2, b: 3, a: 0.4 });
    expect(parseColor('rgba(1,2,3,40%)')?.a).toBe(0.4);
  });

  it('rejects what is not a colour', () => {
    for (const bad of ['', 'red', '#12', '#ggg', 'rgb(300,0,0)', 'rgba(1,2,3,2)']) expect(parseColor(bad)).toBeNull();
  });

  it('writes opaque colours as hex and translucent ones as rgba', () => {
    expect(formatColor({ r: 255, g: 0, b: 0, a: 1 })).toBe('#ff0000');
    expect(formatColor({ r: 255, g: 0, b: 0, a: 0.25 })).toBe('rgba(255, 0, 0, 0.25)');
  });
});

describe('canSelectColor', () => {
  it('is off while the colour is unchanged, empty or invalid', () => {
    expect(canSelectColor('#ff0000', '#FF0000')).toBe(false);
    expect(canSelectColor('#ff0000', 'rgb(255,0,0)')).toBe(false);
    expect(canSelectColor('#ff0000', '')).toBe(false);
    expect(canSelectColor('#ff0000', '#ff00f')).toBe(false);
  });

  it('is on for a changed, valid colour (also from no colour)', () => {
    expect(canSelectColor('#ff0000', '#00ff00')).toBe(true);
    expect(canSelectColor(null, '#00ff00')).toBe(true);
  });
});

describe('helpers', () => {
  it('compares colours whatever their spelling', () => {
    expect(sameColor('#fff', 'rgba(255,255,255,1)')).toBe(true);
    expect(sameColor('#fff', '#fffe')).toBe(false);
  });

  it('picks readable text on a swatch', () => {
    expect(contrastText({ r: 255, g: 255, b: 255, a: 1 })).toBe('#000000');
    expect(contrastText({ r: 0, g: 0, b: 80, a: 1 })).toBe('#ffffff');
  });
});
