// The alias dialog's form values and their ThingsBoard 3.2 JSON ({id, alias, filter}), both ways. The
// form is flat (every filter type's fields at once) so switching the type back and forth keeps input.
import { NULL_UUID } from '@sapo/common';
import type { AliasFilter, EntityAlias } from '../../../model/entity-alias';
import {
  ALIAS_FILTER_TYPES,
  SEARCH_QUERIES,
  SINGLE_ENTITY_FILTERS,
  SUBTYPE_FILTERS,
  isPseudoType,
  isSearchQuery,
  isSubtypeFilter,
  type AliasFilterType,
} from './alias-filter-types';
import { isRecord } from '../../../model/json-guards';

/** An entity as the form holds it; `name` only labels it on screen and is never stored. */
export interface PickedEntity {
  entityType: string;
  id: string;
  name?: string;
}

export interface RelationFilterForm {
  relationType: string;
  entityTypes: string[];
}

export interface AliasForm {
  alias: string;
  resolveMultiple: boolean;
  type: AliasFilterType | '';
  /** singleEntity, entityList, entityName, entityType. */
  entityType: string;
  entity: PickedEntity | null;
  entityList: PickedEntity[];
  /** entityName's "name starts with" and the subtype filters' name filter. */
  nameFilter: string;
  /** assetType / deviceType / entityViewType. */
  subtype: string;
  stateEntityParamName: string;
  defaultStateEntity: PickedEntity | null;
  rootStateEntity: boolean;
  rootEntity: PickedEntity | null;
  direction: 'FROM' | 'TO';
  /** Text as typed; empty means unlimited. */
  maxLevel: string;
  fetchLastLevelOnly: boolean;
  relationFilters: RelationFilterForm[];
  relationType: string;
  subtypes: string[];
}

type Rec = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

function picked(v: unknown): PickedEntity | null {
  if (!isRecord(v) || typeof v.entityType !== 'string' || typeof v.id !== 'string') return null;
  return { entityType: v.entityType, id: v.id };
}

export function emptyAliasForm(): AliasForm {
  return {
    alias: '',
    resolveMultiple: false,
    type: '',
    entityType: '',
    entity: null,
    entityList: [],
    nameFilter: '',
    subtype: '',
    stateEntityParamName: '',
    defaultStateEntity: null,
    rootStateEntity: false,
    rootEntity: null,
    direction: 'FROM',
    maxLevel: '1',
    fetchLastLevelOnly: false,
    relationFilters: [],
    relationType: '',
    subtypes: [],
  };
}

/** The form for a stored alias; fields it does not have keep their defaults. */
export function aliasToForm(alias: EntityAlias): AliasForm {
  const form = emptyAliasForm();
  const f: Rec = isRecord(alias.filter) ? alias.filter : {};
  const type = str(f.type);
  form.alias = str(alias.alias);
  form.resolveMultiple = f.resolveMultiple === true;
  form.type = (ALIAS_FILTER_TYPES as readonly string[]).includes(type) ? (type as AliasFilterType) : '';
  form.entityType = str(f.entityType);
  form.entity = picked(f.singleEntity);
  if (form.type === 'singleEntity' && form.entity) form.entityType = form.entity.entityType;
  form.entityList = strings(f.entityList).map((id) => ({ entityType: form.entityType, id }));
  form.nameFilter = str(f.entityNameFilter);
  if (isSubtypeFilter(type)) {
    form.subtype = str(f[type]);
    form.nameFilter = str(f[SUBTYPE_FILTERS[type].nameField]);
  }
  form.stateEntityParamName = str(f.stateEntityParamName);
  form.defaultStateEntity = picked(f.defaultStateEntity);
  form.rootStateEntity = f.rootStateEntity === true;
  form.rootEntity = picked(f.rootEntity);
  form.direction = f.direction === 'TO' ? 'TO' : 'FROM';
  form.maxLevel = typeof f.maxLevel === 'number' && f.maxLevel > 0 ? String(f.maxLevel) : '';
  form.fetchLastLevelOnly = f.fetchLastLevelOnly === true;
  form.relationFilters = (Array.isArray(f.filters) ? f.filters : []).filter(isRecord).map((x) => ({
    relationType: str(x.relationType),
    entityTypes: strings(x.entityTypes),
  }));
  form.relationType = str(f.relationType);
  if (isSearchQuery(type)) form.subtypes = strings(f[SEARCH_QUERIES[type].typesField]);
  return form;
}

