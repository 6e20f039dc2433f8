import { BUILDING_ATTRIBUTE_KEYS, CONTAINS_RELATION, type HierarchyAsset, type MeterSample } from '@sapo/common';
import type { Queryable } from '../../db/database.ts';
import { fromColumns, VALUE_COLUMNS, type ValueColumns } from '../telemetry/ts-columns.ts';

/** Asset types of the hierarchy, normalised as `assetLevel` does (lower case, runs of space/_/- → one space). */
const NORM_TYPE = `regexp_replace(lower(btrim(a.type)), '[[:space:]_-]+', ' ', 'g')`;
const MINUTE = 60_000;

export interface DeviceRow {
  id: string;
  name: string;
  label: string | null;
  type: string;
}

/** SQL of the building model and meter reads; `customerId` null means "the whole tenant". */
export class BuildingsRepository {
  constructor(private readonly db: Queryable) {}

  async assets(tenantId: string, customerId: string | null, levelTypes: readonly string[]): Promise<HierarchyAsset[]> {
    return this.db.query<HierarchyAsset>(
      `SELECT a.id::text AS id, a.name, a.label, a.type FROM asset a
       WHERE a.tenant_id = $1 AND ($2::uuid IS NULL OR a.customer_id = $2) AND ${NORM_TYPE} = ANY($3::text[])`,
      [tenantId, customerId, levelTypes],
    );
  }

  /** `Contains` relations out of the given assets (to assets and devices). */
  async containsFrom(assetIds: readonly string[]): Promise<{ fromId: string; toId: string; toType: string }[]> {
    if (!assetIds.length) return [];
    return this.db.query(
      `SELECT from_id::text AS "fromId", to_id::text AS "toId", to_type AS "toType" FROM relation
       WHERE from_id = ANY($1::uuid[]) AND from_type = 'ASSET' AND relation_type_group = 'COMMON'
         AND relation_type = $2 AND to_type IN ('ASSET', 'DEVICE')`,
      [assetIds, CONTAINS_RELATION],
    );
  }

  async devices(tenantId: string, customerId: string | null, ids: readonly string[]): Promise<DeviceRow[]> {
    if (!ids.length) return [];
    return this.db.query<DeviceRow>(
      `SELECT d.id::text AS id, d.name, d.label, d.type FROM device d
       WHERE d.tenant_id = $1 AND ($2::uuid IS NULL OR d.customer_id = $2) AND d.id = ANY($3::uuid[])`,
      [tenantId, customerId, ids],
    );
  }

  /** The model's SERVER_SCOPE attributes of the devices, by device id. */
  async modelAttributes(ids: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
    const out = new Map<string, Record<string, unknown>>();
    if (!ids.length) return out;
    const rows = await this.db.query<ValueColumns & { entity_id: string; attribute_key: string }>(
      `SELECT entity_id::text AS entity_id, attribute_key, ${VALUE_COLUMNS} FROM attribute_kv
       WHERE entity_id = ANY($1::uuid[]) AND attribute_type = 'SERVER_SCOPE' AND attribute_key = ANY($2::text[])`,
      [ids, BUILDING_ATTRIBUTE_KEYS],
    );
    for (const r of rows) {
      const m = out.get(r.entity_id) ?? {};
      m[r.attribute_key] = fromColumns(r).value;
      out.set(r.entity_id, m);
    }
    return out;
  }

  /** Time-series keys each device has a latest value of. */
  async latestKeys(ids: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (!ids.length) return out;
    const rows = await this.db.query<{ entity_id: string; key: string }>(
      'SELECT entity_id::text AS entity_id, key FROM ts_kv_latest WHERE entity_id = ANY($1::uuid[])',
      [ids],
    );
    for (const r of rows) out.set(r.entity_id, [...(out.get(r.entity_id) ?? []), r.key]);
    return out;
  }

  /** A tenant's SERVER_SCOPE attributes among `keys`, by key. */
  async tenantAttributes(tenantId: string, keys: readonly string[]): Promise<Map<string, unknown>> {
    const rows = await this.db.query<ValueColumns & { attribute_key: string }>(
      `SELECT attribute_key, ${VALUE_COLUMNS} FROM attribute_kv
       WHERE entity_id = $1 AND attribute_type = 'SERVER_SCOPE' AND attribute_key = ANY($2::text[])`,
      [tenantId, keys],
    );
    return new Map(rows.map((r) => [r.attribute_key, fromColumns(r).value]));
  }

  async keyId(key: string): Promise<number | undefined> {
    const rows = await this.db.query<{ key_id: number }>('SELECT key_id FROM ts_kv_dictionary WHERE key = $1', [key]);
    return rows[0]?.key_id;
  }

  /**
   * Readings of a cumulative counter in [startTs, endTs), thinned to the highest reading per `stepMs`
   * (a counter's highest reading in a step is its last one) placed at the step's last reading: whole
   * minutes come from the minute rollups before `watermark` (a reading there is placed at its
   * minute's start, less than a minute early), the rest raw. Plus the last reading before the
   * range and the first after it, at their own times, so the edge buckets can be interpolated.
   */
  async counterSamples(
    entityId: string,
    keyId: number,
    startTs: number,
    endTs: number,
    stepMs: number,
    watermark: number,
  ): Promise<MeterSample[]> {
    const from = Math.floor(startTs / stepMs) * stepMs;
    const rollupEnd = Math.max(
      from,
      Math.min(Math.floor(endTs / MINUTE) * MINUTE, Math.floor(watermark / MINUTE) * MINUTE),
    );
    const rows = await this.db.query<{ ts: string; v: number | null }>(
      `SELECT max(x.ts) AS ts, max(x.v) AS v FROM (
         SELECT r.ts, greatest(r.max_dbl, r.max_long::float8) AS v FROM ts_kv_1m r
         WHERE r.entity_id = $1 AND r.key = $2 AND r.ts >= $3 AND r.ts < $4
         UNION ALL
         SELECT t.ts, coalesce(t.dbl_v, t.long_v::float8) FROM ts_kv t
         WHERE t.entity_id = $1 AND t.key = $2 AND t.ts >= $4 AND t.ts < $5
       ) x GROUP BY (x.ts / $6::bigint) ORDER BY 1`,
      [entityId, keyId, from, rollupEnd, endTs, stepMs],
    );
    const edge = (cond: string, order: 'ASC' | 'DESC', ts: number) =>
      this.db.query<{ ts: string; v: number | null }>(
        `SELECT ts, coalesce(dbl_v, long_v::float8) AS v FROM ts_kv
         WHERE entity_id = $1 AND key = $2 AND ts ${cond} $3 AND (dbl_v IS NOT NULL OR long_v IS NOT NULL)
         ORDER BY ts ${order} LIMIT 1`,
        [entityId, keyId, ts],
      );
    const [before] = await edge('<', 'DESC', from);
    const [after] = await edge('>=', 'ASC', endTs);
    const out: MeterSample[] = [];
    if (before?.v != null) out.push({ ts: Number(before.ts), value: before.v });
    for (const r of rows) {
      if (r.v != null) out.push({ ts: Number(r.ts), value: r.v });
    }
    if (after?.v != null) out.push({ ts: Number(after.ts), value: after.v });
    return out;
  }
}
