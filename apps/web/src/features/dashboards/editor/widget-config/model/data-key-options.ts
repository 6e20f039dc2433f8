// Suggestions and new keys of the datasource editor: what can be added to a datasource of a type.
import { createDataKey, PREDEFINED_FUNCTIONS, type DataKey, type DataKeyType } from '../../../model/data-key';

export interface KeyOption {
  name: string;
  type: DataKeyType;
  label?: string;
}

/** Entity fields offered for every entity datasource (1-client entity field keys). */
export const ENTITY_FIELD_OPTIONS: readonly string[] = ['name', 'label', 'type', 'createdTime'];

/** Options for a datasource type, from the keys the alias's entities have. */
export function keyOptionsFor(dsType: string, keys: { timeseries?: string[]; attribute?: string[] }): KeyOption[] {
  if (dsType === 'function')
    return PREDEFINED_FUNCTIONS.map((f) => ({ name: f.toLowerCase(), type: 'function', label: f }));
  if (dsType === 'entityCount') return [{ name: 'count', type: 'count', label: 'count' }];
  const uniq = (list: string[] | undefined) => [...new Set(list ?? [])].sort((a, b) => a.localeCompare(b));
  return [
    ...uniq(keys.timeseries).map((name): KeyOption => ({ name, type: 'timeseries' })),
    ...uniq(keys.attribute).map((name): KeyOption => ({ name, type: 'attribute' })),
    ...ENTITY_FIELD_OPTIONS.map((name): KeyOption => ({ name, type: 'entityField' })),
  ];
}

/**
 * A new key of a datasource: the next colour of the palette (by position), and for functions the
 * predefined body named by the label so the viewer can generate it.
 */
export function newDataKey(name: string, type: DataKeyType, existing: readonly DataKey[], index: number): DataKey {
  const trimmed = name.trim();
  const used = new Set(existing.map((k) => k.color));
  let key = createDataKey(trimmed, type, index);
  // Avoid a colour the widget already shows when the palette has a free one.
  for (let i = index; used.has(key.color) && i < index + 20; i++) key = createDataKey(trimmed, type, i + 1);
  if (type === 'function') {
    const fn = PREDEFINED_FUNCTIONS.find((f) => f.toLowerCase() === trimmed.toLowerCase());
    key = { ...key, label: fn ?? trimmed, funcBody: fn ? `return ${fn};` : '' };
  }
  return key;
}
