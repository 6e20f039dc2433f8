import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { type Caller, requireAuthority } from '../auth/caller.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import type { CustomerRepository } from '../customers/customer.repository.ts';
import { findOrCreatePublicCustomer } from '../customers/public-customer.ts';
import type { DeviceAccess } from './device-access.ts';
import { toDevice } from './device.mapper.ts';
import type { DeviceRepository } from './device.repository.ts';

/** Handing devices to customers: assign, unassign, make public (the tenant administrator's). */
export class DeviceAssignmentService {
  constructor(
    private readonly db: Db,
    private readonly repo: DeviceRepository,
    private readonly customers: CustomerRepository,
    private readonly access: DeviceAccess,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async assign(caller: Caller, customerId: string, deviceId: string) {
    requireAuthority(caller, 'TENANT_ADMIN');
    return this.db.tx(async (q) => {
      // As ThingsBoard: the customer is checked first (403 when foreign), then the device (404).
      const customer = await this.customers.findById(customerId, q);
      if (!customer) throw notFound();
      if (customer.tenant_id !== caller.tenantId) throw forbidden();
      const row = await this.access.managed(caller, deviceId, q);
      await this.repo.setCustomer(q, deviceId, customer.id);
      await this.audit.log(
        {
          actor: caller,
          entityType: 'DEVICE',
          entityId: deviceId,
          entityName: row.name,
          action: 'ASSIGNED_TO_CUSTOMER',
          data: { entityId: deviceId, customerId: customer.id, customerName: customer.title },
        },
        q,
      );
      return toDevice({ ...row, customer_id: customer.id });
    });
  }

  async unassign(caller: Caller, deviceId: string) {
    return this.db.tx(async (q) => {
      const row = await this.access.managed(caller, deviceId, q);
      if (!row.customer_id) throw badRequest("Device isn't assigned to any customer!");
      const customer = await this.customers.findById(row.customer_id, q);
      await this.repo.setCustomer(q, deviceId, null);
      await this.audit.log(
        {
          actor: caller,
          entityType: 'DEVICE',
          entityId: deviceId,
          entityName: row.name,
          action: 'UNASSIGNED_FROM_CUSTOMER',
          data: { entityId: deviceId, customerId: row.customer_id, customerName: customer?.title ?? null },
        },
        q,
      );
      return toDevice({ ...row, customer_id: null });
    });
  }

  /** Assigns the device to the tenant's "Public" customer (created on first use). */
  async makePublic(caller: Caller, deviceId: string) {
    return this.db.tx(async (q) => {
      const row = await this.access.managed(caller, deviceId, q);
      const customer = await findOrCreatePublicCustomer(q, caller.tenantId, this.clock.now());
      await this.repo.setCustomer(q, deviceId, customer.id);
      await this.audit.log(
        {
          actor: caller,
          entityType: 'DEVICE',
          entityId: deviceId,
          entityName: row.name,
          action: 'ASSIGNED_TO_CUSTOMER',
          data: { entityId: deviceId, customerId: customer.id, customerName: customer.title },
        },
        q,
      );
      return toDevice({ ...row, customer_id: customer.id });
    });
  }
}
