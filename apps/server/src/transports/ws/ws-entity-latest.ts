import { dict, valueAsString, type EntityData, type EntityKey, type EntityKeyType, type TsValue } from '@sapo/common';
import type { AttributeScope } from '../../modules/telemetry/telemetry-types.ts';
import type { Services } from '../../services.ts';
import { readAttributes, readLatest, type DataSource } from './ws-data.ts';

export const SCOPE_OF: Partial<Record<EntityKeyType, AttributeScope>> = {
  CLIENT_ATTRIBUTE: 'CLIENT_SCOPE',
  SHARED_ATTRIBUTE: 'SHARED_SCOPE',
  SERVER_ATTRIBUTE: 'SERVER_SCOPE',
};
export const ATTRIBUTE_TYPES: readonly EntityKeyType[] = [
  'ATTRIBUTE',
  'CLIENT_ATTRIBUTE',
  'SHARED_ATTRIBUTE',
  'SERVER_ATTRIBUTE',
];
/** How a key without a value is sent (reference §5). */
export const MISSING: TsValue = { ts: 0, value: '' };

/** The latest values of one key type of an entity, created on first use. */
export const row = (data: EntityData, type: EntityKeyType): Record<string, TsValue> => (data.latest[type] ??= dict());

const keysOf = (keys: readonly EntityKey[], type: EntityKeyType) => [
  ...new Set(keys.filter((k) => k.type === type).map((k) => k.key)),
];

/**
 * Fills the entities' latest values of a latestCmd: time series fresh from the store (one query
 * for plain entities, window-aware for views), attributes only where the query's answer lacks them.
 */
export async function fillLatest(
  services: Services,
  rows: readonly { data: EntityData; src: DataSource }[],
  keys: readonly EntityKey[],
): Promise<void> {
  const tsKeys = keysOf(keys, 'TIME_SERIES');
  if (tsKeys.length > 0) {
    const plain = rows.filter((r) => !r.src.view).map((r) => r.data.entityId.id);
    const many = plain.length > 0 ? await services.telemetry.latestMany(plain, tsKeys) : new Map();
    for (const { data, src } of rows) {
      const found = src.view ? await readLatest(services, src, tsKeys) : (many.get(data.entityId.id) ?? []);
      const target = row(data, 'TIME_SERIES');
      for (const k of tsKeys) target[k] = { ...MISSING };
      for (const e of found) target[e.key] = { ts: e.ts, value: valueAsString(e) };
    }
  }
  for (const type of ATTRIBUTE_TYPES) {
    const wanted = keysOf(keys, type);
    if (wanted.length === 0) continue;
    for (const { data, src } of rows) {
      // The query usually asked for the same keys: only fetch what its answer lacks.
      const target = row(data, type);
      const missing = wanted.filter((k) => !(k in target));
      if (missing.length === 0) continue;
      for (const k of missing) target[k] = { ...MISSING };
      for (const a of await readAttributes(services, src, SCOPE_OF[type] ?? null, missing)) {
        const cur = target[a.key];
        if (cur && cur.ts > a.lastUpdateTs) continue;
        target[a.key] = { ts: a.lastUpdateTs, value: valueAsString(a) };
      }
    }
  }
}
