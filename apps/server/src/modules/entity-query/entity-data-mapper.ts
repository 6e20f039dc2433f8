import {
  dict,
  valueAsString,
  type DataType,
  type EntityData,
  type EntityKeyType,
  type TsKvEntry,
  type TsValue,
} from '@sapo/common';
import { fieldKind } from './entity-fields.ts';
import type { ParsedDataQuery } from './entity-query-parse.ts';
import type { KeyPlan } from './entity-query-sql.ts';

/** A row of the page statement: id, entity_type, f<i>, k<i>_{b,s,l,d,j,ts}. */
export type PageRow = Record<string, unknown> & { id: string; entity_type: string };

const MISSING: TsValue = { ts: 0, value: '' };

/** A stored key-value as ThingsBoard prints it (valueAsString); undefined when there is none. */
function kvValue(row: PageRow, alias: string): TsValue | undefined {
  const cols: Array<[string, DataType]> = [
    ['b', 'BOOLEAN'],
    ['l', 'LONG'],
    ['d', 'DOUBLE'],
    ['s', 'STRING'],
    ['j', 'JSON'],
  ];
  for (const [suffix, type] of cols) {
    const value = row[`${alias}_${suffix}`];
    if (value !== null && value !== undefined) {
      return { ts: Number(row[`${alias}_ts`] ?? 0), value: valueAsString({ type, value }) };
    }
  }
  return undefined;
}

function fieldValue(key: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (fieldKind(key) === 'json') return typeof value === 'string' ? value : JSON.stringify(value);
  return String(value);
}

/**
 * EntityData of a row: entity fields carry the query time as ts (ThingsBoard does the same), latest
 * values their own ts; a missing value is {ts: 0, value: ""}. All values are strings. `fresh`: the
 * time-series store's latest values of the entity (they include points not yet in ts_kv_latest).
 */
export function toEntityData(
  row: PageRow,
  q: ParsedDataQuery,
  plan: KeyPlan,
  now: number,
  fresh?: readonly TsKvEntry[],
): EntityData {
  const latest: Partial<Record<EntityKeyType, Record<string, TsValue>>> = {};
  const put = (type: EntityKeyType, key: string, v: TsValue) => {
    (latest[type] ??= dict())[key] = v;
  };
  for (const k of q.entityFields) {
    put('ENTITY_FIELD', k.key, { ts: now, value: fieldValue(k.key, row[`f${plan.fieldKeys.indexOf(k.key)}`]) });
  }
  for (const k of q.latestValues) {
    const i = plan.latestKeys.findIndex((l) => l.type === k.type && l.key === k.key);
    let v = kvValue(row, `k${i}`);
    if (k.type === 'TIME_SERIES') {
      // The store writes latest values every few hundred ms; its newer unsaved ones win here.
      const f = fresh?.find((e) => e.key === k.key);
      if (f && (!v || f.ts >= v.ts)) v = { ts: f.ts, value: valueAsString(f) };
    }
    put(k.type, k.key, v ?? MISSING);
  }
  return {
    entityId: { entityType: row.entity_type as EntityData['entityId']['entityType'], id: row.id },
    latest,
    timeseries: {},
  };
}
