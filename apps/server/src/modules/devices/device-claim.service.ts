import { timingSafeEqual } from 'node:crypto';
import type { ClaimResult } from '@sapo/common';
import type { Db, Queryable } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { type Caller, isCustomerRole, requireAuthority, requireNotPublic } from '../auth/caller.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import { type DeviceDto, toDevice } from './device.mapper.ts';
import type { DeviceRepository, DeviceRow } from './device.repository.ts';

/** How long a claim request stays valid when the device names no duration (ThingsBoard: 30 s). */
export const DEFAULT_CLAIM_DURATION_MS = 30_000;
/** Server attributes ThingsBoard also uses: claim data provisioned by an administrator, and the flag. */
const CLAIM_DATA_ATTRIBUTE = 'claimData';
const CLAIMING_ALLOWED_ATTRIBUTE = 'claimingAllowed';

interface ClaimData {
  secretKey: string;
  expirationTime: number;
  /** Where it came from, so it is cleared from there. */
  from: 'device' | 'attribute';
}

export type ClaimOutcome = { response: 'SUCCESS'; device: DeviceDto } | { response: Exclude<ClaimResult, 'SUCCESS'> };

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Device claiming (reference §2.2): a device that is not assigned to a customer announces a secret
 * key and a duration through the device API; within that time a customer user who knows the device
 * name and the key claims it for their customer. Reclaiming returns the device to the tenant.
 */
export class DeviceClaimService {
  constructor(
    private readonly db: Db,
    private readonly repo: DeviceRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly defaultDurationMs = DEFAULT_CLAIM_DURATION_MS,
  ) {}

  /**
   * Called by the device transports when a device sends its claim request. Throws a 400 when the
   * device already belongs to a customer (nothing to claim).
   */
  async registerClaimingInfo(tenantId: string, deviceId: string, secretKey: string | null, durationMs?: number) {
    await this.db.tx(async (q) => {
      const device = await this.repo.lockById(q, deviceId);
      if (!device || device.tenant_id !== tenantId) throw notFound();
      if (device.customer_id) throw badRequest(`The device [${device.name}] has been already claimed!`);
      const duration = durationMs && durationMs > 0 ? durationMs : this.defaultDurationMs;
      await this.repo.setClaim(q, deviceId, secretKey ?? '', this.clock.now() + duration);
    });
  }

  async claim(caller: Caller, deviceName: string, secretKey: string): Promise<ClaimOutcome> {
    requireAuthority(caller, 'CUSTOMER_USER', 'CUSTOMER_ADMIN');
    requireNotPublic(caller);
    return this.db.tx(async (q) => {
      const found = await this.repo.findByName(caller.tenantId, deviceName, q);
      if (!found) throw notFound();
      const device = (await this.repo.lockById(q, found.id))!;
      const data = await this.claimData(q, device);
      if (!data) return { response: device.customer_id ? 'CLAIMED' : 'FAILURE' };
      if (this.clock.now() > data.expirationTime || !sameSecret(secretKey, data.secretKey)) {
        if (data.from === 'device') await this.repo.setClaim(q, device.id, null, null);
        return { response: 'FAILURE' };
      }
      await this.clearClaimData(q, device.id);
      if (device.customer_id) return { response: 'CLAIMED' };
      await this.repo.setCustomer(q, device.id, caller.customerId);
      await this.audit.log(
        {
          actor: caller,
          entityType: 'DEVICE',
          entityId: device.id,
          entityName: device.name,
          action: 'ASSIGNED_TO_CUSTOMER',
          data: { entityId: device.id, customerId: caller.customerId, claimed: true },
        },
        q,
      );
      return { response: 'SUCCESS', device: toDevice({ ...device, customer_id: caller.customerId }) };
    });
  }

  /**
   * Returns a claimed device to the tenant so it can be claimed again. A customer user may reclaim
   * only a device of their own customer (ThingsBoard lets any customer user of the tenant do it).
   */
  async reclaim(caller: Caller, deviceName: string): Promise<void> {
    requireAuthority(caller, 'TENANT_ADMIN', 'CUSTOMER_USER', 'CUSTOMER_ADMIN');
    requireNotPublic(caller);
    await this.db.tx(async (q) => {
      const found = await this.repo.findByName(caller.tenantId, deviceName, q);
      if (!found) throw notFound();
      const device = (await this.repo.lockById(q, found.id))!;
      if (isCustomerRole(caller) && device.customer_id !== caller.customerId) throw forbidden();
      await this.repo.setClaim(q, device.id, null, null);
      if (!device.customer_id) return;
      await this.repo.setCustomer(q, device.id, null);
      await this.audit.log(
        {
          actor: caller,
          entityType: 'DEVICE',
          entityId: device.id,
          entityName: device.name,
          action: 'UNASSIGNED_FROM_CUSTOMER',
          data: { entityId: device.id, customerId: device.customer_id, reclaimed: true },
        },
        q,
      );
    });
  }

  /** The pending claim: the device's own request first, then claim data an administrator set. */
  private async claimData(q: Queryable, device: DeviceRow): Promise<ClaimData | undefined> {
    if (device.claim_expiration_time !== null) {
      return { secretKey: device.claim_secret_key ?? '', expirationTime: device.claim_expiration_time, from: 'device' };
    }
    const rows = await q.query<{ str_v: string | null; json_v: unknown }>(
      `SELECT str_v, json_v FROM attribute_kv
       WHERE entity_id = $1 AND attribute_type = 'SERVER_SCOPE' AND attribute_key = $2`,
      [device.id, CLAIM_DATA_ATTRIBUTE],
    );
    const raw = rows[0];
    if (!raw) return undefined;
    let value: unknown = raw.json_v;
    try {
      if (value === null && raw.str_v !== null) value = JSON.parse(raw.str_v);
    } catch {
      return undefined;
    }
    const v = value as { secretKey?: unknown; expirationTime?: unknown } | null;
    if (!v || typeof v.expirationTime !== 'number') return undefined;
    return {
      secretKey: typeof v.secretKey === 'string' ? v.secretKey : '',
      expirationTime: v.expirationTime,
      from: 'attribute',
    };
  }

  private async clearClaimData(q: Queryable, deviceId: string): Promise<void> {
    await this.repo.setClaim(q, deviceId, null, null);
    await q.query(
      `DELETE FROM attribute_kv WHERE entity_id = $1 AND attribute_type = 'SERVER_SCOPE'
         AND attribute_key IN ($2, $3)`,
      [deviceId, CLAIM_DATA_ATTRIBUTE, CLAIMING_ALLOWED_ATTRIBUTE],
    );
  }
}
