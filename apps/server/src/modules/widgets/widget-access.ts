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
 * Checks a stored row the caller wants to change: unseen (another tenant's) → 404 as for other
 * entities; seen but not the caller's to write (a system widget for a tenant admin) → 403.
 */
export function checkWritable<T>(caller: Caller, owner: string, row: T | undefined, rowOwner: (r: T) => string): T {
  if (!row || !canRead(caller, rowOwner(row))) throw notFound();
  if (rowOwner(row) !== owner) throw forbidden();
  return row;
}

/** Serialises alias generation within one scope (two saves of one title must not pick the same alias). */
export async function lockAliasScope(q: Queryable, scope: string): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [scope]);
}
