import type { EntityFilter } from '@sapo/common';
import { describe, expect, it } from 'vitest';
import { queryableTables } from './entity-fields.ts';
import { accessSql, entitySetSql, type QueryCaller } from './entity-filter-sql.ts';
import { parseDataQuery } from './entity-query-parse.ts';
import { countStatement, pageStatement, planKeys } from './entity-query-sql.ts';
import { SqlParams } from './sql-params.ts';

const EVIL = "x'); DROP TABLE device; --";
const ROOT = { entityType: 'ASSET' as const, id: '00000000-0000-4000-8000-000000000001' };
const tenantAdmin: QueryCaller = { authority: 'TENANT_ADMIN', tenantId: 't', customerId: 'c', userId: 'u' };
const customerUser: QueryCaller = { ...tenantAdmin, authority: 'CUSTOMER_USER' };

// Every table with the columns the builders read, except dashboards (their issue adds them).
const schema = new Map(
  queryableTables()
    .filter((t) => t !== 'dashboard')
    .map((t) => [
      t,
      new Set([
        'id',
        'created_time',
        'tenant_id',
        'customer_id',
        'name',
        'title',
        'email',
        'type',
        'label',
        'additional_info',
      ]),
    ]),
);

const FILTERS: EntityFilter[] = [
  { type: 'singleEntity', singleEntity: ROOT },
  { type: 'entityList', entityType: 'DEVICE', entityList: [ROOT.id] },
  { type: 'entityName', entityType: 'CUSTOMER', entityNameFilter: EVIL },
  { type: 'entityType', entityType: 'USER' },
  { type: 'stateEntity', defaultStateEntity: ROOT },
  { type: 'assetType', assetType: EVIL, assetNameFilter: EVIL },
  { type: 'deviceType', deviceType: EVIL, deviceNameFilter: EVIL },
  { type: 'entityViewType', entityViewType: EVIL, entityViewNameFilter: EVIL },
  { type: 'apiUsageState' },
  {
    type: 'relationsQuery',
    rootEntity: ROOT,
    direction: 'FROM',
    maxLevel: 2,
    fetchLastLevelOnly: true,
    filters: [{ relationType: EVIL, entityTypes: ['DEVICE'] }],
  },
  { type: 'assetSearchQuery', rootEntity: ROOT, direction: 'TO', relationType: EVIL, assetTypes: [EVIL] },
  { type: 'deviceSearchQuery', rootEntity: ROOT, direction: 'FROM', relationType: null, deviceTypes: [] },
  { type: 'entityViewSearchQuery', rootEntity: ROOT, direction: 'FROM', relationType: EVIL, entityViewTypes: [EVIL] },
];

