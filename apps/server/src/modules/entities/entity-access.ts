import { NULL_UUID } from '@sapo/common';
import type { Queryable } from '../../db/database.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { Caller } from '../auth/caller.ts';
import { type EntityRef, type EntitySchema, groupByType, refKey } from './entity-tables.ts';

/**
 * READ: see the entity, its attributes and telemetry. WRITE: change the entity, its attributes
 * (any scope), telemetry or relations. OPERATE: act on it without changing it — send RPC, raise
 * its alarms — which ThingsBoard 3.2 leaves to read-only customer users too (RPC_CALL, ALARM).
 */
export type AccessOp = 'READ' | 'WRITE' | 'OPERATE';

/** Who owns an entity, as far as permissions care. */
export interface EntityOwner {
  id: string;
  tenantId: string | null;
  customerId: string | null;
  /** Users only: their authority (a tenant administrator never manages a system administrator). */
  authority: string | null;
}

/** Types tenant users may change, and customer roles see when assigned to their customer. */
const USER_WRITABLE = new Set(['DEVICE', 'ASSET', 'ENTITY_VIEW']);
const CUSTOMER_OWNED = USER_WRITABLE;

const orNull = (id: string | null) => (id === null || id === NULL_UUID ? null : id);

/**
 * The permission rules for an entity given only its type and id, shared by relations and
 * attributes (and any call that names "some entity"):
 * - SYS_ADMIN: tenants, tenant profiles and users other than customers' users;
 * - TENANT_ADMIN: anything of its tenant except system administrators;
 * - TENANT_USER: reads anything of its tenant; changes devices, assets and entity views and itself;
 * - CUSTOMER_ADMIN / CUSTOMER_USER: devices, assets and entity views assigned to its customer,
 *   read-only as in ThingsBoard 3.2.0 (they may OPERATE them: RPC, alarms; ADR 0010), its
 *   customer (read), itself (and, for the admin, the customer's users);
 * - a public (anonymous) session reads only.
 * Creating, deleting and assigning entities stay with the entity services (administrators only).
 */
export function isAllowed(caller: Caller, entityType: string, o: EntityOwner, op: AccessOp): boolean {
  if (caller.isPublic && op !== 'READ') return false;
  const sameTenant = o.tenantId !== null && o.tenantId === caller.tenantId;
  switch (caller.authority) {
    case 'SYS_ADMIN':
      // Users: tenants' and system administrators, never customers' (ThingsBoard 3.2; as users.service).
      if (entityType === 'USER') return o.authority !== 'CUSTOMER_USER' && o.authority !== 'CUSTOMER_ADMIN';
      return entityType === 'TENANT' || entityType === 'TENANT_PROFILE';
    case 'TENANT_ADMIN':
      if (entityType === 'USER' && o.authority === 'SYS_ADMIN') return false;
      return sameTenant;
    case 'TENANT_USER':
      if (!sameTenant || (entityType === 'USER' && o.authority === 'SYS_ADMIN')) return false;
      if (op === 'READ') return true;
      return USER_WRITABLE.has(entityType) || (entityType === 'USER' && o.id === caller.userId);
    case 'CUSTOMER_ADMIN':
    case 'CUSTOMER_USER':
      if (!sameTenant) return false;
      if (CUSTOMER_OWNED.has(entityType)) return op !== 'WRITE' && o.customerId === caller.customerId;
      if (entityType === 'CUSTOMER') return op === 'READ' && o.id === caller.customerId;
      if (entityType === 'DEVICE_PROFILE') return op === 'READ';
      if (entityType === 'USER') {
        if (o.id === caller.userId) return true;
        return caller.authority === 'CUSTOMER_ADMIN' && o.customerId === caller.customerId;
      }
      // Dashboards are readable when assigned to the customer: the dashboards issue adds that rule.
      return false;
    default:
      return false;
  }
}

/** Existence and permission checks for entities named by type and id. */
export class EntityAccess {
  constructor(
    private readonly db: Queryable,
    private readonly schema: EntitySchema,
  ) {}

  /** Owners of the referenced entities that exist (one query per type), keyed by refKey. */
  async owners(refs: readonly EntityRef[], q: Queryable = this.db): Promise<Map<string, EntityOwner>> {
    const found = new Map<string, EntityOwner>();
    for (const [type, ids] of groupByType(refs)) {
      const spec = await this.schema.table(type, q);
      if (!spec) continue;
      const rows = await q.query<{ id: string; t: string | null; c: string | null; a: string | null }>(
        `SELECT id, ${spec.tenantColumn ?? 'NULL::uuid'} AS t, ${spec.customerColumn ?? 'NULL::uuid'} AS c,
                ${type === 'USER' ? 'authority' : 'NULL::text'} AS a
         FROM ${spec.table} WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      for (const r of rows) {
        found.set(refKey(type, r.id), { id: r.id, tenantId: orNull(r.t), customerId: orNull(r.c), authority: r.a });
      }
    }
    return found;
  }

  /**
   * Throws unless the entity exists and the caller may perform `op` on it: 404 when missing,
   * 403 when not permitted — except another tenant's device, which answers 404 as in ThingsBoard
   * (devices are looked up with a tenant filter, reference §2.3).
   */
  async check(caller: Caller, ref: EntityRef, op: AccessOp, q: Queryable = this.db): Promise<EntityOwner> {
    const owner = (await this.owners([ref], q)).get(refKey(ref.entityType, ref.id));
    if (!owner) throw notFound();
    if (!isAllowed(caller, ref.entityType, owner, op)) {
      if (ref.entityType === 'DEVICE' && owner.tenantId !== caller.tenantId) throw notFound();
      throw forbidden();
    }
    return owner;
  }

  /** The refKeys of the entities that exist and that the caller may perform `op` on. */
  async allowedKeys(caller: Caller, refs: readonly EntityRef[], op: AccessOp, q: Queryable = this.db) {
    const owners = await this.owners(refs, q);
    const keys = new Set<string>();
    for (const r of refs) {
      const key = refKey(r.entityType, r.id);
      const o = owners.get(key);
      if (o && isAllowed(caller, r.entityType, o, op)) keys.add(key);
    }
    return keys;
  }
}
