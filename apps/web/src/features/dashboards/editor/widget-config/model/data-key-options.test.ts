import { describe, expect, it } from 'vitest';
import { predefinedFunctionOf } from '../../../model/data-key';
import { keyOptionsFor, newDataKey } from './data-key-options';

describe('data key options', () => {
  it('offers time series, then attributes, then entity fields, each sorted and once', () => {
    const options = keyOptionsFor('entity', { timeseries: ['temp', 'hum', 'temp'], attribute: ['fw'] });
    expect(options.slice(0, 3)).toEqual([
      { name: 'hum', type: 'timeseries' },
      { name: 'temp', type: 'timeseries' },
      { name: 'fw', type: 'attribute' },
    ]);
    expect(options.some((o) => o.type === 'entityField' && o.name === 'name')).toBe(true);
  });
  it('offers the predefined functions and the count key for their datasource types', () => {
    expect(keyOptionsFor('function', {}).map((o) => o.label)).toEqual(['Sin', 'Cos', 'Random']);
    expect(keyOptionsFor('entityCount', {})).toEqual([{ name: 'count', type: 'count', label: 'count' }]);
  });
  it('gives new keys unused colours and function keys a generator the viewer knows', () => {
    const first = newDataKey('temp', 'timeseries', [], 0);
    const second = newDataKey('hum', 'timeseries', [first], 0);
    expect(second.color).not.toBe(first.color);
    const sin = newDataKey('sin', 'function', [], 0);
    expect(sin.label).toBe('Sin');
    expect(predefinedFunctionOf(sin)).toBe('Sin');
  });
});
