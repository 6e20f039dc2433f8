import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { attrs, names, seedQueryWorld, type QueryWorld } from './entity-query-fixtures.ts';
import { scaled } from '../../test/timeouts.ts';

let t: TestApp;
let w: QueryWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await seedQueryWorld(t);
  // Dynamic value sources: tenant, customer A, the tenant administrator, customer A's threshold.
  const user = (await t.db.query<{ id: string }>(`SELECT id FROM tb_user WHERE email = 'tenant@sapo.local'`))[0]!.id;
  await attrs(t, w.tenantId, 'TENANT', w.tenantId, 'SERVER_SCOPE', {
    limit: 40,
    tenantOnly: 8,
    favourite: 'Pump 2',
    wantActive: true,
  });
  await attrs(t, w.tenantId, 'CUSTOMER', w.customers.A, 'SERVER_SCOPE', { limit: 10, threshold: 5 });
  await attrs(t, w.tenantId, 'USER', user, 'SERVER_SCOPE', { limit: 25 });
}, scaled(60_000));
afterAll(() => t.close());

const DEVICES = { type: 'entityType', entityType: 'DEVICE' };
type Pred = Record<string, unknown>;
const num = (operation: string, defaultValue: unknown, extra: Pred = {}) => ({
  type: 'NUMERIC',
  operation,
  value: { defaultValue, userValue: null, dynamicValue: null, ...extra },
});
const str = (operation: string, defaultValue: string, ignoreCase = false, extra: Pred = {}) => ({
  type: 'STRING',
  operation,
  ignoreCase,
  value: { defaultValue, ...extra },
});
const bool = (operation: string, defaultValue: boolean, extra: Pred = {}) => ({
  type: 'BOOLEAN',
  operation,
  value: { defaultValue, ...extra },
});
const complex = (operation: string, ...predicates: unknown[]) => ({ type: 'COMPLEX', operation, predicates });
const on = (type: string, key: string, predicate: unknown, valueType = 'NUMERIC') => ({
  key: { type, key },
  valueType,
  predicate,
});
const temp = (predicate: unknown) => on('SERVER_ATTRIBUTE', 'temperature', predicate);
const field = (key: string, predicate: unknown) => on('ENTITY_FIELD', key, predicate, 'STRING');
const dyn = (sourceType: string, sourceAttribute: string, inherit = false) => ({
  dynamicValue: { sourceType, sourceAttribute, inherit },
});

const match = (...keyFilters: unknown[]) => names(t, w, w.tokens.tenant, DEVICES, keyFilters);

describe('NUMERIC predicates (attribute temperature: Pump 1 50, Pump 2 20.5, Thermo A 9, Thermo B "n/a")', () => {
  it.each([
    ['EQUAL', 50, ['Pump 1']],
    ['NOT_EQUAL', 50, ['Pump 2', 'Thermo A']],
    ['GREATER', 20.5, ['Pump 1']],
    ['GREATER_OR_EQUAL', 20.5, ['Pump 1', 'Pump 2']],
    ['LESS', 20.5, ['Thermo A']],
    ['LESS_OR_EQUAL', '20.5', ['Pump 2', 'Thermo A']],
  ])('%s %s', async (op, value, expected) => {
    expect(await match(temp(num(op, value)))).toEqual(expected);
  });

  it('userValue overrides defaultValue', async () => {
    expect(await match(temp(num('GREATER', 100, { userValue: 40 })))).toEqual(['Pump 1']);
  });

  it('time series and DATE_TIME entity fields compare as numbers', async () => {
    expect(await match(on('TIME_SERIES', 'humidity', num('GREATER', 50)))).toEqual(['Pump 1', 'Thermo A']);
    expect(await match(on('TIME_SERIES', 'humidity', num('LESS_OR_EQUAL', 55.5)))).toEqual(['Pump 2', 'Thermo A']);
    expect(await match(on('ENTITY_FIELD', 'createdTime', num('GREATER', 0), 'DATE_TIME'))).toHaveLength(4);
    expect(await match(on('ENTITY_FIELD', 'createdTime', num('LESS', 0), 'DATE_TIME'))).toEqual([]);
  });
});

