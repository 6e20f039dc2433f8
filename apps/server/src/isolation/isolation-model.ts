import type { Actor, Entity, IsolationWorld, Kind } from './isolation-world.ts';

/** Kinds a customer can hold (assigned to it, or its own customer record and users). */
const HELD: ReadonlySet<Kind> = new Set(['DEVICE', 'ASSET', 'ENTITY_VIEW', 'DASHBOARD', 'ALARM', 'CUSTOMER', 'USER']);

/**
 * Whether an entity belongs to someone else than the actor, i.e. the actor must not read or
 * change it:
 * - the system administrator manages tenants and their administrators, never a tenant's data or
 *   its customers' users;
 * - a tenant administrator owns everything of its tenant and nothing of another, nor the system
 *   administrator;
 * - a customer user (and a public visitor, the Public customer's) holds only what is assigned to
 *   its customer; tenant-wide settings (profiles, rule chains, widgets) are not isolation targets
 *   for it — reading them or not is a role question, not one of crossing owners.
 */
export function isForeign(actor: Actor, e: Entity): boolean {
  if (actor.authority === null) return true;
  if (actor.authority === 'SYS_ADMIN') {
    if (e.kind === 'TENANT') return false;
    if (e.kind === 'USER') return e.holder !== null;
    return e.tenant !== null;
  }
  if (e.tenant !== actor.tenant) return true;
  if (actor.holder === null) return false;
  if (!HELD.has(e.kind)) return false;
  return e.holder !== actor.holder;
}

/** How a foreign entity relates to the actor, for the summary of answers. */
export function relation(actor: Actor, e: Entity): string {
  if (actor.authority === null) return 'no token';
  if (actor.authority === 'SYS_ADMIN') return 'system administrator';
  if (e.tenant === null) return 'system';
  if (e.tenant !== actor.tenant) return 'other tenant';
  if (e.holder === null) return 'tenant-level';
  return 'other customer';
}

/**
 * The actor's own entity of a kind, for the parameters a case does not aim at (so the foreign id
 * is the only thing wrong with the call). Customers' own held entities; otherwise the tenant's.
 */
export function ownEntity(w: IsolationWorld, actor: Actor, kind: Kind): Entity {
  const tenant = actor.tenant ?? 't1';
  const inTenant = w.entities.filter((e) => e.kind === kind && e.tenant === tenant);
  const holder = actor.holder !== null && HELD.has(kind) ? actor.holder : kind === 'CUSTOMER' ? 'A' : null;
  const own = inTenant.find((e) => e.holder === holder) ?? inTenant[0];
  if (!own) throw new Error(`the fixture world has no ${kind} of ${tenant}`);
  return own;
}
