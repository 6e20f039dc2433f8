import { describe, expect, it } from 'vitest';
import { typeImportedValue } from './bulk-import.ts';

describe('typeImportedValue', () => {
  it('reads booleans in any case', () => {
    expect(typeImportedValue('true')).toEqual({ type: 'BOOLEAN', value: true });
    expect(typeImportedValue(' FALSE ')).toEqual({ type: 'BOOLEAN', value: false });
  });
  it('reads integers as long and other numbers as double', () => {
    expect(typeImportedValue('42')).toEqual({ type: 'LONG', value: 42 });
    expect(typeImportedValue('-7')).toEqual({ type: 'LONG', value: -7 });
    expect(typeImportedValue('1.5')).toEqual({ type: 'DOUBLE', value: 1.5 });
    expect(typeImportedValue('1.0')).toEqual({ type: 'DOUBLE', value: 1 });
    expect(typeImportedValue('2e3')).toEqual({ type: 'DOUBLE', value: 2000 });
    expect(typeImportedValue('.5')).toEqual({ type: 'DOUBLE', value: 0.5 });
  });
  it('keeps everything else, and integers too big for a double, as strings', () => {
    expect(typeImportedValue('abc')).toEqual({ type: 'STRING', value: 'abc' });
    expect(typeImportedValue('1.2.3')).toEqual({ type: 'STRING', value: '1.2.3' });
    expect(typeImportedValue('12345678901234567890')).toEqual({ type: 'STRING', value: '12345678901234567890' });
    expect(typeImportedValue('0x10')).toEqual({ type: 'STRING', value: '0x10' });
    expect(typeImportedValue('yes')).toEqual({ type: 'STRING', value: 'yes' });
  });
});
