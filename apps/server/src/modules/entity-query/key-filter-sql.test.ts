import { describe, expect, it } from 'vitest';
import type { Predicate } from './entity-query-parse.ts';
import { fieldValueSql, kvValueSql, operandSql, predicateSql, type DynamicContext } from './key-filter-sql.ts';
import { SqlParams } from './sql-params.ts';

const ctx: DynamicContext = {
  tenantId: 'tenant-id',
  customerId: 'customer-id',
  userId: 'user-id',
  row: { id: 'e.id', ownerCustomer: 'e.owner_customer', ownerTenant: 'e.owner_tenant' },
};
const v = kvValueSql('k0');
const s = (p: Predicate) => {
  const params = new SqlParams();
  return { sql: predicateSql(p, v, params, ctx), params: params.values };
};
const str = (operation: string, value: string, ignoreCase = false): Predicate => ({
  type: 'STRING',
  operation,
  ignoreCase,
  value: { value, dynamic: null },
});
const num = (operation: string, value: number): Predicate => ({
  type: 'NUMERIC',
  operation,
  value: { value, dynamic: null },
});

/** Every placeholder the parameters need is in the SQL, and no other: PostgreSQL rejects unused ones. */
function expectPlaceholders(sql: string, params: unknown[]) {
  const used = new Set([...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  expect([...used].sort((a, b) => a - b)).toEqual(params.map((_, i) => i + 1));
}

describe('predicateSql', () => {
  it.each([
    ['EQUAL', '= $1::text'],
    ['NOT_EQUAL', '<> $1::text'],
    ['STARTS_WITH', 'starts_with('],
    ['ENDS_WITH', 'right('],
    ['CONTAINS', ') > 0'],
    ['NOT_CONTAINS', ') = 0'],
  ])('STRING %s compares the text reading, missing as ""', (op, fragment) => {
    const { sql, params } = s(str(op, "it's"));
    expect(sql).toContain(fragment);
    expect(sql).toContain(`COALESCE(${v.text}, '')`);
    expect(sql).not.toContain("it's");
    expect(params).toEqual(["it's"]);
    expectPlaceholders(sql, params);
  });

  it('STRING with ignoreCase lowers both sides', () => {
    expect(s(str('EQUAL', 'A', true)).sql).toContain(`lower(COALESCE(${v.text}, '')) = lower($1::text)`);
  });

  it.each([
    ['EQUAL', '='],
    ['NOT_EQUAL', '<>'],
    ['GREATER', '>'],
    ['LESS', '<'],
    ['GREATER_OR_EQUAL', '>='],
    ['LESS_OR_EQUAL', '<='],
  ])('NUMERIC %s uses %s on the numeric reading', (op, sqlOp) => {
    const { sql, params } = s(num(op, 1.5));
    expect(sql).toBe(`COALESCE(${v.num} ${sqlOp} $1::numeric, false)`);
    expect(params).toEqual([1.5]);
  });

  it('BOOLEAN EQUAL / NOT_EQUAL', () => {
    const p = (operation: string): Predicate => ({ type: 'BOOLEAN', operation, value: { value: true, dynamic: null } });
    expect(s(p('EQUAL')).sql).toBe(`COALESCE(${v.bool} = $1::boolean, false)`);
    expect(s(p('NOT_EQUAL')).sql).toBe(`COALESCE(${v.bool} <> $1::boolean, false)`);
  });

  it('COMPLEX groups its children; an empty one accepts everything', () => {
    const { sql, params } = s({
      type: 'COMPLEX',
      operation: 'OR',
      predicates: [
        num('LESS', 1),
        { type: 'COMPLEX', operation: 'AND', predicates: [num('GREATER', 5), num('LESS', 9)] },
      ],
    });
    expect(sql).toMatch(
      /^\(COALESCE\(.* < \$1::numeric, false\) OR \(COALESCE\(.* > \$2::numeric, false\) AND COALESCE\(.* < \$3::numeric, false\)\)\)$/,
    );
    expect(params).toEqual([1, 5, 9]);
    expect(s({ type: 'COMPLEX', operation: 'AND', predicates: [] }).sql).toBe('TRUE');
  });
});

describe('operandSql with dynamic values', () => {
  const op = (sourceType: string, inherit: boolean, value: number | null = 7) => {
    const params = new SqlParams();
    const sql = operandSql(
      { value, dynamic: { sourceType: sourceType as 'CURRENT_TENANT', sourceAttribute: 'limit', inherit } },
      'num',
      params,
      ctx,
    );
    expectPlaceholders(sql, params.values);
    return { sql, params: params.values };
  };

  it('looks up the source, then falls back to the static value', () => {
    const { sql, params } = op('CURRENT_TENANT', false);
    expect(params).toEqual(['limit', 'tenant-id', 7]);
    expect(sql).toMatch(
      /^COALESCE\(\(SELECT .* FROM attribute_kv d[\s\S]*d\.entity_id = \$2::uuid[\s\S]*SERVER_SCOPE[\s\S]*\), \$3::numeric\)$/,
    );
  });

  it('inherit walks the owner chain: user → customer → tenant', () => {
    expect(op('CURRENT_USER', true).params).toEqual(['limit', 'user-id', 'customer-id', 'tenant-id', 7]);
    expect(op('CURRENT_CUSTOMER', true).params).toEqual(['limit', 'customer-id', 'tenant-id', 7]);
    expect(op('CURRENT_CUSTOMER', false, null).params).toEqual(['limit', 'customer-id']);
  });

  it('CURRENT_DEVICE reads the row itself (any scope), then its owners', () => {
    const { sql, params } = op('CURRENT_DEVICE', true);
    expect(params).toEqual(['limit', 7]);
    expect(sql).toContain('d.entity_id = e.id AND');
    expect(sql).toContain('d.entity_id = e.owner_customer');
    expect(sql).toContain('d.entity_id = e.owner_tenant');
    expect(sql.split('SERVER_SCOPE')).toHaveLength(3);
  });
});

describe('value readings', () => {
  it('entity fields by kind', () => {
    expect(fieldValueSql('e.f0', 'number')).toEqual({
      text: '(e.f0)::text',
      num: '(e.f0)::numeric',
      bool: 'NULL::boolean',
    });
    expect(fieldValueSql('e.f1', 'json').num).toBe('NULL::numeric');
    expect(fieldValueSql('e.f2', 'text').num).toContain("e.f2 ~ '");
  });
});
