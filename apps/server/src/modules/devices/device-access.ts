import type { Queryable } from '../../db/database.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { type Caller, isCustomerRole, requireAuthority } from '../auth/caller.ts';
import { isAllowed } from '../entities/entity-access.ts';
import type { DeviceRepository, DeviceRow } from './device.repository.ts';

/** Everyone who may see devices at all; the system administrator may not (reference §2.3). */
export const DEVICE_READERS = ['TENANT_ADMIN', 'TENANT_USER', 'CUSTOMER_ADMIN', 'CUSTOMER_USER'] as const;

/**
 * Device permissions (reference §2.3):
 * - devices are looked up with the caller's tenant, so another tenant's device is a 404;
 * - customer roles see only devices assigned to their customer (403 otherwise) and change none;
 * - creating, deleting, assigning and changing credentials are the tenant administrator's.
 */
export class DeviceAccess {
  constructor(private readonly repo: DeviceRepository) {}

  async inTenant(caller: Caller, id: string, q?: Queryable): Promise<DeviceRow> {
    const row = await this.repo.findById(id, q);
    if (!row || row.tenant_id !== caller.tenantId) throw notFound();
    return row;
  }

  /** A device the caller may read. */
  async readable(caller: Caller, id: string, q?: Queryable): Promise<DeviceRow> {
    requireAuthority(caller, ...DEVICE_READERS);
    const row = await this.inTenant(caller, id, q);
    this.checkCustomer(caller, row);
    return row;
  }

  checkCustomer(caller: Caller, row: Pick<DeviceRow, 'customer_id'>): void {
    if (isCustomerRole(caller) && row.customer_id !== caller.customerId) throw forbidden();
  }

  /** A device the caller may change (name, label, info): the entity-access WRITE rule. */
  async writable(caller: Caller, id: string, q?: Queryable): Promise<DeviceRow> {
    const row = await this.readable(caller, id, q);
    const owner = { id: row.id, tenantId: row.tenant_id, customerId: row.customer_id, authority: null };
    if (!isAllowed(caller, 'DEVICE', owner, 'WRITE')) throw forbidden();
    return row;
  }

  /** A device the tenant administrator manages (delete, assign, credentials). */
  async managed(caller: Caller, id: string, q?: Queryable): Promise<DeviceRow> {
    requireAuthority(caller, 'TENANT_ADMIN');
    return this.inTenant(caller, id, q);
  }
}
