import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { parseCountQuery, parseDataQuery } from './entity-query-parse.ts';

const DEVICES = { type: 'entityType', entityType: 'DEVICE' };
const link = { page: 0, pageSize: 10 };

function error(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBe(400);
    return (e as AppError).message;
  }
  throw new Error('no error');
}

describe('parseDataQuery', () => {
  it('normalises ids, operands and defaults', () => {
    const id = 'AB5CDE10-0000-4000-8000-000000000001';
    const q = parseDataQuery({
      entityFilter: { type: 'singleEntity', singleEntity: { entityType: 'DEVICE', id } },
      keyFilters: [
        {
          key: { type: 'TIME_SERIES', key: 't' },
          valueType: 'NUMERIC',
          predicate: {
            type: 'NUMERIC',
            operation: 'GREATER',
            value: { defaultValue: 1, userValue: '2.5', dynamicValue: { sourceType: null } },
          },
        },
      ],
      pageLink: { pageSize: 5, textSearch: '', sortOrder: { key: { type: 'ENTITY_FIELD', key: 'name' } } },
    });
    expect(q.filter).toEqual({ type: 'singleEntity', singleEntity: { entityType: 'DEVICE', id: id.toLowerCase() } });
    expect(q.keyFilters[0]!.predicate).toEqual({
      type: 'NUMERIC',
      operation: 'GREATER',
      value: { value: 2.5, dynamic: null },
    });
    expect(q).toMatchObject({ page: 0, pageSize: 5, textSearch: null, entityFields: [], latestValues: [] });
    expect(q.sortOrder).toEqual({ key: { type: 'ENTITY_FIELD', key: 'name' }, direction: 'ASC' });
  });

  it('keeps a dynamic value with an attribute; a missing static value is then allowed', () => {
    const q = parseCountQuery({
      entityFilter: DEVICES,
      keyFilters: [
        {
          key: { type: 'ENTITY_FIELD', key: 'name' },
          predicate: {
            type: 'STRING',
            operation: 'EQUAL',
            value: { defaultValue: null, dynamicValue: { sourceType: 'CURRENT_USER', sourceAttribute: 'n' } },
          },
        },
      ],
    });
    expect(q.keyFilters[0]!.predicate).toEqual({
      type: 'STRING',
      operation: 'EQUAL',
      ignoreCase: false,
      value: { value: null, dynamic: { sourceType: 'CURRENT_USER', sourceAttribute: 'n', inherit: false } },
    });
  });

  it('names the field of every mistake', () => {
    expect(error(() => parseDataQuery({ entityFilter: { type: 'x' }, pageLink: link }))).toMatch(
      /^Unsupported entity filter type 'x'! Allowed: singleEntity, /,
    );
    expect(error(() => parseDataQuery({ entityFilter: DEVICES, pageLink: { pageSize: 1.5 } }))).toBe(
      "Invalid 'pageLink.pageSize': must be an integer from 1 to 100000",
    );
    expect(
      error(() =>
        parseDataQuery({
          entityFilter: { type: 'entityList', entityType: 'DEVICE', entityList: ['1'] },
          pageLink: link,
        }),
      ),
    ).toBe("Invalid 'entityFilter.entityList[0]': must be a UUID");
    expect(error(() => parseDataQuery({ entityFilter: { type: 'deviceType' }, pageLink: link }))).toBe(
      "Invalid 'entityFilter.deviceType': is required",
    );
    expect(
      error(() =>
        parseDataQuery({ entityFilter: DEVICES, latestValues: [{ type: 'TIME_SERIES', key: ' ' }], pageLink: link }),
      ),
    ).toBe("Invalid 'latestValues[0].key': must be a non-empty string");
    expect(error(() => parseCountQuery([]))).toBe("Invalid 'query': must be an object");
  });

  it('limits how deep complex predicates nest', () => {
    let p: unknown = { type: 'NUMERIC', operation: 'EQUAL', value: { defaultValue: 1 } };
    for (let i = 0; i < 12; i++) p = { type: 'COMPLEX', operation: 'AND', predicates: [p] };
    const body = { entityFilter: DEVICES, keyFilters: [{ key: { type: 'TIME_SERIES', key: 't' }, predicate: p }] };
    expect(error(() => parseCountQuery(body))).toMatch(/nest at most 10 deep/);
  });
});
