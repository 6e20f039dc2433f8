import { describe, expect, it } from 'vitest';
import { filterResult, jsonNodeType, stringResult, switchResult, toMetadata, updateResult } from './script-results.ts';

const input = { msg: { t: 1 }, metadata: { a: '1' }, msgType: 'IN' };

describe('script result checks (ThingsBoard "Wrong result type")', () => {
  it('names JSON node types like Jackson', () => {
    expect([undefined, null, [], 'x', 1, true, {}].map(jsonNodeType)).toEqual([
      'MISSING',
      'NULL',
      'ARRAY',
      'STRING',
      'NUMBER',
      'BOOLEAN',
      'OBJECT',
    ]);
  });

  it('filter needs a boolean, string a string', () => {
    expect(filterResult(false)).toBe(false);
    expect(() => filterResult(1)).toThrow('Wrong result type: NUMBER');
    expect(() => filterResult(undefined)).toThrow('Wrong result type: MISSING');
    expect(stringResult('log line')).toBe('log line');
    expect(() => stringResult({})).toThrow('Wrong result type: OBJECT');
  });

  it('switch takes a name or an array of names, without duplicates', () => {
    expect(switchResult('High')).toEqual(['High']);
    expect(switchResult(['A', 'B', 'A'])).toEqual(['A', 'B']);
    expect(() => switchResult(['A', null])).toThrow('Wrong result type: NULL');
    expect(() => switchResult(true)).toThrow('Wrong result type: BOOLEAN');
  });

  it('update keeps missing parts and turns metadata values into strings', () => {
    expect(updateResult({ msg: { t: 2 } }, input)).toEqual({ msg: { t: 2 }, metadata: { a: '1' }, msgType: 'IN' });
    expect(updateResult({ metadata: { n: 5, b: true, o: { x: 1 }, gone: null }, msgType: 'OUT' }, input)).toEqual({
      msg: { t: 1 },
      metadata: { n: '5', b: 'true', o: '{"x":1}' },
      msgType: 'OUT',
    });
    expect(() => updateResult([1], input)).toThrow('Wrong result type: ARRAY');
    expect(() => toMetadata('x')).toThrow('Wrong result type: STRING');
  });
});
