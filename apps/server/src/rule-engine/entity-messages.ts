// Entity lifecycle as rule-engine messages, from the audit trail (every change a user makes is
// audited): ADDED → ENTITY_CREATED, ATTRIBUTES_UPDATED → ATTRIBUTES_UPDATED, … Also keeps the
// engine's caches in step (device and profile routing, deleted tenants).
import { NULL_UUID } from '@sapo/common';
import type { AuditEntry } from '../modules/audit-logs/audit.service.ts';
import type { DeviceRouting } from './device-routing.ts';
import { newMsg } from './msg.ts';
import type { EntityRef, TbMsg } from './rule-engine-types.ts';

const MSG_TYPE_OF_ACTION: Readonly<Record<string, string>> = {
  ADDED: 'ENTITY_CREATED',
  UPDATED: 'ENTITY_UPDATED',
  DELETED: 'ENTITY_DELETED',
  ASSIGNED_TO_CUSTOMER: 'ENTITY_ASSIGNED',
  UNASSIGNED_FROM_CUSTOMER: 'ENTITY_UNASSIGNED',
  ATTRIBUTES_UPDATED: 'ATTRIBUTES_UPDATED',
  ATTRIBUTES_DELETED: 'ATTRIBUTES_DELETED',
  TIMESERIES_UPDATED: 'TIMESERIES_UPDATED',
  TIMESERIES_DELETED: 'TIMESERIES_DELETED',
  ALARM_ACK: 'ALARM_ACK',
  ALARM_CLEAR: 'ALARM_CLEAR',
  ASSIGNED_FROM_TENANT: 'ENTITY_ASSIGNED_FROM_TENANT',
  ASSIGNED_TO_TENANT: 'ENTITY_ASSIGNED_TO_TENANT',
};

/** Entities whose changes reach the rule engine (as in ThingsBoard; configuration entities do not). */
const ENTITY_TYPES = new Set(['DEVICE', 'ASSET', 'ENTITY_VIEW', 'CUSTOMER', 'USER', 'DASHBOARD', 'ALARM', 'EDGE']);

export interface EntityMessageTarget {
  submit(tenantId: string, msg: TbMsg): Promise<void>;
  unloadTenant(tenantId: string): Promise<void>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function messageData(entry: AuditEntry): unknown {
  const d = entry.data;
  if (entry.entityType === 'ALARM' && isObj(d) && isObj(d.alarm)) return d.alarm;
  switch (entry.action) {
    case 'ATTRIBUTES_UPDATED':
      return isObj(d) && isObj(d.attributes) ? d.attributes : (d ?? {});
    case 'ATTRIBUTES_DELETED':
      return { attributes: isObj(d) && Array.isArray(d.attributes) ? d.attributes : [] };
    default:
      return d ?? { id: { entityType: entry.entityType, id: entry.entityId }, name: entry.entityName ?? null };
  }
}

function metadata(entry: AuditEntry): Record<string, string> {
  const meta: Record<string, string> = { userId: entry.actor.userId, userName: entry.actor.email };
  const d = isObj(entry.data) ? entry.data : {};
  if ((entry.action === 'ATTRIBUTES_UPDATED' || entry.action === 'ATTRIBUTES_DELETED') && typeof d.scope === 'string')
    meta.scope = d.scope;
  if (entry.action === 'ASSIGNED_TO_CUSTOMER' || entry.action === 'UNASSIGNED_FROM_CUSTOMER') {
    const prefix = entry.action === 'ASSIGNED_TO_CUSTOMER' ? 'assigned' : 'unassigned';
    if (typeof d.customerId === 'string') meta[`${prefix}CustomerId`] = d.customerId;
    if (typeof d.customerName === 'string') meta[`${prefix}CustomerName`] = d.customerName;
  }
  if (entry.entityType === 'DEVICE' && entry.entityName) meta.deviceName = entry.entityName;
  return meta;
}

/** Alarm actions are about the alarm's originator when the audit data names it. */
function originatorOf(entry: AuditEntry): EntityRef {
  // Alarm audit entries carry `{alarm}`; ALARM_ACK / ALARM_CLEAR messages come from the alarm's originator.
  const alarm = isObj(entry.data) && isObj(entry.data.alarm) ? entry.data.alarm : entry.data;
  if (entry.entityType === 'ALARM' && isObj(alarm) && isObj(alarm.originator)) {
    const o = alarm.originator;
    if (typeof o.entityType === 'string' && typeof o.id === 'string') return { entityType: o.entityType, id: o.id };
  }
  return { entityType: entry.entityType, id: entry.entityId };
}

export class EntityMessages {
  constructor(
    private readonly engine: EntityMessageTarget,
    private readonly routing: DeviceRouting,
    private readonly clock: { now(): number },
  ) {}

  /** The audit listener: never throws, never waits (the audit write is inside a request). */
  readonly onAudit = (entry: AuditEntry): void => {
    if (entry.failure) return;
    this.invalidate(entry);
    const type = MSG_TYPE_OF_ACTION[entry.action];
    const tenantId = entry.actor.tenantId;
    if (!type || !ENTITY_TYPES.has(entry.entityType) || !tenantId || tenantId === NULL_UUID) return;
    const now = this.clock.now();
    const customerId = entry.actor.customerId !== NULL_UUID ? entry.actor.customerId : undefined;
    const msg = newMsg(type, originatorOf(entry), metadata(entry), JSON.stringify(messageData(entry)), now, customerId);
    // After the current request's synchronous work; errors (engine stopped) are not the caller's concern.
    setImmediate(() => void this.engine.submit(tenantId, msg).catch(() => {}));
  };

  private invalidate(entry: AuditEntry): void {
    const changes = entry.action === 'UPDATED' || entry.action === 'DELETED';
    if (entry.entityType === 'DEVICE' && (changes || entry.action.includes('CUSTOMER')))
      this.routing.forgetDevice(entry.entityId);
    else if (entry.entityType === 'DEVICE_PROFILE' && changes) this.routing.forgetProfile(entry.entityId);
    else if (entry.entityType === 'TENANT' && entry.action === 'DELETED')
      void this.engine.unloadTenant(entry.entityId).catch(() => {});
  }
}
