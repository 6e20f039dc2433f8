import { describe, expect, it } from 'vitest';
import {
  SAPO_KEY_COLORS,
  createDataKey,
  dataKeyColor,
  dataKeyLabel,
  defaultFunctionKey,
  formatValue,
  functionValue,
  predefinedFunctionOf,
  type FormatOptions,
} from './data-key';

describe('data key defaults', () => {
  it('labels a key with its name unless it has a label', () => {
    expect(dataKeyLabel({ name: 'temperature' })).toBe('temperature');
    expect(dataKeyLabel({ name: 'temperature', label: '  ' })).toBe('temperature');
    expect(dataKeyLabel({ name: 'temperature', label: 'Temp' })).toBe('Temp');
  });

  it('colours keys in palette order and wraps after 20', () => {
    expect(SAPO_KEY_COLORS).toHaveLength(20);
    expect(new Set(SAPO_KEY_COLORS).size).toBe(20);
    expect(dataKeyColor(0)).toBe(SAPO_KEY_COLORS[0]);
    expect(dataKeyColor(1)).toBe(SAPO_KEY_COLORS[1]);
    expect(dataKeyColor(20)).toBe(SAPO_KEY_COLORS[0]);
    expect(dataKeyColor(-1)).toBe(SAPO_KEY_COLORS[19]);
    expect(createDataKey('humidity', 'timeseries', 2)).toEqual({
      name: 'humidity',
      type: 'timeseries',
      label: 'humidity',
      color: SAPO_KEY_COLORS[2],
      settings: {},
    });
  });

  it('starts function datasources with f(x) labelled Sin', () => {
    expect(defaultFunctionKey()).toMatchObject({ name: 'f(x)', type: 'function', label: 'Sin' });
    expect(predefinedFunctionOf(defaultFunctionKey())).toBe('Sin');
  });

  const functions: Array<[string, Parameters<typeof predefinedFunctionOf>[0], string | null]> = [
    ['label Cos', { type: 'function', label: 'cos' }, 'Cos'],
    [
      'body calling Math.random',
      { type: 'function', label: 'Noise', funcBody: 'return prevValue + Math.random();' },
      'Random',
    ],
    ['body calling Math.sin', { type: 'function', label: 'Wave', funcBody: 'return Math.sin(time);' }, 'Sin'],
    ['other user code', { type: 'function', label: 'Mine', funcBody: 'return 42;' }, null],
    ['a non-function key', { type: 'timeseries', label: 'Sin' }, null],
  ];
  for (const [what, k, expected] of functions) {
    it(`recognises the predefined function of a ${what}`, () => expect(predefinedFunctionOf(k)).toBe(expected));
  }
});

describe('predefined functions', () => {
  it('Sin and Cos are waves of amplitude 1000', () => {
    expect(functionValue('Sin', 0, 0)).toBe(0);
    expect(functionValue('Cos', 0, 0)).toBe(1000);
    const quarter = (Math.PI / 2) * 5000;
    expect(functionValue('Sin', quarter, 0)).toBe(1000);
    expect(functionValue('Cos', 2 * quarter, 0)).toBe(-1000);
    for (let ts = 0; ts < 100_000; ts += 777) {
      expect(Math.abs(functionValue('Sin', ts, 0))).toBeLessThanOrEqual(1000);
      expect(Number.isInteger(functionValue('Cos', ts, 0))).toBe(true);
    }
  });

  const randoms: Array<[string, number, number, number]> = [
    ['steps up to +50', 10, 1, 60],
    ['steps down to -50', 10, 0, -40],
    ['stays put in the middle', 10, 0.5, 10],
    ['rounds to 2 decimals', 0, 0.123456, -37.65],
    ['clamps at 1000', 990, 1, 1000],
    ['clamps at -1000', -990, 0, -1000],
    ['starts from 0 without a previous value', Number.NaN, 0.75, 25],
  ];
  for (const [what, prev, rnd, expected] of randoms) {
    it(`Random ${what}`, () => expect(functionValue('Random', 0, prev, () => rnd)).toBe(expected));
  }

  it('Random walks stay within -1000..1000 with 2 decimals', () => {
    let v = 0;
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 500; i++) {
      v = functionValue('Random', i, v * 40, rnd);
      expect(Math.abs(v)).toBeLessThanOrEqual(1000);
      expect(Math.round(v * 100) / 100).toBe(v);
    }
  });
});

describe('formatValue', () => {
  const table: Array<[unknown, FormatOptions, string]> = [
    [21.456, { decimals: 1, units: '°C' }, '21.5 °C'],
    ['21.456', { decimals: 2 }, '21.46'],
    [21, { decimals: 2, units: '%' }, '21.00 %'],
    [21.456, {}, '21.456'],
    [1e21, {}, '1e+21'],
    [-0.001, { decimals: 2 }, '0.00'],
    [-0.4, { decimals: 0 }, '0'],
    [-1.5, { decimals: 1, units: 'V' }, '-1.5 V'],
    [5, { decimals: 1.5 }, '5'],
    ['  7 ', { decimals: 1 }, '7.0'],
    ['0x1A', { decimals: 1, units: 'V' }, '0x1A'],
    ['ON', { units: 'V' }, 'ON'],
    [true, { units: 'V' }, 'true'],
    [{ a: 1 }, {}, '{"a":1}'],
    [null, { units: 'V' }, ''],
    [undefined, {}, ''],
    ['', { units: 'V' }, ''],
    [Number.NaN, { units: 'V' }, 'NaN'],
  ];
  for (const [value, options, expected] of table) {
    it(`shows ${JSON.stringify(value) ?? String(value)} with ${JSON.stringify(options)} as "${expected}"`, () => {
      expect(formatValue(value, options)).toBe(expected);
    });
  }
});
