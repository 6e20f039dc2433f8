import type { Authority, EntityFilter, EntityId } from '@sapo/common';
import {
  fieldKind,
  fieldSql,
  isQueryableType,
  QUERYABLE_TYPES,
  typePresent,
  typeSpec,
  type QueryableType,
  type SchemaColumns,
} from './entity-fields.ts';
import { relationWalkCtes, type WalkSpec } from './relation-walk-sql.ts';
import { likePrefixParam, type SqlParams } from './sql-params.ts';

/** The caller as far as row visibility goes (from the verified JWT). */
export interface QueryCaller {
  authority: Authority;
  tenantId: string;
  customerId: string;
  userId: string;
}

export interface EntitySetContext {
  params: SqlParams;
  caller: QueryCaller;
  schema: SchemaColumns;
  /** Entity-field keys the query reads; column f<i> of the set holds key i. */
  fieldKeys: readonly string[];
}

/** SQL of the entities a filter selects: CTEs to put first, and a SELECT of the rows. */
export interface EntitySetSql {
  ctes: string[];
  recursive: boolean;
  /** Columns: id, entity_type, created_time, owner_tenant, owner_customer, f0…fn. */
  select: string;
}

/**
 * What the caller may see of a type, as a condition on rows `a` (null: nothing). Mirrors
 * entities/entity-access.ts isAllowed for READ: tenant roles see their tenant's entities; customer
 * roles the devices, assets and views assigned to their customer, their customer, themselves and
 * (customer administrators) their customer's users. Dashboards for customers come with the
 * dashboards issue (assignment); until then customers see none.
 */
export function accessSql(caller: QueryCaller, type: QueryableType, a: string, params: SqlParams): string | null {
  const tenant = () => params.add(caller.tenantId, 'uuid');
  const customer = () => params.add(caller.customerId, 'uuid');
  switch (caller.authority) {
    case 'TENANT_ADMIN':
    case 'TENANT_USER':
      return type === 'TENANT' ? `${a}.id = ${tenant()}` : `${a}.tenant_id = ${tenant()}`;
    case 'CUSTOMER_ADMIN':
    case 'CUSTOMER_USER':
      switch (type) {
        case 'DEVICE':
        case 'ASSET':
        case 'ENTITY_VIEW':
          return `${a}.tenant_id = ${tenant()} AND ${a}.customer_id = ${customer()}`;
        case 'CUSTOMER':
          return `${a}.tenant_id = ${tenant()} AND ${a}.id = ${customer()}`;
        case 'USER': {
          const self = `${a}.id = ${params.add(caller.userId, 'uuid')}`;
          const mates = caller.authority === 'CUSTOMER_ADMIN' ? ` OR ${a}.customer_id = ${customer()}` : '';
          return `${a}.tenant_id = ${tenant()} AND (${self}${mates})`;
        }
        default:
          return null;
      }
    default:
      return null;
  }
}

const NULL_BY_KIND = { number: 'NULL::bigint', text: 'NULL::text', json: 'NULL::jsonb' } as const;

function emptySelect(ctx: EntitySetContext): string {
  const fields = ctx.fieldKeys.map((k, i) => `, ${NULL_BY_KIND[fieldKind(k)]} AS f${i}`).join('');
  return `SELECT NULL::uuid AS id, NULL::text AS entity_type, NULL::bigint AS created_time,
    NULL::uuid AS owner_tenant, NULL::uuid AS owner_customer${fields} WHERE false`;
}

/** Rows of one type the caller may see and `cond` (built only when the type is queried) accepts. */
function typeSelect(type: QueryableType, ctx: EntitySetContext, cond?: (t: string) => string | null): string | null {
  if (!typePresent(type, ctx.schema)) return null;
  const access = accessSql(ctx.caller, type, 't', ctx.params);
  if (access === null) return null;
  const spec = typeSpec(type);
  const extra = cond?.('t');
  const ownerCustomer =
    spec.customerColumn && ctx.schema.get(spec.table)?.has(spec.customerColumn)
      ? `t.${spec.customerColumn}`
      : 'NULL::uuid';
  const fields = ctx.fieldKeys.map((k, i) => `, ${fieldSql(type, k, 't', ctx.schema)} AS f${i}`).join('');
  return `SELECT t.id, '${type}'::text AS entity_type, t.created_time, t.${spec.tenantColumn} AS owner_tenant,
    ${ownerCustomer} AS owner_customer${fields}
    FROM ${spec.table} t WHERE ${access}${extra ? ` AND ${extra}` : ''}`;
}

function union(
  types: readonly QueryableType[],
  ctx: EntitySetContext,
  cond?: (t: string, type: QueryableType) => string | null,
) {
  const selects = types
    .map((type) => typeSelect(type, ctx, cond && ((t) => cond(t, type))))
    .filter((s): s is string => s !== null);
  return selects.length ? selects.join('\nUNION ALL\n') : emptySelect(ctx);
}

const plain = (select: string): EntitySetSql => ({ ctes: [], recursive: false, select });

/** Case-insensitive name prefix on the type's name column; no condition for an empty prefix. */
function namePrefix(type: QueryableType, prefix: string | null | undefined, ctx: EntitySetContext) {
  return (t: string) =>
    prefix
      ? `lower(${t}.${typeSpec(type).nameColumn}) LIKE lower(${ctx.params.add(likePrefixParam(prefix), 'text')})`
      : null;
}

