// Dashboard entity aliases (ThingsBoard 3.2 `configuration.entityAliases`, spec 2-calls §3.4) and their
// resolution into the entity filter the server's entity data query accepts. Pseudo-types and dashboard
// states only exist on the client, so they are replaced here by real ids before a query is sent.
import {
  ENTITY_FILTER_TYPES,
  NULL_UUID,
  isTenantAuthority,
  isUuid,
  type Authority,
  type EntityFilter,
  type EntityFilterType,
  type EntityId,
  type EntityType,
} from '@sapo/common';
import { allowedEntityTypes, type AliasEntityType } from '../../../components/entity-autocomplete/entity-types';
import { isRecord } from './json-guards';

export type { AliasEntityType };
export const ALIAS_ENTITY_TYPES: readonly AliasEntityType[] = [
  'CURRENT_CUSTOMER',
  'CURRENT_TENANT',
  'CURRENT_USER',
  'CURRENT_USER_OWNER',
];

/** An id as an alias stores it: a real entity or a pseudo-type (whose id is ignored). */
export interface AliasEntityId {
  entityType: EntityType | AliasEntityType;
  id: string;
}

/**
 * An alias filter as ThingsBoard stores it: the server filter's fields plus `resolveMultiple`, with
 * pseudo-types allowed and state fields. Typed loosely because it comes from imported JSON.
 */
export interface AliasFilter {
  type: EntityFilter['type'] | (string & {});
  resolveMultiple?: boolean;
  singleEntity?: AliasEntityId | null;
  entityType?: EntityType | AliasEntityType;
  entityList?: string[];
  stateEntityParamName?: string | null;
  defaultStateEntity?: EntityId | null;
  rootStateEntity?: boolean;
  rootEntity?: AliasEntityId | null;
  [field: string]: unknown;
}

export interface EntityAlias {
  id: string;
  alias: string;
  filter: AliasFilter;
  [field: string]: unknown;
}
export type EntityAliases = Record<string, EntityAlias>;

/** One state parameter: the entity a state was opened for (widget actions put it there). */
export interface StateParam {
  entityId?: EntityId | null;
  entityName?: string;
  entityLabel?: string;
}
/** The current state's params: the root entity plus named params (`stateEntityParamName`). */
export interface StateParams extends StateParam {
  [paramName: string]: unknown;
}

export interface AliasUser {
  authority: Authority;
  tenantId: string | null;
  customerId: string | null;
  userId: string;
}
export interface AliasContext {
  user: AliasUser;
  stateParams?: StateParams | null;
}

export interface AliasResolution {
  /** The server filter, or null when the alias selects nothing (the widget shows `error`). */
  filter: EntityFilter | null;
  resolveMultiple: boolean;
  /** The result follows the dashboard state: resolve again when the state params change. */
  dependsOnState: boolean;
  error?: AliasError;
}

/** Translation keys of why an alias resolved to nothing (texts in the locale files). */
export const ALIAS_ERRORS = {
  invalidFilter: 'alias.error-invalid-filter',
  unsupportedFilter: 'alias.error-unsupported-filter',
  typeNotAllowed: 'alias.error-entity-type-not-allowed',
  noCurrentCustomer: 'alias.error-no-current-customer',
  noCurrentTenant: 'alias.error-no-current-tenant',
  noStateEntity: 'alias.error-no-state-entity',
} as const;
export type AliasError = (typeof ALIAS_ERRORS)[keyof typeof ALIAS_ERRORS];

class AliasFailure extends Error {
  constructor(readonly reason: AliasError) {
    super(reason);
  }
}
const failWith = (reason: AliasError): never => {
  throw new AliasFailure(reason);
};

const isPseudo = (t: unknown): t is AliasEntityType => (ALIAS_ENTITY_TYPES as readonly unknown[]).includes(t);
const hasId = (id: string | null | undefined): id is string => !!id && id !== NULL_UUID;

/** A real id from stored JSON; `null` for none (missing, or ThingsBoard's null id). */
function realId(v: unknown): EntityId | null {
  if (!isRecord(v) || typeof v.entityType !== 'string' || typeof v.id !== 'string') return null;
  if (!isUuid(v.id) || v.id === NULL_UUID) return null;
  return { entityType: v.entityType as EntityType, id: v.id };
}

