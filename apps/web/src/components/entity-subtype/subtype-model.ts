/**
 * Entity subtypes (spec 1-client §2.8, §4.3, §5): the free-text `type` of devices, assets and entity
 * views, listed by GET /api/{device|asset|entityView}/types as `{tenantId, entityType, type}`.
 */
export type SubtypeEntityType = 'DEVICE' | 'ASSET' | 'ENTITY_VIEW';

export interface EntitySubtype {
  entityType: string;
  type: string;
}

export const SUBTYPE_PATHS: Record<SubtypeEntityType, string> = {
  DEVICE: '/api/device/types',
  ASSET: '/api/asset/types',
  ENTITY_VIEW: '/api/entityView/types',
};

/** Translation keys per entity type; written out so the key check can read every one. */
export interface SubtypeText {
  label: string;
  required: string;
  enterType: string;
  anyType: string;
  allTypes: string;
  noTypesMatching: string;
  noTypes: string;
}

export const SUBTYPE_TEXT: Record<SubtypeEntityType, SubtypeText> = {
  DEVICE: {
    label: 'device.device-type',
    required: 'device.device-type-required',
    enterType: 'device.enter-device-type',
    anyType: 'device.any-device',
    allTypes: 'device.all-device-types',
    noTypesMatching: 'device.no-device-types-matching',
    noTypes: 'device.no-device-types',
  },
  ASSET: {
    label: 'asset.asset-type',
    required: 'asset.asset-type-required',
    enterType: 'asset.enter-asset-type',
    anyType: 'asset.any-asset',
    allTypes: 'asset.all-asset-types',
    noTypesMatching: 'asset.no-asset-types-matching',
    noTypes: 'asset.no-asset-types',
  },
  ENTITY_VIEW: {
    label: 'entity-view.entity-view-type',
    required: 'entity-view.entity-view-type-required',
    enterType: 'entity-view.enter-entity-view-type',
    anyType: 'entity-view.any-entity-view',
    allTypes: 'entity-view.all-entity-view-types',
    noTypesMatching: 'entity-view.no-entity-view-types-matching',
    noTypes: 'entity-view.no-entity-view-types',
  },
};

/** The server's list as unique, trimmed, non-empty type names in alphabetical order. */
export function subtypeNames(list: readonly EntitySubtype[] | undefined): string[] {
  const names = new Set<string>();
  for (const item of list ?? []) {
    const type = item.type.trim();
    if (type) names.add(type);
  }
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** Suggestions for typed text: a case-insensitive prefix match (spec §5). */
export function filterSubtypes(types: readonly string[], text: string): string[] {
  const prefix = text.trim().toLowerCase();
  if (!prefix) return [...types];
  return types.filter((type) => type.toLowerCase().startsWith(prefix));
}

export interface SubtypeSuggestions {
  options: string[];
  /** The typed text offered as a new type, when nothing matches it and new types are allowed. */
  newType: string | null;
}

/**
 * What the autocomplete offers: the matching types, and the typed text itself when nothing matches
 * it (a new type). Without `allowNew`, an empty list means the 'no … matching' message shows.
 */
export function subtypeSuggestions(types: readonly string[], text: string, allowNew: boolean): SubtypeSuggestions {
  const options = filterSubtypes(types, text);
  const typed = text.trim();
  const newType = allowNew && typed && options.length === 0 ? typed : null;
  return { options, newType };
}

/** The placeholder of the autocomplete: 'enter … type' when a type is required, else 'any …'. */
export function subtypePlaceholderKey(entityType: SubtypeEntityType, required: boolean): string {
  const text = SUBTYPE_TEXT[entityType];
  return required ? text.enterType : text.anyType;
}

/** The required message key when the value is missing (after trimming), else undefined. */
export function subtypeError(entityType: SubtypeEntityType, value: string, required: boolean): string | undefined {
  return required && !value.trim() ? SUBTYPE_TEXT[entityType].required : undefined;
}
