import type { AuditEntry } from '../audit-logs/audit.service.ts';
import type { AccessEvent, AccessEvents } from './access-events.ts';

/** Entities customer users and public visitors see through their customer (reference §2.3). */
const CUSTOMER_OWNED = new Set(['DEVICE', 'ASSET', 'ENTITY_VIEW']);
const OWNER_CHANGES = new Set(['ASSIGNED_TO_CUSTOMER', 'UNASSIGNED_FROM_CUSTOMER', 'DELETED']);

/**
 * The audit trail already names every change of owner (assign, unassign, make public, claim,
 * reclaim, delete — devices, assets, entity views) and every deletion of a user, customer or
 * tenant, whose sessions go with the rows (ON DELETE CASCADE, so no revocation records them).
 * Told once the change committed, so a receiver's re-check sees it.
 */
export function accessEventOf(entry: AuditEntry): AccessEvent | null {
  if (entry.failure) return null;
  const { entityType, entityId, action } = entry;
  if (CUSTOMER_OWNED.has(entityType) && OWNER_CHANGES.has(action)) {
    return { kind: 'entity', tenantId: entry.actor.tenantId, entityType, entityId };
  }
  if (action !== 'DELETED') return null;
  if (entityType === 'USER') return { kind: 'sessions', userId: entityId };
  if (entityType === 'CUSTOMER') return { kind: 'sessions', customerId: entityId };
  if (entityType === 'TENANT') return { kind: 'sessions', tenantId: entityId };
  return null;
}

/** An audit listener (AuditService.onCommitted) that publishes the access events of records. */
export function publishAccessEventsOf(events: AccessEvents): (entry: AuditEntry) => void {
  return (entry) => {
    const event = accessEventOf(entry);
    if (event) events.publish(event);
  };
}
