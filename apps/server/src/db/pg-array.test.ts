import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boolArray, numberArray, textArray } from './pg-array.ts';
import type { PgliteDb } from './pglite.ts';
import { startEmptyPglite } from '../test/empty-pglite.ts';
import { scaled } from '../test/timeouts.ts';

describe('pg array literals', () => {
  it('spells numbers, booleans and nulls', () => {
    expect(numberArray([1, -2.5, null, undefined, 1e21, 1e-7])).toBe('{1,-2.5,NULL,NULL,1e+21,1e-7}');
    expect(numberArray([NaN, Infinity, -Infinity])).toBe('{NaN,Infinity,-Infinity}');
    expect(boolArray([true, false, null])).toBe('{t,f,NULL}');
    expect(numberArray([])).toBe('{}');
  });

  it('quotes every text element and escapes quotes and backslashes', () => {
    expect(textArray(['a', 'NULL', '', null, 'x,y{}', 'say "hi"', 'c:\\dir'])).toBe(
      '{"a","NULL","",NULL,"x,y{}","say \\"hi\\"","c:\\\\dir"}',
    );
  });

  describe('as Postgres reads them', () => {
    let db: PgliteDb;
    beforeAll(async () => {
      db = await startEmptyPglite();
    }, scaled(60_000));
    afterAll(() => db?.close());

    it('round-trips awkward text, jsonb, numbers and booleans', async () => {
      const texts = ['plain', 'NULL', '', 'x,y{}', 'say "hi"', 'back\\slash', 'ünï €', ' lead', null];
      const json = [JSON.stringify({ a: 'q"\\', n: [1, 2] }), null];
      const nums = [0, -1.5, 2 ** 53 - 1, 1e-7, null];
      const [row] = await db.query<{ t: (string | null)[]; j: unknown[]; n: (number | null)[]; b: unknown[] }>(
        'SELECT $1::text[] AS t, $2::jsonb[] AS j, $3::float8[] AS n, $4::boolean[] AS b',
        [textArray(texts), textArray(json), numberArray(nums), boolArray([true, false, null])],
      );
      expect(row!.t).toEqual(texts);
      expect(row!.j).toEqual([{ a: 'q"\\', n: [1, 2] }, null]);
      expect(row!.n.map((v) => (v === null ? null : Number(v)))).toEqual(nums);
      expect(row!.b).toEqual([true, false, null]);
      const [big] = await db.query<{ l: string[] }>('SELECT $1::bigint[]::text[] AS l', [
        numberArray([1795295446356, -3]),
      ]);
      expect(big!.l).toEqual(['1795295446356', '-3']);
    });
  });
});
