import { describe, expect, it } from 'vitest';
import type { KeyFilterPredicate } from '@sapo/common';
import { evaluatePredicate, resolveDynamic, type DynamicSourceLookup } from './alarm-predicate.ts';

const none: DynamicSourceLookup = () => undefined;
const str = (operation: string, v: string, ignoreCase = false): KeyFilterPredicate =>
  ({ type: 'STRING', operation, value: { defaultValue: v }, ignoreCase }) as KeyFilterPredicate;
const num = (operation: string, v: number): KeyFilterPredicate =>
  ({ type: 'NUMERIC', operation, value: { defaultValue: v } }) as KeyFilterPredicate;

describe('string predicates', () => {
  it.each([
    ['EQUAL', 'abc', 'abc', true],
    ['EQUAL', 'abc', 'abd', false],
    ['NOT_EQUAL', 'abc', 'abd', true],
    ['STARTS_WITH', 'abcdef', 'abc', true],
    ['STARTS_WITH', 'abcdef', 'bc', false],
    ['ENDS_WITH', 'abcdef', 'def', true],
    ['CONTAINS', 'abcdef', 'cd', true],
    ['NOT_CONTAINS', 'abcdef', 'cd', false],
    ['NOT_CONTAINS', 'abcdef', 'xy', true],
  ])('%s %s vs %s', (op, value, operand, expected) => {
    expect(evaluatePredicate(str(op, operand), value, none)).toBe(expected);
  });
  it('ignoreCase', () => {
    expect(evaluatePredicate(str('EQUAL', 'ABC'), 'abc', none)).toBe(false);
    expect(evaluatePredicate(str('EQUAL', 'ABC', true), 'abc', none)).toBe(true);
    expect(evaluatePredicate(str('STARTS_WITH', 'AB', true), 'abc', none)).toBe(true);
  });
});

describe('numeric predicates', () => {
  it.each([
    ['EQUAL', 5, 5, true],
    ['NOT_EQUAL', 5, 5, false],
    ['GREATER', 6, 5, true],
    ['GREATER', 5, 5, false],
    ['LESS', 4, 5, true],
    ['GREATER_OR_EQUAL', 5, 5, true],
    ['LESS_OR_EQUAL', 6, 5, false],
  ])('%s %d vs %d', (op, value, operand, expected) => {
    expect(evaluatePredicate(num(op, operand), value, none)).toBe(expected);
  });
  it('numeric strings count as numbers; others and missing values are false', () => {
    expect(evaluatePredicate(num('GREATER', 20), '25.5', none)).toBe(true);
    expect(evaluatePredicate(num('GREATER', 20), 'hot', none)).toBe(false);
    expect(evaluatePredicate(num('GREATER', 20), null, none)).toBe(false);
    expect(evaluatePredicate(num('NOT_EQUAL', 20), undefined, none)).toBe(false);
  });
});

describe('boolean and complex predicates', () => {
  const boolEq = { type: 'BOOLEAN', operation: 'EQUAL', value: { defaultValue: true } } as KeyFilterPredicate;
  const boolNe = { type: 'BOOLEAN', operation: 'NOT_EQUAL', value: { defaultValue: true } } as KeyFilterPredicate;
  it('boolean EQUAL / NOT_EQUAL, string booleans', () => {
    expect(evaluatePredicate(boolEq, true, none)).toBe(true);
    expect(evaluatePredicate(boolEq, 'true', none)).toBe(true);
    expect(evaluatePredicate(boolNe, false, none)).toBe(true);
    expect(evaluatePredicate(boolEq, 'maybe', none)).toBe(false);
  });
  it('nested AND / OR', () => {
    const between: KeyFilterPredicate = {
      type: 'COMPLEX',
      operation: 'AND',
      predicates: [num('GREATER', 10), num('LESS', 20)],
    };
    const p: KeyFilterPredicate = { type: 'COMPLEX', operation: 'OR', predicates: [between, num('EQUAL', 100)] };
    expect(evaluatePredicate(p, 15, none)).toBe(true);
    expect(evaluatePredicate(p, 100, none)).toBe(true);
    expect(evaluatePredicate(p, 25, none)).toBe(false);
    expect(evaluatePredicate({ type: 'COMPLEX', operation: 'OR', predicates: [] }, 1, none)).toBe(false);
  });
});

describe('dynamic values', () => {
  const data: Record<string, Record<string, number>> = {
    DEVICE: { devOnly: 1 },
    CUSTOMER: { custLimit: 30 },
    TENANT: { limit: 50, custLimit: 99 },
  };
  const lookup: DynamicSourceLookup = (src, attr) => data[src]?.[attr];
  const dyn = (sourceType: string, sourceAttribute: string, inherit = false): KeyFilterPredicate =>
    ({
      type: 'NUMERIC',
      operation: 'GREATER',
      value: { defaultValue: 10, userValue: 1000, dynamicValue: { sourceType, sourceAttribute, inherit } },
    }) as KeyFilterPredicate;

  it('uses the source attribute when found', () => {
    expect(evaluatePredicate(dyn('CURRENT_CUSTOMER', 'custLimit'), 31, lookup)).toBe(true);
    expect(evaluatePredicate(dyn('CURRENT_CUSTOMER', 'custLimit'), 29, lookup)).toBe(false);
    expect(evaluatePredicate(dyn('CURRENT_TENANT', 'limit'), 45, lookup)).toBe(false);
  });
  it('falls back to defaultValue (not userValue) without inherit', () => {
    expect(evaluatePredicate(dyn('CURRENT_DEVICE', 'limit'), 11, lookup)).toBe(true);
  });
  it('inherit falls through device → customer → tenant', () => {
    expect(resolveDynamic({ sourceType: 'CURRENT_DEVICE', sourceAttribute: 'custLimit', inherit: true }, lookup)).toBe(
      30,
    );
    expect(resolveDynamic({ sourceType: 'CURRENT_DEVICE', sourceAttribute: 'limit', inherit: true }, lookup)).toBe(50);
    expect(resolveDynamic({ sourceType: 'CURRENT_CUSTOMER', sourceAttribute: 'limit', inherit: true }, lookup)).toBe(
      50,
    );
    expect(resolveDynamic({ sourceType: 'CURRENT_DEVICE', sourceAttribute: 'nope', inherit: true }, lookup)).toBeNull();
    expect(evaluatePredicate(dyn('CURRENT_DEVICE', 'limit', true), 45, lookup)).toBe(false);
  });
});