describe('STRING predicates', () => {
  it.each([
    ['EQUAL', 'name', 'Pump 1', false, ['Pump 1']],
    ['EQUAL', 'name', 'pump 1', false, []],
    ['EQUAL', 'name', 'pump 1', true, ['Pump 1']],
    ['NOT_EQUAL', 'name', 'Pump 1', false, ['Pump 2', 'Thermo A', 'Thermo B']],
    ['STARTS_WITH', 'name', 'Thermo', false, ['Thermo A', 'Thermo B']],
    ['ENDS_WITH', 'name', 'a', true, ['Thermo A']],
    ['ENDS_WITH', 'name', 'a', false, []],
    ['CONTAINS', 'label', 'oo', false, ['Pump 2']],
    ['CONTAINS', 'label', 'O', true, ['Pump 2', 'Thermo A']],
    ['NOT_CONTAINS', 'label', 'oo', false, ['Pump 1', 'Thermo A', 'Thermo B']],
    // A missing value reads as "".
    ['EQUAL', 'label', '', false, ['Thermo B']],
    ['EQUAL', 'name', "x' OR '1'='1", false, []],
  ])('%s %s %j ignoreCase=%s', async (op, key, value, ignoreCase, expected) => {
    expect(await match(field(key, str(op, value, ignoreCase)))).toEqual(expected);
  });

  it('work on attribute values of any type as text', async () => {
    expect(await match(temp(str('EQUAL', 'n/a')))).toEqual(['Thermo B']);
    expect(await match(temp(str('STARTS_WITH', '20.')))).toEqual(['Pump 2']);
    expect(await match(on('CLIENT_ATTRIBUTE', 'fw', str('STARTS_WITH', '1.'), 'STRING'))).toEqual(['Pump 1']);
  });
});

describe('BOOLEAN predicates (active: Pump 2 true, Thermo A false)', () => {
  it.each([
    ['EQUAL', true, ['Pump 2']],
    ['EQUAL', false, ['Thermo A']],
    ['NOT_EQUAL', true, ['Thermo A']],
  ])('%s %s', async (op, value, expected) => {
    expect(await match(on('SERVER_ATTRIBUTE', 'active', bool(op, value), 'BOOLEAN'))).toEqual(expected);
  });
});

describe('COMPLEX predicates and several key filters', () => {
  it('OR, AND and nesting', async () => {
    expect(await match(temp(complex('OR', num('LESS', 10), num('GREATER', 40))))).toEqual(['Pump 1', 'Thermo A']);
    expect(await match(temp(complex('AND', num('GREATER', 5), num('LESS', 30))))).toEqual(['Pump 2', 'Thermo A']);
    expect(
      await match(temp(complex('OR', complex('AND', num('GREATER', 5), num('LESS', 10)), num('EQUAL', 50)))),
    ).toEqual(['Pump 1', 'Thermo A']);
    expect(await match(field('name', complex('OR', str('STARTS_WITH', 'Pump'), str('ENDS_WITH', 'B'))))).toEqual([
      'Pump 1',
      'Pump 2',
      'Thermo B',
    ]);
    expect(await match(temp(complex('AND')))).toHaveLength(4);
  });

  it('key filters are AND-ed', async () => {
    expect(await match(field('name', str('STARTS_WITH', 'Pump')), temp(num('GREATER', 30)))).toEqual(['Pump 1']);
  });
});

