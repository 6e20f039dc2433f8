// What must be filled in before an alias is saved (spec 1-client §5 messages), per filter type.
import type { Authority } from '@sapo/common';
import type { EntityAlias } from '../../../model/entity-alias';
import {
  SEARCH_QUERIES,
  SUBTYPE_FILTERS,
  aliasEntityTypes,
  aliasFilterTypes,
  filterTakesPseudoTypes,
  isPseudoType,
  isQueryFilter,
  isSearchQuery,
  isSubtypeFilter,
  type SubtypeEntity,
} from './alias-filter-types';
import { parseMaxLevel, type AliasForm } from './alias-form';

export type AliasField =
  | 'alias'
  | 'type'
  | 'entityType'
  | 'entity'
  | 'entityList'
  | 'nameFilter'
  | 'subtype'
  | 'rootEntity'
  | 'maxLevel'
  | 'subtypes';

/** Translation keys of the problems, by field; empty when the alias can be saved. */
export type AliasErrors = Partial<Record<AliasField, string>>;

const SUBTYPE_REQUIRED: Record<SubtypeEntity, string> = {
  ASSET: 'asset.asset-type-required',
  DEVICE: 'device.device-type-required',
  ENTITY_VIEW: 'entity-view.entity-view-type-required',
};
const SUBTYPE_LIST_EMPTY: Record<SubtypeEntity, string> = {
  ASSET: 'asset.asset-type-list-empty',
  DEVICE: 'device.device-type-list-empty',
  ENTITY_VIEW: 'entity-view.entity-view-type-list-empty',
};

const normalName = (name: string) => name.trim().toLowerCase();

/** Whether another alias (not `ownId`) already has this name; names compare trimmed, any case. */
export function isDuplicateAliasName(name: string, aliases: readonly EntityAlias[], ownId?: string): boolean {
  const wanted = normalName(name);
  return aliases.some((a) => a.id !== ownId && normalName(String(a.alias ?? '')) === wanted);
}

export function validateAliasForm(
  form: AliasForm,
  ctx: { authority: Authority; aliases: readonly EntityAlias[]; ownId?: string },
): AliasErrors {
  const errors: AliasErrors = {};
  if (!form.alias.trim()) errors.alias = 'alias.name-required';
  else if (isDuplicateAliasName(form.alias, ctx.aliases, ctx.ownId)) errors.alias = 'alias.duplicate-alias';

  const type = form.type;
  if (!type) {
    errors.type = 'alias.filter-type-required';
    return errors;
  }
  if (!aliasFilterTypes(ctx.authority).includes(type)) {
    errors.type = 'alias.error-entity-type-not-allowed';
    return errors;
  }

  if (type === 'singleEntity' || type === 'entityList' || type === 'entityName' || type === 'entityType') {
    const allowed = aliasEntityTypes(ctx.authority, filterTakesPseudoTypes(type)) as string[];
    if (!form.entityType) errors.entityType = 'entity.type-required';
    else if (!allowed.includes(form.entityType)) errors.entityType = 'alias.error-entity-type-not-allowed';
  }
  const pseudo = isPseudoType(form.entityType);
  if (type === 'singleEntity' && !pseudo && form.entityType && !form.entity) errors.entity = 'entity.entity-required';
  if (type === 'entityList' && !pseudo && form.entityType && form.entityList.length === 0)
    errors.entityList = 'entity.entity-list-empty';
  if (type === 'entityName' && !form.nameFilter.trim()) errors.nameFilter = 'entity.entity-name-filter-required';

  if (isSubtypeFilter(type) && !form.subtype.trim())
    errors.subtype = SUBTYPE_REQUIRED[SUBTYPE_FILTERS[type].entityType];

  if (isQueryFilter(type)) {
    if (!form.rootStateEntity && !form.rootEntity) errors.rootEntity = 'alias.root-entity-required';
    if (parseMaxLevel(form.maxLevel) === undefined) errors.maxLevel = 'alias.max-relation-level-invalid';
  }
  if (isSearchQuery(type) && form.subtypes.length === 0)
    errors.subtypes = SUBTYPE_LIST_EMPTY[SEARCH_QUERIES[type].entityType];
  return errors;
}

export const hasAliasErrors = (errors: AliasErrors) => Object.keys(errors).length > 0;

/** The form after a filter type change: ThingsBoard clears the chosen entities, the name stays. */
export function changeFilterType(form: AliasForm, type: AliasForm['type']): AliasForm {
  if (type === form.type) return form;
  return { ...form, type, entityType: '', entity: null, entityList: [] };
}

/** The form after an entity type change (spec 1-client §4.3: the id and the list are cleared). */
export function changeEntityType(form: AliasForm, entityType: string): AliasForm {
  if (entityType === form.entityType) return form;
  return { ...form, entityType, entity: null, entityList: [] };
}
