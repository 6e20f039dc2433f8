import type { EntityType } from '@sapo/common';
import type { Queryable } from '../../db/database.ts';

/** Where an entity type is stored: its table, display-name column and owner columns. */
export interface EntityTable {
  table: string;
  nameColumn: string;
  /** Column holding the owning tenant (`id` for tenants); null for system-level types. */
  tenantColumn: string | null;
  /** Column holding the owning customer (`id` for customers); null where the type has none. */
  customerColumn: string | null;
}

/**
 * Every type with a table, including tables later issues add (dashboards, rule chains, alarms…):
 * those are used only once the table exists, so relations to them work as soon as they land.
 */
export const ENTITY_TABLES: Partial<Record<EntityType, EntityTable>> = {
  TENANT: { table: 'tenant', nameColumn: 'title', tenantColumn: 'id', customerColumn: null },
  CUSTOMER: { table: 'customer', nameColumn: 'title', tenantColumn: 'tenant_id', customerColumn: 'id' },
  USER: { table: 'tb_user', nameColumn: 'email', tenantColumn: 'tenant_id', customerColumn: 'customer_id' },
  DEVICE: { table: 'device', nameColumn: 'name', tenantColumn: 'tenant_id', customerColumn: 'customer_id' },
  ASSET: { table: 'asset', nameColumn: 'name', tenantColumn: 'tenant_id', customerColumn: 'customer_id' },
  ENTITY_VIEW: { table: 'entity_view', nameColumn: 'name', tenantColumn: 'tenant_id', customerColumn: 'customer_id' },
  DASHBOARD: { table: 'dashboard', nameColumn: 'title', tenantColumn: 'tenant_id', customerColumn: null },
  DEVICE_PROFILE: { table: 'device_profile', nameColumn: 'name', tenantColumn: 'tenant_id', customerColumn: null },
  TENANT_PROFILE: { table: 'tenant_profile', nameColumn: 'name', tenantColumn: null, customerColumn: null },
  RULE_CHAIN: { table: 'rule_chain', nameColumn: 'name', tenantColumn: 'tenant_id', customerColumn: null },
  WIDGETS_BUNDLE: { table: 'widgets_bundle', nameColumn: 'title', tenantColumn: 'tenant_id', customerColumn: null },
  ALARM: { table: 'alarm', nameColumn: 'type', tenantColumn: 'tenant_id', customerColumn: null },
};

/** "TYPE:uuid" — the key maps of looked-up entities use. */
export const refKey = (entityType: string, id: string) => `${entityType}:${id.toLowerCase()}`;

export interface EntityRef {
  entityType: string;
  id: string;
}

/**
 * Which of the known tables exist (with the columns we read). Read once per app: migrations run
 * before the app is built, so the schema does not change under a running instance.
 */
export class EntitySchema {
  private present: Promise<Map<string, Set<string>>> | undefined;

  constructor(private readonly db: Queryable) {}

  /** `q` is the caller's connection: inside a transaction the embedded database has no other. */
  private load(q: Queryable): Promise<Map<string, Set<string>>> {
    this.present ??= (async () => {
      const tables = [...new Set(Object.values(ENTITY_TABLES).map((t) => t.table))];
      const rows = await q.query<{ table_name: string; column_name: string }>(
        `SELECT table_name, column_name FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = ANY($1::text[])`,
        [tables],
      );
      const map = new Map<string, Set<string>>();
      for (const r of rows) {
        if (!map.has(r.table_name)) map.set(r.table_name, new Set());
        map.get(r.table_name)!.add(r.column_name);
      }
      return map;
    })().catch((err: unknown) => {
      this.present = undefined; // a failed lookup is retried next time
      throw err;
    });
    return this.present;
  }

  /** The table of a type when it exists with the columns we need; undefined otherwise. */
  async table(entityType: string, q: Queryable = this.db): Promise<EntityTable | undefined> {
    const spec = ENTITY_TABLES[entityType as EntityType];
    if (!spec) return undefined;
    const columns = (await this.load(q)).get(spec.table);
    if (!columns) return undefined;
    const needed = ['id', spec.nameColumn, spec.tenantColumn, spec.customerColumn].filter((c): c is string => !!c);
    return needed.every((c) => columns.has(c)) ? spec : undefined;
  }
}

/** Groups references by type, dropping duplicates; ids are lower-cased as PostgreSQL prints them. */
export function groupByType(refs: readonly EntityRef[]): Map<string, string[]> {
  const byType = new Map<string, Set<string>>();
  for (const r of refs) {
    if (!byType.has(r.entityType)) byType.set(r.entityType, new Set());
    byType.get(r.entityType)!.add(r.id.toLowerCase());
  }
  return new Map([...byType].map(([type, ids]) => [type, [...ids]]));
}