/** A pseudo-type as the signed-in user's real entity (spec 1-client §3.2). */
function currentEntity(type: AliasEntityType, user: AliasUser): EntityId {
  const tenant = (): EntityId =>
    hasId(user.tenantId) ? { entityType: 'TENANT', id: user.tenantId } : failWith(ALIAS_ERRORS.noCurrentTenant);
  const customer = (): EntityId =>
    hasId(user.customerId) ? { entityType: 'CUSTOMER', id: user.customerId } : failWith(ALIAS_ERRORS.noCurrentCustomer);
  switch (type) {
    case 'CURRENT_TENANT':
      return tenant();
    case 'CURRENT_CUSTOMER':
      return customer();
    case 'CURRENT_USER':
      return { entityType: 'USER', id: user.userId };
    case 'CURRENT_USER_OWNER':
      return isTenantAuthority(user.authority) ? tenant() : customer();
  }
}

class Resolver {
  private readonly allowed: readonly string[];

  constructor(private readonly ctx: AliasContext) {
    this.allowed = allowedEntityTypes(ctx.user.authority, { aliases: true });
  }

  /** Types written in the alias must be ones the role may use (spec 2-calls §6). */
  allow(type: unknown, pseudoOk: boolean): EntityType | AliasEntityType {
    if (typeof type !== 'string') return failWith(ALIAS_ERRORS.invalidFilter);
    if (!this.allowed.includes(type) || (!pseudoOk && isPseudo(type))) return failWith(ALIAS_ERRORS.typeNotAllowed);
    return type as EntityType | AliasEntityType;
  }

  /** An id stored in the alias: pseudo-types become the user's entities. */
  entity(v: unknown): EntityId {
    if (!isRecord(v)) return failWith(ALIAS_ERRORS.invalidFilter);
    const type = this.allow(v.entityType, true);
    if (isPseudo(type)) return currentEntity(type, this.ctx.user);
    return realId(v) ?? failWith(ALIAS_ERRORS.invalidFilter);
  }

  /**
   * The state's entity: the named param's when the alias names one, else the root `entityId`; then the
   * alias default. Navigation supplies it, so the server (not the role list) decides if it is visible.
   */
  stateEntity(f: AliasFilter): EntityId {
    const params = this.ctx.stateParams ?? {};
    const name = f.stateEntityParamName;
    const source = name ? params[name] : params;
    const fromState = isRecord(source) ? realId(source.entityId) : null;
    return fromState ?? realId(f.defaultStateEntity) ?? failWith(ALIAS_ERRORS.noStateEntity);
  }
}

const optString = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
function stringList(v: unknown): string[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) return failWith(ALIAS_ERRORS.invalidFilter);
  return v as string[];
}

/** The walk of relation and search queries; `root` already resolved. */
function walk(f: AliasFilter, root: EntityId) {
  const direction = f.direction ?? 'FROM';
  if (direction !== 'FROM' && direction !== 'TO') return failWith(ALIAS_ERRORS.invalidFilter);
  const maxLevel = typeof f.maxLevel === 'number' && Number.isInteger(f.maxLevel) ? f.maxLevel : null;
  return { rootEntity: root, direction, maxLevel, fetchLastLevelOnly: f.fetchLastLevelOnly === true } as const;
}

const SEARCH_QUERIES = {
  assetSearchQuery: { entityType: 'ASSET', typesField: 'assetTypes' },
  deviceSearchQuery: { entityType: 'DEVICE', typesField: 'deviceTypes' },
  entityViewSearchQuery: { entityType: 'ENTITY_VIEW', typesField: 'entityViewTypes' },
} as const;
const TYPE_FILTERS = {
  assetType: { entityType: 'ASSET', nameField: 'assetNameFilter' },
  deviceType: { entityType: 'DEVICE', nameField: 'deviceNameFilter' },
  entityViewType: { entityType: 'ENTITY_VIEW', nameField: 'entityViewNameFilter' },
} as const;

