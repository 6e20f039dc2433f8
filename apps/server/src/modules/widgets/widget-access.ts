// Who may see and change widgets bundles and widget types (reference §2.3).
import type { Queryable } from '../../db/database.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { type Caller, isSysAdmin } from '../auth/caller.ts';
import { SYSTEM_OWNER } from './widget-wire.ts';

/** Owners whose widgets the caller sees: the system administrator only system ones, others also their tenant's. */
export function readableOwners(caller: Caller): string[] {
  return isSysAdmin(caller) ? [SYSTEM_OWNER] : [SYSTEM_OWNER, caller.tenantId];
}

export function canRead(caller: Caller, owner: string): boolean {
  return readableOwners(caller).includes(owner);
}

/** The owner of what the caller creates: system for the system administrator, the tenant for its admin. */
export function writeOwner(caller: Caller): string {
  if (caller.authority === 'SYS_ADMIN') return SYSTEM_OWNER;
  if (caller.authority === 'TENANT_ADMIN') return caller.tenantId;
  throw forbidden();
}

/**
 * A stored row the caller reads: missing → 404; another owner's → 403, as ThingsBoard looks widgets up
 * by id and then checks permissions (reference §2.3).
 */
export function checkReadable<T>(caller: Caller, row: T | undefined, rowOwner: (r: T) => string): T {
  if (!row) throw notFound();
  if (!canRead(caller, rowOwner(row))) throw forbidden();
  return row;
}

/** A stored row the caller changes: readable, and the caller's to write (not a system widget for a tenant admin). */
export function checkWritable<T>(caller: Caller, owner: string, row: T | undefined, rowOwner: (r: T) => string): T {
  const readable = checkReadable(caller, row, rowOwner);
  if (rowOwner(readable) !== owner) throw forbidden();
  return readable;
}

/** Serialises alias generation within one scope (two saves of one title must not pick the same alias). */
export async function lockAliasScope(q: Queryable, scope: string): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [scope]);
}