function single(id: EntityId | null | undefined, ctx: EntitySetContext): EntitySetSql {
  if (!id || !isQueryableType(id.entityType)) return plain(emptySelect(ctx));
  return plain(union([id.entityType], ctx, (t) => `${t}.id = ${ctx.params.add(id.id, 'uuid')}`));
}

function ofTypeNamed(type: QueryableType, typeValue: string, prefix: string | null | undefined, ctx: EntitySetContext) {
  const byName = namePrefix(type, prefix, ctx);
  return plain(
    union([type], ctx, (t) => {
      const conds = [`${t}.type = ${ctx.params.add(typeValue, 'text')}`, byName(t)].filter(Boolean);
      return conds.join(' AND ');
    }),
  );
}

type WalkFilter = Extract<EntityFilter, { direction: unknown }>;

/** Relation-walking filters: the walk CTEs, then the reached entities of the candidate types. */
function related(
  f: WalkFilter,
  types: readonly QueryableType[],
  ctx: EntitySetContext,
  match: WalkSpec['match'],
  cond?: (t: string, type: QueryableType) => string | null,
): EntitySetSql {
  const root = f.rootStateEntity && f.defaultStateEntity ? f.defaultStateEntity : f.rootEntity;
  if (!root) return plain(emptySelect(ctx));
  const ctes = relationWalkCtes(
    { root, direction: f.direction, maxLevel: f.maxLevel ?? null, fetchLastLevelOnly: !!f.fetchLastLevelOnly, match },
    ctx.params,
  );
  const select = union(types, ctx, (t, type) => {
    const conds = [`${t}.id IN (SELECT id FROM reached WHERE entity_type = '${type}')`, cond?.(t, type)];
    return conds.filter(Boolean).join(' AND ');
  });
  return { ctes, recursive: true, select };
}

/** A search query (asset/device/entity view): one type, an optional relation type and subtypes. */
function searchQuery(
  f: WalkFilter,
  type: QueryableType,
  relationType: string | null | undefined,
  subtypes: string[] | null | undefined,
  ctx: EntitySetContext,
) {
  const match = (h: string) =>
    [`${h}.far_type = '${type}'`, relationType ? `${h}.relation_type = ${ctx.params.add(relationType, 'text')}` : null]
      .filter(Boolean)
      .join(' AND ');
  const bySubtype =
    subtypes && subtypes.length ? (t: string) => `${t}.type = ANY(${ctx.params.add(subtypes, 'text[]')})` : undefined;
  return related(f, [type], ctx, match, bySubtype);
}

/** The entities an entity filter selects, visible to the caller (spec 2-calls §3.4). */
export function entitySetSql(filter: EntityFilter, ctx: EntitySetContext): EntitySetSql {
  switch (filter.type) {
    case 'singleEntity':
      return single(filter.singleEntity, ctx);
    case 'stateEntity':
      // Dashboard states resolve on the client; here the entity sent, else the alias default.
      return single(filter.singleEntity ?? filter.defaultStateEntity, ctx);
    case 'entityList': {
      if (!isQueryableType(filter.entityType) || filter.entityList.length === 0) return plain(emptySelect(ctx));
      const ids = filter.entityList;
      return plain(union([filter.entityType], ctx, (t) => `${t}.id = ANY(${ctx.params.add(ids, 'uuid[]')})`));
    }
    case 'entityName': {
      const type = filter.entityType;
      if (!isQueryableType(type)) return plain(emptySelect(ctx));
      return plain(union([type], ctx, namePrefix(type, filter.entityNameFilter, ctx)));
    }
    case 'entityType':
      return plain(isQueryableType(filter.entityType) ? union([filter.entityType], ctx) : emptySelect(ctx));
    case 'assetType':
      return ofTypeNamed('ASSET', filter.assetType, filter.assetNameFilter, ctx);
    case 'deviceType':
      return ofTypeNamed('DEVICE', filter.deviceType, filter.deviceNameFilter, ctx);
    case 'entityViewType':
      return ofTypeNamed('ENTITY_VIEW', filter.entityViewType, filter.entityViewNameFilter, ctx);
    case 'apiUsageState':
      // No API usage states are recorded yet (no table): the answer is empty.
      return plain(emptySelect(ctx));
    case 'relationsQuery': {
      const filters = filter.filters ?? [];
      const match = (h: string) => {
        if (filters.length === 0) return 'TRUE';
        const any = filters.map((rf) => {
          const parts = ['TRUE'];
          if (rf.relationType) parts.push(`${h}.relation_type = ${ctx.params.add(rf.relationType, 'text')}`);
          if (rf.entityTypes?.length) parts.push(`${h}.far_type = ANY(${ctx.params.add(rf.entityTypes, 'text[]')})`);
          return `(${parts.join(' AND ')})`;
        });
        return `(${any.join(' OR ')})`;
      };
      // Only types some filter can reach: when every filter names its types, no other table is read.
      const named = filters.every((rf) => rf.entityTypes?.length) && filters.length > 0;
      const types = named
        ? QUERYABLE_TYPES.filter((t) => filters.some((rf) => rf.entityTypes?.includes(t)))
        : QUERYABLE_TYPES;
      return related(filter, types, ctx, match);
    }
    case 'assetSearchQuery':
      return searchQuery(filter, 'ASSET', filter.relationType, filter.assetTypes, ctx);
    case 'deviceSearchQuery':
      return searchQuery(filter, 'DEVICE', filter.relationType, filter.deviceTypes, ctx);
    case 'entityViewSearchQuery':
      return searchQuery(filter, 'ENTITY_VIEW', filter.relationType, filter.entityViewTypes, ctx);
  }
}
