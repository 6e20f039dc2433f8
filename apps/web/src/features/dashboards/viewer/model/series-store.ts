// What one datasource of a widget has received over the WebSocket, kept in the shape widgets read
// (WidgetSeries: ascending [ts, value] points per entity and key). Entity data pages replace the
// store; updates merge into it (latest values overwrite when newer, time-series points are inserted
// in order and dropped once they leave the window).
import type { EntityData, EntityKeyType, TsValue } from '@sapo/common';
import type { DataKey } from '../../model/data-key';
import type { Datasource } from '../../model/datasource-query';
import type { WidgetEntity, WidgetPoint, WidgetSeries, WidgetValue } from '../../widgets/widget-types';

/** Where a data key's values come from in entity data. */
export type KeySource = { type: EntityKeyType; key: string; history: boolean } | null;

/** Entity data keeps latest values per key type; a time-series key of a chart reads `timeseries`. */
export function keySource(dk: DataKey, history: boolean): KeySource {
  switch (dk.type) {
    case 'entityField':
      return { type: 'ENTITY_FIELD', key: dk.name, history: false };
    case 'attribute':
      return { type: 'ATTRIBUTE', key: dk.name, history: false };
    case 'timeseries':
      return { type: 'TIME_SERIES', key: dk.name, history };
    default:
      return null;
  }
}

interface EntityRow {
  entity: WidgetEntity;
  latest: Map<string, WidgetPoint>;
  history: Map<string, WidgetPoint[]>;
  active: boolean | null;
}

export interface SeriesStore {
  rows: EntityRow[];
}

const latestId = (type: string, key: string) => `${type}\u0000${key}`;

function fieldValue(data: EntityData, key: string): string | undefined {
  const v = data.latest.ENTITY_FIELD?.[key]?.value;
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function entityOf(data: EntityData): WidgetEntity {
  const name = fieldValue(data, 'name') ?? fieldValue(data, 'title') ?? fieldValue(data, 'email') ?? data.entityId.id;
  const label = fieldValue(data, 'label');
  const type = fieldValue(data, 'type');
  return {
    id: data.entityId.id,
    entityType: data.entityId.entityType,
    name,
    ...(label ? { label } : {}),
    ...(type ? { type } : {}),
  };
}

/** Missing values arrive as `{ts: 0, value: ""}` (reference §5): they are no point at all. */
const isPresent = (v: TsValue | undefined): v is TsValue => !!v && !(v.ts === 0 && v.value === '');

function activeOf(value: TsValue | undefined): boolean | null {
  if (!isPresent(value)) return null;
  return value.value === 'true' ? true : value.value === 'false' ? false : null;
}

function mergeLatest(row: EntityRow, data: EntityData): boolean {
  let changed = false;
  for (const [type, values] of Object.entries(data.latest ?? {})) {
    for (const [key, v] of Object.entries(values ?? {})) {
      if (!isPresent(v)) continue;
      if (type === 'ATTRIBUTE' && key === 'active') {
        const active = activeOf(v);
        if (active !== row.active) {
          row.active = active;
          changed = true;
        }
      }
      const id = latestId(type, key);
      const cur = row.latest.get(id);
      if (cur && cur[0] > v.ts) continue;
      if (cur && cur[0] === v.ts && cur[1] === v.value) continue;
      row.latest.set(id, [v.ts, v.value]);
      changed = true;
    }
  }
  return changed;
}

/** Inserts points (any order) into an ascending list; a point with an existing ts replaces it. */
export function insertPoints(list: WidgetPoint[], points: readonly TsValue[]): void {
  for (const p of points) {
    const point: WidgetPoint = [p.ts, p.value];
    const last = list[list.length - 1];
    if (!last || last[0] < p.ts) {
      list.push(point);
      continue;
    }
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((list[mid] as WidgetPoint)[0] < p.ts) lo = mid + 1;
      else hi = mid;
    }
    if (list[lo]?.[0] === p.ts) list[lo] = point;
    else list.splice(lo, 0, point);
  }
}

/** Drops points before `startTs` (a sliding realtime window). Returns whether any went. */
export function trimBefore(list: WidgetPoint[], startTs: number): boolean {
  let n = 0;
  while (n < list.length && (list[n] as WidgetPoint)[0] < startTs) n++;
  if (n > 0) list.splice(0, n);
  return n > 0;
}

function mergeHistory(row: EntityRow, data: EntityData): boolean {
  let changed = false;
  for (const [key, points] of Object.entries(data.timeseries ?? {})) {
    if (!Array.isArray(points) || points.length === 0) continue;
    let list = row.history.get(key);
    if (!list) row.history.set(key, (list = []));
    insertPoints(list, points);
    changed = true;
  }
  return changed;
}

function newRow(data: EntityData): EntityRow {
  return { entity: entityOf(data), latest: new Map(), history: new Map(), active: null };
}

/** A store holding exactly the entities of a page (a first reply or a re-run of the query). */
export function storeFromPage(rows: readonly EntityData[], previous?: SeriesStore): SeriesStore {
  const before = new Map(previous?.rows.map((r) => [r.entity.id, r]));
  const out: EntityRow[] = [];
  for (const data of rows) {
    const row = newRow(data);
    // A page re-sent for the same entity (dynamic query refresh) keeps the points it had.
    const kept = before.get(row.entity.id);
    if (kept) {
      row.latest = kept.latest;
      row.history = kept.history;
      row.active = kept.active;
    }
    mergeLatest(row, data);
    mergeHistory(row, data);
    out.push(row);
  }
  return { rows: out };
}

/** Merges live updates; returns whether anything a widget shows changed. */
export function applyUpdates(store: SeriesStore, updates: readonly EntityData[]): boolean {
  let changed = false;
  for (const data of updates) {
    const row = store.rows.find((r) => r.entity.id === data.entityId?.id);
    if (!row) continue;
    if (data.latest && mergeLatest(row, data)) changed = true;
    if (data.timeseries && mergeHistory(row, data)) changed = true;
  }
  return changed;
}

/** Keeps only the window's points of every history list (realtime windows slide). */
export function trimStore(store: SeriesStore, startTs: number): boolean {
  let changed = false;
  for (const row of store.rows) for (const list of row.history.values()) if (trimBefore(list, startTs)) changed = true;
  return changed;
}

/** The series of one datasource: one per entity and data key, in the datasource's key order. */
export function seriesOf(
  store: SeriesStore,
  datasourceIndex: number,
  datasource: Datasource,
  keys: readonly DataKey[],
  history: boolean,
): WidgetSeries[] {
  const out: WidgetSeries[] = [];
  for (const row of store.rows) {
    for (const dataKey of keys) {
      const src = keySource(dataKey, history);
      if (!src) continue;
      let data: WidgetPoint[];
      if (src.history) data = row.history.get(src.key) ?? [];
      else {
        const p = row.latest.get(latestId(src.type, src.key));
        data = p ? [p] : [];
      }
      out.push({ datasourceIndex, datasource, entity: row.entity, dataKey, data });
    }
  }
  return out;
}

/** The device activity of each entity (null: unknown or not a device). */
export function activityOf(store: SeriesStore): Map<string, boolean | null> {
  return new Map(store.rows.map((r) => [r.entity.id, r.active]));
}

/** A count reply as a one-point series per count key (entityCount datasources). */
export function countSeries(
  datasourceIndex: number,
  datasource: Datasource,
  keys: readonly DataKey[],
  count: number,
  ts: number,
): WidgetSeries[] {
  const value: WidgetValue = count;
  return keys.map((dataKey) => ({ datasourceIndex, datasource, entity: null, dataKey, data: [[ts, value]] }));
}
