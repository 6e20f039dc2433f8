import { describe, expect, it } from 'vitest';
import {
  classifyValue,
  resetForType,
  sameValue,
  typedValueOf,
  typedValueToValue,
  validateTypedValue,
  type TypedValue,
} from './typed-value';

const v = (type: TypedValue['type'], text: string, bool = false): TypedValue => ({ type, text, bool });

describe('typed value input (spec 1-client §4.3, §5)', () => {
  it('classifies incoming values: boolean, integer without a decimal point, double, JSON, else string', () => {
    expect([true, 42, -7, 21.5, { a: 1 }, [1], 'text', null].map(classifyValue)).toEqual([
      'BOOLEAN',
      'INTEGER',
      'INTEGER',
      'DOUBLE',
      'JSON',
      'JSON',
      'STRING',
      'STRING',
    ]);
    expect(typedValueOf({ a: 1 })).toEqual({ type: 'JSON', text: '{\n  "a": 1\n}', bool: false });
    expect(typedValueOf(false)).toEqual({ type: 'BOOLEAN', text: '', bool: false });
    expect(typedValueOf(3.5)).toEqual({ type: 'DOUBLE', text: '3.5', bool: false });
  });

  it('resets the value when the type changes: false for boolean, {} for JSON, else empty', () => {
    expect(resetForType('BOOLEAN')).toEqual({ type: 'BOOLEAN', text: '', bool: false });
    expect(resetForType('JSON')).toEqual({ type: 'JSON', text: '{}', bool: false });
    expect(resetForType('INTEGER')).toEqual({ type: 'INTEGER', text: '', bool: false });
  });

  it("gives the spec's messages", () => {
    expect(validateTypedValue(v('STRING', ''))).toBe('value.string-value-required');
    expect(validateTypedValue(v('INTEGER', ''))).toBe('value.integer-value-required');
    expect(validateTypedValue(v('INTEGER', '1.5'))).toBe('value.invalid-integer-value');
    expect(validateTypedValue(v('INTEGER', '+5'))).toBe('value.invalid-integer-value');
    expect(validateTypedValue(v('INTEGER', '-15'))).toBeUndefined();
    expect(validateTypedValue(v('DOUBLE', ''))).toBe('value.double-value-required');
    expect(validateTypedValue(v('DOUBLE', '1.2.3'))).toBe('value.invalid-double-value');
    expect(validateTypedValue(v('DOUBLE', '-1.5e3'))).toBeUndefined();
    expect(validateTypedValue(v('JSON', ' '))).toBe('value.json-value-required');
    expect(validateTypedValue(v('JSON', '{a:1}'))).toBe('value.json-value-invalid');
    expect(validateTypedValue(v('BOOLEAN', ''))).toBeUndefined();
  });

  it('emits typed values, and null for an invalid input except booleans', () => {
    expect(typedValueToValue(v('STRING', ' hi '))).toBe(' hi ');
    expect(typedValueToValue(v('INTEGER', '42'))).toBe(42);
    expect(typedValueToValue(v('DOUBLE', '21.5'))).toBe(21.5);
    expect(typedValueToValue(v('JSON', '{"a":[1,2]}'))).toEqual({ a: [1, 2] });
    expect(typedValueToValue(v('BOOLEAN', '', true))).toBe(true);
    expect(typedValueToValue(v('INTEGER', 'x'))).toBeNull();
    expect(typedValueToValue(v('JSON', '{'))).toBeNull();
    expect(sameValue({ a: 1 }, { a: 1 })).toBe(true);
    expect(sameValue(1, '1')).toBe(false);
  });
});
