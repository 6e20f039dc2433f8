import type { EntityType } from '@sapo/common';

/**
 * Entity fields (ENTITY_FIELD keys) per entity type, after ThingsBoard's EntityKeyMapping
 * (reference §7): which keys a type has, the column behind each, and the aliases ThingsBoard
 * applies (a customer's "name" is its title, a user's is its email, a device's "title" its name).
 */

/** Entity types entity data queries can return; others give an empty result. */
export const QUERYABLE_TYPES = ['DEVICE', 'ASSET', 'ENTITY_VIEW', 'TENANT', 'CUSTOMER', 'USER', 'DASHBOARD'] as const;
export type QueryableType = (typeof QUERYABLE_TYPES)[number];

export const isQueryableType = (t: string): t is QueryableType => (QUERYABLE_TYPES as readonly string[]).includes(t);

/** How a field is typed in SQL; one kind per key so a UNION over several tables lines up. */
export type FieldKind = 'number' | 'text' | 'json';

export function fieldKind(key: string): FieldKind {
  if (key === 'createdTime') return 'number';
  if (key === 'additionalInfo') return 'json';
  return 'text';
}

interface TypeSpec {
  table: string;
  tenantColumn: string;
  /** The owning customer (devices, assets, views, users); null where the type has none. */
  customerColumn: string | null;
  /** Column of the name filters (entityName, *Type name filters). */
  nameColumn: string;
  /** Field key → column. */
  fields: Record<string, string>;
}

const LABELED = { name: 'name', title: 'name', type: 'type', label: 'label', additionalInfo: 'additional_info' };
const CONTACT = {
  name: 'title',
  label: 'title',
  title: 'title',
  email: 'email',
  country: 'country',
  state: 'state',
  city: 'city',
  address: 'address',
  address2: 'address2',
  zip: 'zip',
  phone: 'phone',
  additionalInfo: 'additional_info',
};

const SPECS: Record<QueryableType, TypeSpec> = {
  DEVICE: {
    table: 'device',
    tenantColumn: 'tenant_id',
    customerColumn: 'customer_id',
    nameColumn: 'name',
    fields: LABELED,
  },
  ASSET: {
    table: 'asset',
    tenantColumn: 'tenant_id',
    customerColumn: 'customer_id',
    nameColumn: 'name',
    fields: LABELED,
  },
  ENTITY_VIEW: {
    table: 'entity_view',
    tenantColumn: 'tenant_id',
    customerColumn: 'customer_id',
    nameColumn: 'name',
    fields: { name: 'name', title: 'name', type: 'type', additionalInfo: 'additional_info' },
  },
  TENANT: {
    table: 'tenant',
    tenantColumn: 'id',
    customerColumn: null,
    nameColumn: 'title',
    fields: { ...CONTACT, region: 'region' },
  },
  CUSTOMER: {
    table: 'customer',
    tenantColumn: 'tenant_id',
    customerColumn: null,
    nameColumn: 'title',
    fields: CONTACT,
  },
  USER: {
    table: 'tb_user',
    tenantColumn: 'tenant_id',
    customerColumn: 'customer_id',
    nameColumn: 'email',
    fields: {
      name: 'email',
      title: 'email',
      label: 'email',
      email: 'email',
      firstName: 'first_name',
      lastName: 'last_name',
      additionalInfo: 'additional_info',
    },
  },
  DASHBOARD: {
    table: 'dashboard',
    tenantColumn: 'tenant_id',
    customerColumn: null,
    nameColumn: 'title',
    fields: { name: 'title', label: 'title', title: 'title' },
  },
};

export function typeSpec(type: QueryableType): TypeSpec {
  return SPECS[type];
}

export const queryableTables = (): string[] => QUERYABLE_TYPES.map((t) => SPECS[t].table);

/** Columns present per table (from information_schema): tables later issues add may be missing. */
export type SchemaColumns = ReadonlyMap<string, ReadonlySet<string>>;

/** True when the type's table exists with the columns every query reads. */
export function typePresent(type: QueryableType, schema: SchemaColumns): boolean {
  const s = SPECS[type];
  const cols = schema.get(s.table);
  if (!cols) return false;
  return ['id', 'created_time', s.tenantColumn, s.nameColumn].every((c) => cols.has(c));
}

/**
 * SQL of an entity field of a row of `alias` (typed by fieldKind), or NULL of that type when the
 * type has no such field — ThingsBoard answers "" for those.
 */
export function fieldSql(type: QueryableType, key: string, alias: string, schema: SchemaColumns): string {
  const kind = fieldKind(key);
  const nullOf = kind === 'number' ? 'NULL::bigint' : kind === 'json' ? 'NULL::jsonb' : 'NULL::text';
  if (key === 'entityType') return `'${type}'::text`;
  if (key === 'createdTime') return `${alias}.created_time`;
  const fields = SPECS[type].fields;
  const column = Object.hasOwn(fields, key) ? fields[key] : undefined;
  if (!column || !schema.get(SPECS[type].table)?.has(column)) return nullOf;
  return kind === 'json' ? `${alias}.${column}::jsonb` : `${alias}.${column}::text`;
}

/** Types of a list that ThingsBoard's relation queries may reach; kept as given order. */
export function asQueryable(types: readonly (EntityType | string)[]): QueryableType[] {
  return types.filter(isQueryableType);
}