function placeholders(sql: string): number[] {
  return [...new Set([...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
}

describe('entitySetSql', () => {
  it.each(FILTERS.map((f) => [f.type, f] as const))(
    '%s: user values only as parameters, every parameter used',
    (_type, filter) => {
      for (const caller of [tenantAdmin, customerUser]) {
        const params = new SqlParams();
        const set = entitySetSql(filter, {
          params,
          caller,
          schema,
          fieldKeys: ['name', 'createdTime', 'additionalInfo'],
        });
        const sql = [...set.ctes, set.select].join('\n');
        expect(sql).not.toContain('DROP TABLE');
        expect(placeholders(sql)).toEqual(params.values.map((_, i) => i + 1));
        expect(set.recursive).toBe(set.ctes.length > 0);
      }
    },
  );

  it('relation filters walk recursively with a level cap and the last-level condition', () => {
    const params = new SqlParams();
    const set = entitySetSql(FILTERS[9]!, { params, caller: tenantAdmin, schema, fieldKeys: [] });
    expect(set.ctes[0]).toMatch(/^walk\(.*UNION[\s\S]*w\.lvl < \$1::int/s);
    expect(set.ctes[2]).toContain('h.lvl = $1::int');
    expect(params.values[0]).toBe(2);
    // Every filter names DEVICE: no other table is read.
    expect(set.select).toContain('FROM device t');
    expect(set.select).not.toContain('FROM asset t');
  });

  it('types without a table (dashboards, API usage states) select nothing', () => {
    const params = new SqlParams();
    const set = entitySetSql(
      { type: 'entityType', entityType: 'DASHBOARD' },
      { params, caller: tenantAdmin, schema, fieldKeys: ['name'] },
    );
    expect(set.select).toMatch(/WHERE false$/);
    expect(params.values).toEqual([]);
  });
});

describe('accessSql', () => {
  const sql = (caller: QueryCaller, type: Parameters<typeof accessSql>[1]) =>
    accessSql(caller, type, 't', new SqlParams());
  it('tenant roles: the tenant; customers: their own entities only', () => {
    expect(sql(tenantAdmin, 'DEVICE')).toBe('t.tenant_id = $1::uuid');
    expect(sql(tenantAdmin, 'TENANT')).toBe('t.id = $1::uuid');
    expect(sql(customerUser, 'ASSET')).toBe('t.tenant_id = $1::uuid AND t.customer_id = $2::uuid');
    expect(sql(customerUser, 'CUSTOMER')).toBe('t.tenant_id = $1::uuid AND t.id = $2::uuid');
    expect(sql(customerUser, 'USER')).toBe('t.tenant_id = $2::uuid AND (t.id = $1::uuid)');
    expect(sql({ ...customerUser, authority: 'CUSTOMER_ADMIN' }, 'USER')).toContain('OR t.customer_id =');
    expect(sql(customerUser, 'TENANT')).toBeNull();
    expect(sql(customerUser, 'DASHBOARD')).toBeNull();
    expect(sql({ ...tenantAdmin, authority: 'SYS_ADMIN' }, 'TENANT')).toBeNull();
  });
});

describe('statements', () => {
  const query = parseDataQuery({
    entityFilter: { type: 'entityType', entityType: 'DEVICE' },
    entityFields: [{ type: 'ENTITY_FIELD', key: 'name' }],
    latestValues: [
      { type: 'TIME_SERIES', key: 'a' },
      { type: 'ATTRIBUTE', key: 'b' },
    ],
    keyFilters: [
      {
        key: { type: 'SERVER_ATTRIBUTE', key: EVIL },
        predicate: { type: 'STRING', operation: 'EQUAL', value: { defaultValue: EVIL } },
      },
    ],
    pageLink: { page: 2, pageSize: 5, sortOrder: { key: { type: 'TIME_SERIES', key: 'a' }, direction: 'DESC' } },
  });

  it('plans each key once, fields and latest keys apart', () => {
    expect(planKeys(query)).toEqual({
      fieldKeys: ['name'],
      latestKeys: [
        { type: 'TIME_SERIES', key: 'a' },
        { type: 'ATTRIBUTE', key: 'b' },
        { type: 'SERVER_ATTRIBUTE', key: EVIL },
      ],
    });
  });

  it('the count joins only what its conditions read; the page joins all and pages', () => {
    const count = countStatement({ query, caller: tenantAdmin, schema }, true);
    expect(count.sql).toContain("attribute_type = 'SERVER_SCOPE'");
    expect(count.sql).not.toContain('ts_kv_latest');
    expect(placeholders(count.sql)).toEqual(count.params.map((_, i) => i + 1));
    const page = pageStatement({ query, caller: tenantAdmin, schema });
    expect(page.sql).toContain('ts_kv_latest');
    expect(page.sql).toMatch(
      /ORDER BY COALESCE\(k0\.long_v.* DESC NULLS LAST, COALESCE\(k0\.str_v.* DESC NULLS LAST, e\.entity_type, e\.id/,
    );
    const [, limit, offset] = page.sql.match(/LIMIT \$(\d+)::bigint OFFSET \$(\d+)::bigint/)!;
    expect([page.params[Number(limit) - 1], page.params[Number(offset) - 1]]).toEqual([5, 10]);
    // Shown-only values (ATTRIBUTE b) are joined after paging, to the page's rows alone.
    const [paged, outer] = page.sql.split(/\) e\n/);
    expect(paged).not.toContain('ORDER BY last_update_ts DESC');
    expect(paged).toContain('ts_kv_latest');
    expect(paged).toContain("attribute_type = 'SERVER_SCOPE'");
    expect(outer).toContain('ORDER BY last_update_ts DESC');
    expect(page.sql).not.toContain('DROP TABLE');
    expect(placeholders(page.sql)).toEqual(page.params.map((_, i) => i + 1));
  });
});
