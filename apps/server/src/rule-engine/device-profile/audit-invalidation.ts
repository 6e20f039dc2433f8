// Keeps device-profile nodes in step with what users change: every profile and device change is
// audited, so the audit trail tells the nodes' caches to reload.
import type { AuditEntry } from '../../modules/audit-logs/audit.service.ts';
import { invalidateDevice, invalidateDeviceProfile } from './invalidation.ts';

/** The audit record is written inside the change's transaction: tell again once it has surely committed. */
const RECHECK_MS = 1000;

const DEVICE_ACTIONS = new Set([
  'UPDATED',
  'DELETED',
  'ASSIGNED_TO_CUSTOMER',
  'UNASSIGNED_FROM_CUSTOMER',
  'ASSIGNED_TO_TENANT',
]);

export function invalidateProfileNodesFromAudit(entry: AuditEntry): void {
  if (entry.failure) return;
  const tenantId = entry.actor.tenantId;
  let run: (() => void) | null = null;
  if (entry.entityType === 'DEVICE_PROFILE' && (entry.action === 'UPDATED' || entry.action === 'DELETED')) {
    run = () => invalidateDeviceProfile(tenantId, entry.entityId);
  } else if (entry.entityType === 'DEVICE' && DEVICE_ACTIONS.has(entry.action)) {
    run = () => invalidateDevice(tenantId, entry.entityId);
  }
  if (!run) return;
  run();
  setTimeout(run, RECHECK_MS).unref?.();
}