function toServerFilter(f: AliasFilter, r: Resolver): EntityFilter {
  if (!(ENTITY_FILTER_TYPES as readonly string[]).includes(f.type)) return failWith(ALIAS_ERRORS.unsupportedFilter);
  const type = f.type as EntityFilterType;
  if (type === 'singleEntity') return { type, singleEntity: r.entity(f.singleEntity) };
  if (type === 'stateEntity') return { type: 'singleEntity', singleEntity: r.stateEntity(f) };
  if (type === 'entityList') {
    const listType = r.allow(f.entityType, true);
    // A pseudo-type names exactly one entity whatever the stored ids are.
    if (isPseudo(listType)) {
      const current = r.entity({ entityType: listType, id: listType });
      return { type, entityType: current.entityType, entityList: [current.id] };
    }
    const ids = stringList(f.entityList);
    if (!ids.every(isUuid)) return failWith(ALIAS_ERRORS.invalidFilter);
    return { type, entityType: listType, entityList: ids };
  }
  if (type === 'entityName') {
    const entityType = r.allow(f.entityType, false) as EntityType;
    return { type, entityType, entityNameFilter: typeof f.entityNameFilter === 'string' ? f.entityNameFilter : '' };
  }
  if (type === 'entityType') return { type, entityType: r.allow(f.entityType, false) as EntityType };
  if (type === 'apiUsageState') {
    // A system administrator owns no usage state (and may not use CURRENT_USER_OWNER).
    r.allow('CURRENT_USER_OWNER', true);
    return f.customerId ? { type, customerId: r.entity(f.customerId) } : { type };
  }
  if (type === 'assetType' || type === 'deviceType' || type === 'entityViewType') {
    const spec = TYPE_FILTERS[type];
    r.allow(spec.entityType, false);
    const subtype = optString(f[type]) ?? failWith(ALIAS_ERRORS.invalidFilter);
    const name = optString(f[spec.nameField]);
    if (type === 'assetType') return { type, assetType: subtype, assetNameFilter: name };
    if (type === 'deviceType') return { type, deviceType: subtype, deviceNameFilter: name };
    return { type, entityViewType: subtype, entityViewNameFilter: name };
  }
  const root = (): EntityId => (f.rootStateEntity ? r.stateEntity(f) : r.entity(f.rootEntity));
  if (type === 'relationsQuery') {
    const rawFilters = f.filters ?? [];
    if (!Array.isArray(rawFilters)) return failWith(ALIAS_ERRORS.invalidFilter);
    const filters = rawFilters.map((x: unknown) => {
      if (!isRecord(x)) return failWith(ALIAS_ERRORS.invalidFilter);
      const entityTypes = stringList(x.entityTypes).map((t) => r.allow(t, false) as EntityType);
      return { relationType: optString(x.relationType), entityTypes };
    });
    return { type, ...walk(f, root()), filters };
  }
  if (type === 'assetSearchQuery' || type === 'deviceSearchQuery' || type === 'entityViewSearchQuery') {
    const spec = SEARCH_QUERIES[type];
    r.allow(spec.entityType, false);
    const base = { ...walk(f, root()), relationType: optString(f.relationType) };
    const subtypes = stringList(f[spec.typesField]);
    if (type === 'assetSearchQuery') return { type, ...base, assetTypes: subtypes };
    if (type === 'deviceSearchQuery') return { type, ...base, deviceTypes: subtypes };
    return { type, ...base, entityViewTypes: subtypes };
  }
  return failWith(ALIAS_ERRORS.unsupportedFilter);
}

/** Whether a filter reads the dashboard state (so it must be resolved again on state changes). */
function readsState(f: AliasFilter): boolean {
  return f.type === 'stateEntity' || (f.rootStateEntity === true && f.type.endsWith('Query'));
}

/**
 * Resolves an alias into the server filter for the signed-in user and the current dashboard state.
 * Never throws: an alias that cannot select anything gives `filter: null` and the reason.
 */
export function resolveAliasFilter(alias: EntityAlias | null | undefined, ctx: AliasContext): AliasResolution {
  const f = alias?.filter;
  if (!isRecord(f) || typeof f.type !== 'string') {
    return { filter: null, resolveMultiple: false, dependsOnState: false, error: ALIAS_ERRORS.invalidFilter };
  }
  const single = f.type === 'singleEntity' || f.type === 'stateEntity';
  const resolveMultiple = !single && f.resolveMultiple === true;
  const dependsOnState = readsState(f);
  try {
    return { filter: toServerFilter(f, new Resolver(ctx)), resolveMultiple, dependsOnState };
  } catch (e) {
    // Anything else is malformed JSON we did not foresee: still no data rather than a broken dashboard.
    const error = e instanceof AliasFailure ? e.reason : ALIAS_ERRORS.invalidFilter;
    return { filter: null, resolveMultiple, dependsOnState, error };
  }
}

/** Resolves every alias of a dashboard at once (widgets look theirs up by `entityAliasId`). */
export function resolveAliases(
  aliases: EntityAliases | null | undefined,
  ctx: AliasContext,
): Record<string, AliasResolution> {
  const out: Record<string, AliasResolution> = {};
  for (const [id, alias] of Object.entries(aliases ?? {})) out[id] = resolveAliasFilter(alias, ctx);
  return out;
}
