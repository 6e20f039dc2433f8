import { describe, expect, it } from 'vitest';
import { fromAttributeColumns, toAttributeColumns } from './attribute-value.ts';

const none = { bool_v: null, str_v: null, long_v: null, dbl_v: null, json_v: null };

describe('toAttributeColumns', () => {
  it('types each JSON value into one column', () => {
    expect(toAttributeColumns(true)).toEqual({ ...none, bool_v: true });
    expect(toAttributeColumns(false)).toEqual({ ...none, bool_v: false });
    expect(toAttributeColumns(42)).toEqual({ ...none, long_v: 42 });
    expect(toAttributeColumns(-7)).toEqual({ ...none, long_v: -7 });
    expect(toAttributeColumns(21.5)).toEqual({ ...none, dbl_v: 21.5 });
    // Whole numbers beyond 2^53 lose precision in JSON already: they are doubles.
    expect(toAttributeColumns(2 ** 60)).toEqual({ ...none, dbl_v: 2 ** 60 });
    expect(toAttributeColumns('42')).toEqual({ ...none, str_v: '42' });
    expect(toAttributeColumns('')).toEqual({ ...none, str_v: '' });
    expect(toAttributeColumns({ a: [1] })).toEqual({ ...none, json_v: { a: [1] } });
    expect(toAttributeColumns([1, 'x'])).toEqual({ ...none, json_v: [1, 'x'] });
  });

  it('refuses values with no column', () => {
    expect(toAttributeColumns(null)).toBe("can't be null");
    expect(toAttributeColumns(undefined)).toMatch(/must be/);
    expect(toAttributeColumns(Number.NaN)).toBe('must be a finite number');
    expect(toAttributeColumns(Infinity)).toBe('must be a finite number');
  });

  it('reads back what it stored', () => {
    for (const v of [true, false, 0, 12, -3.25, 'text', '', { a: 1 }, [true]]) {
      const cols = toAttributeColumns(v);
      if (typeof cols === 'string') throw new Error(cols);
      expect(fromAttributeColumns(cols)).toEqual(v);
    }
  });
});