const entityId = (e: PickedEntity | null) => (e ? { entityType: e.entityType, id: e.id } : null);

/** A pseudo-type's id is a placeholder: the resolver puts the signed-in user's entity there. */
export function pseudoEntity(entityType: string): PickedEntity {
  return { entityType, id: NULL_UUID };
}

/** Root of a relation walk: the state's entity, or a fixed one. */
function rootFields(form: AliasForm): Rec {
  const state = form.rootStateEntity;
  return {
    rootStateEntity: state,
    stateEntityParamName: state && form.stateEntityParamName.trim() ? form.stateEntityParamName.trim() : null,
    defaultStateEntity: state ? entityId(form.defaultStateEntity) : null,
    rootEntity: state ? null : entityId(form.rootEntity),
    direction: form.direction,
    maxLevel: parseMaxLevel(form.maxLevel) ?? null,
    fetchLastLevelOnly: form.fetchLastLevelOnly,
  };
}

/** Whole number ≥ 1; null for empty (unlimited); undefined for anything else (invalid). */
export function parseMaxLevel(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n >= 1 ? n : undefined;
}

function filterFields(form: AliasForm, type: AliasFilterType): Rec {
  switch (type) {
    case 'singleEntity':
      return {
        singleEntity: isPseudoType(form.entityType) ? pseudoEntity(form.entityType) : entityId(form.entity),
      };
    case 'entityList':
      return {
        entityType: form.entityType,
        // A pseudo-type names exactly one entity; its list is not read.
        entityList: isPseudoType(form.entityType) ? [] : form.entityList.map((e) => e.id),
      };
    case 'entityName':
      return { entityType: form.entityType, entityNameFilter: form.nameFilter.trim() };
    case 'entityType':
      return { entityType: form.entityType };
    case 'stateEntity':
      return {
        stateEntityParamName: form.stateEntityParamName.trim() || null,
        defaultStateEntity: entityId(form.defaultStateEntity),
      };
    case 'apiUsageState':
      return {};
    case 'relationsQuery':
      return {
        ...rootFields(form),
        filters: form.relationFilters.map((x) => ({ relationType: x.relationType.trim(), entityTypes: x.entityTypes })),
      };
    default:
      break;
  }
  if (isSubtypeFilter(type)) {
    return { [type]: form.subtype.trim(), [SUBTYPE_FILTERS[type].nameField]: form.nameFilter.trim() };
  }
  return {
    ...rootFields(form),
    relationType: form.relationType.trim() || null,
    [SEARCH_QUERIES[type].typesField]: form.subtypes,
  };
}

/**
 * The alias JSON for valid form values. Editing an alias without changing its filter type keeps the
 * filter's fields this form does not know (an import from a newer ThingsBoard keeps them).
 */
export function formToAlias(form: AliasForm, id: string, previous?: EntityAlias): EntityAlias {
  const type = form.type as AliasFilterType;
  const prevFilter = previous && isRecord(previous.filter) && previous.filter.type === type ? previous.filter : {};
  const filter: AliasFilter = {
    ...prevFilter,
    type,
    resolveMultiple: SINGLE_ENTITY_FILTERS.includes(type) ? false : form.resolveMultiple,
    ...filterFields(form, type),
  };
  return { ...(previous ?? {}), id, alias: form.alias.trim(), filter };
}