describe('key types', () => {
  it('ATTRIBUTE reads any scope (newest first); a scoped key reads only its scope', async () => {
    expect(await match(on('ATTRIBUTE', 'threshold', num('EQUAL', 45)))).toEqual(['Pump 1']);
    expect(await match(on('SHARED_ATTRIBUTE', 'threshold', num('EQUAL', 45)))).toEqual(['Pump 1']);
    expect(await match(on('SERVER_ATTRIBUTE', 'threshold', num('EQUAL', 45)))).toEqual([]);
    await attrs(t, w.tenantId, 'DEVICE', w.ids['Pump 2']!, 'CLIENT_SCOPE', { temperature: 99 }, 2000);
    expect(await match(on('ATTRIBUTE', 'temperature', num('GREATER', 90)))).toEqual(['Pump 2']);
    expect(await match(temp(num('GREATER', 90)))).toEqual([]);
  });
});

describe('dynamic values', () => {
  it('CURRENT_TENANT, CURRENT_USER: the attribute wins over the default', async () => {
    expect(await match(temp(num('GREATER', 1000, dyn('CURRENT_TENANT', 'limit'))))).toEqual(['Pump 1']);
    expect(await match(temp(num('GREATER', 0, dyn('CURRENT_TENANT', 'missing'))))).toEqual([
      'Pump 1',
      'Pump 2',
      'Thermo A',
    ]);
    expect(await match(temp(num('GREATER', 1000, dyn('CURRENT_USER', 'limit'))))).toEqual(['Pump 1']);
    expect(await match(temp(num('GREATER', 1000, dyn('CURRENT_USER', 'tenantOnly', true))))).toEqual([
      'Pump 1',
      'Pump 2',
      'Thermo A',
    ]);
    expect(await match(field('name', str('EQUAL', '', false, dyn('CURRENT_TENANT', 'favourite'))))).toEqual(['Pump 2']);
    expect(
      await match(
        on('SERVER_ATTRIBUTE', 'active', bool('EQUAL', false, dyn('CURRENT_TENANT', 'wantActive')), 'BOOLEAN'),
      ),
    ).toEqual(['Pump 2']);
  });

  it('CURRENT_CUSTOMER, inheriting from the tenant when asked', async () => {
    const c = (p: unknown) => names(t, w, w.tokens.customer, DEVICES, [temp(p)]);
    expect(await c(num('GREATER', 1000, dyn('CURRENT_CUSTOMER', 'limit')))).toEqual(['Pump 1']);
    expect(await c(num('GREATER', 100, dyn('CURRENT_CUSTOMER', 'tenantOnly')))).toEqual([]);
    expect(await c(num('GREATER', 100, dyn('CURRENT_CUSTOMER', 'tenantOnly', true)))).toEqual(['Pump 1', 'Thermo A']);
  });

  it('CURRENT_DEVICE is the entity itself, then its customer and tenant with inherit', async () => {
    expect(await match(temp(num('GREATER', 1000, dyn('CURRENT_DEVICE', 'threshold'))))).toEqual(['Pump 1']);
    expect(await match(temp(num('GREATER', 1000, dyn('CURRENT_DEVICE', 'threshold', true))))).toEqual([
      'Pump 1',
      'Thermo A',
    ]);
  });
});

describe('bad key filters are 400s naming the problem', () => {
  const bad = async (keyFilters: unknown[], message: RegExp) => {
    const res = await t.request('POST', '/api/entitiesQuery/count', {
      token: w.tokens.tenant,
      body: { entityFilter: DEVICES, keyFilters },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
  };
  it('rejects unknown key types, operations and values of the wrong type', async () => {
    await bad([on('ALARM_FIELD', 'x', num('EQUAL', 1))], /keyFilters\[0\]\.key\.type.*ALARM_FIELD/);
    await bad([temp(num('LIKE', 1))], /keyFilters\[0\]\.predicate\.operation/);
    await bad([temp(num('EQUAL', 'abc'))], /must be a finite number/);
    await bad([temp(bool('EQUAL', 'yes' as never))], /must be a boolean/);
    await bad([temp(num('EQUAL', null))], /defaultValue/);
    await bad([temp({ type: 'REGEX' })], /predicate\.type/);
    await bad([{ ...temp(num('EQUAL', 1)), valueType: 'INTEGER' }], /valueType/);
  });
});
