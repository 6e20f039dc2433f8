import { NULL_UUID, type EntityType } from '@sapo/common';
import { afterCommit, type Queryable } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';

/** Audit action types of spec 1-client §3.6. */
export const ACTION_TYPES = [
  'ADDED',
  'DELETED',
  'UPDATED',
  'ATTRIBUTES_UPDATED',
  'ATTRIBUTES_DELETED',
  'ATTRIBUTES_READ',
  'RPC_CALL',
  'CREDENTIALS_UPDATED',
  'CREDENTIALS_READ',
  'ASSIGNED_TO_CUSTOMER',
  'UNASSIGNED_FROM_CUSTOMER',
  'ACTIVATED',
  'SUSPENDED',
  'RELATION_ADD_OR_UPDATE',
  'RELATION_DELETED',
  'RELATIONS_DELETED',
  'ALARM_ACK',
  'ALARM_CLEAR',
  'LOGIN',
  'LOGOUT',
  'LOCKOUT',
  'ASSIGNED_FROM_TENANT',
  'ASSIGNED_TO_TENANT',
  'PROVISION_SUCCESS',
  'PROVISION_FAILURE',
  'TIMESERIES_UPDATED',
  'TIMESERIES_DELETED',
  'DOWNLINK_ADDED',
  'DOWNLINK_DELETED',
  'DOWNLINK_KV_ADDED',
  'DOWNLINK_KV_DELETED',
  'IMAGE_ADDED',
  'IMAGE_DELETED',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Who did it: a signed-in caller, or a user identified during sign-in. */
export interface AuditActor {
  tenantId: string;
  customerId: string;
  userId: string;
  email: string;
}

export interface AuditEntry {
  actor: AuditActor;
  entityType: EntityType;
  entityId: string;
  entityName?: string | null;
  action: ActionType;
  data?: unknown;
  failure?: string;
}

const orNull = (id: string) => (id === NULL_UUID ? null : id);

/** Told of every written record (the rule engine turns entity changes into messages); must not throw. */
export type AuditListener = (entry: AuditEntry) => void;

function tell(listeners: readonly AuditListener[], entry: AuditEntry): void {
  for (const l of listeners) {
    try {
      l(entry);
    } catch {
      // a listener's bug must not fail the audited request
    }
  }
}

/** Writes audit records (spec 1-client §3.6); reading them is the audit-log screen's job. */
export class AuditService {
  private readonly listeners: AuditListener[] = [];
  private readonly committedListeners: AuditListener[] = [];

  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
  ) {}

  async log(entry: AuditEntry, q: Queryable = this.db): Promise<void> {
    await q.query(
      `INSERT INTO audit_log (id, created_time, tenant_id, customer_id, entity_type, entity_id, entity_name,
         user_id, user_name, action_type, action_data, action_status, action_failure_details)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
      [
        newId(),
        this.clock.now(),
        orNull(entry.actor.tenantId),
        orNull(entry.actor.customerId),
        entry.entityType,
        entry.entityId,
        entry.entityName ?? null,
        orNull(entry.actor.userId),
        entry.actor.email,
        entry.action,
        entry.data === undefined ? null : JSON.stringify(entry.data),
        entry.failure ? 'FAILURE' : 'SUCCESS',
        entry.failure ?? null,
      ],
    );
    tell(this.listeners, entry);
    if (this.committedListeners.length > 0) afterCommit(q, () => tell(this.committedListeners, entry));
  }

  onLogged(listener: AuditListener): void {
    this.listeners.push(listener);
  }

  /** Like onLogged, but told only once the record's transaction committed (never after a rollback). */
  onCommitted(listener: AuditListener): void {
    this.committedListeners.push(listener);
  }
}
