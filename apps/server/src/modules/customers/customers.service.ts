import type { Customer, PageLink } from '@sapo/common';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { mapPage } from '../../lib/paging.ts';
import { type Caller, isCustomerRole, requireAuthority } from '../auth/caller.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import { cleanContact } from '../tenants/contact.ts';
import { CONTACT_COLUMNS, type Contact } from '../tenants/tenant.repository.ts';
import type { TenantLimits } from '../tenant-profiles/tenant-limits.ts';
import type { CustomerRepository, CustomerRow } from './customer.repository.ts';
import { deleteEntityAttributes, deleteEntityRelations } from '../relations/relation-cleanup.ts';

export interface CustomerInput extends Partial<Record<keyof Contact, string | null>> {
  id?: { id: string } | null;
  title?: string | null;
  additionalInfo?: unknown;
}

export function toCustomer(r: CustomerRow): Customer {
  const info = (r.additional_info && typeof r.additional_info === 'object' ? r.additional_info : {}) as Record<
    string,
    unknown
  >;
  return {
    id: { entityType: 'CUSTOMER' as const, id: r.id },
    createdTime: r.created_time,
    tenantId: { entityType: 'TENANT' as const, id: r.tenant_id },
    title: r.title,
    name: r.title,
    ...(Object.fromEntries(CONTACT_COLUMNS.map((c) => [c, r[c]])) as Contact),
    additionalInfo: r.is_public ? { ...info, isPublic: true } : (r.additional_info ?? null),
  };
}

/** Customers of a tenant: the tenant administrator manages them, customer users read their own. */
export class CustomersService {
  constructor(
    private readonly db: Db,
    private readonly repo: CustomerRepository,
    private readonly limits: TenantLimits,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** Loads a customer the caller may read: looked up by id, then checked (403, as ThingsBoard). */
  async readable(caller: Caller, id: string): Promise<CustomerRow> {
    requireAuthority(caller, 'TENANT_ADMIN', 'TENANT_USER', 'CUSTOMER_ADMIN', 'CUSTOMER_USER');
    const row = await this.repo.findById(id);
    if (!row) throw notFound();
    if (row.tenant_id !== caller.tenantId) throw forbidden();
    if (isCustomerRole(caller) && caller.customerId !== id) throw forbidden();
    return row;
  }

  async get(caller: Caller, id: string) {
    return toCustomer(await this.readable(caller, id));
  }

  async shortInfo(caller: Caller, id: string) {
    const row = await this.readable(caller, id);
    return { title: row.title, isPublic: row.is_public };
  }

  async title(caller: Caller, id: string) {
    return (await this.readable(caller, id)).title;
  }

  async list(caller: Caller, link: PageLink) {
    requireAuthority(caller, 'TENANT_ADMIN', 'TENANT_USER');
    return mapPage(await this.repo.findPage(caller.tenantId, link), toCustomer);
  }

  async findByTitle(caller: Caller, title: string) {
    requireAuthority(caller, 'TENANT_ADMIN', 'TENANT_USER');
    const row = await this.repo.findByTitle(caller.tenantId, title);
    if (!row) throw notFound();
    return toCustomer(row);
  }

  async save(caller: Caller, input: CustomerInput) {
    requireAuthority(caller, 'TENANT_ADMIN');
    const title = input.title?.trim();
    if (!title) throw badRequest('Customer title should be specified!');
    const contact = cleanContact(input);
    if (typeof contact === 'string') throw badRequest(contact);
    const info =
      input.additionalInfo && typeof input.additionalInfo === 'object' && !Array.isArray(input.additionalInfo)
        ? Object.fromEntries(
            Object.entries(input.additionalInfo).filter(([k]) => k !== 'isPublic' && k !== '__proto__'),
          )
        : (input.additionalInfo ?? null);
    return this.db.tx(async (q) => {
      const same = await this.repo.findByTitle(caller.tenantId, title, q);
      const existingId = input.id?.id;
      if (same && same.id !== existingId) throw badRequest('Customer with such title already exists!');
      if (existingId) {
        const current = await this.repo.findById(existingId, q);
        if (!current) throw notFound();
        if (current.tenant_id !== caller.tenantId) throw forbidden();
        if (current.is_public) throw badRequest("The public customer can't be edited!");
        const row: CustomerRow = { ...current, ...contact, title, additional_info: info };
        await this.repo.update(q, row);
        await this.audit.log(
          { actor: caller, entityType: 'CUSTOMER', entityId: row.id, entityName: title, action: 'UPDATED' },
          q,
        );
        return toCustomer(row);
      }
      await this.limits.check(q, caller.tenantId, 'maxCustomers', () => this.repo.countByTenant(caller.tenantId, q));
      const row: CustomerRow = {
        id: newId(),
        created_time: this.clock.now(),
        tenant_id: caller.tenantId,
        title,
        is_public: false,
        ...contact,
        additional_info: info,
      };
      await this.repo.insert(q, row);
      await this.audit.log(
        { actor: caller, entityType: 'CUSTOMER', entityId: row.id, entityName: title, action: 'ADDED' },
        q,
      );
      return toCustomer(row);
    });
  }

  async delete(caller: Caller, id: string) {
    requireAuthority(caller, 'TENANT_ADMIN');
    await this.db.tx(async (q) => {
      const row = await this.repo.findById(id, q);
      if (!row) throw notFound();
      if (row.tenant_id !== caller.tenantId) throw forbidden();
      // Its users go too (ON DELETE CASCADE); relations and attributes have no foreign key, so the
      // customer's and its users' are removed here.
      const users = await q.query<{ id: string }>('SELECT id FROM tb_user WHERE customer_id = $1', [id]);
      for (const ref of [{ type: 'CUSTOMER', id }, ...users.map((u) => ({ type: 'USER', id: u.id }))]) {
        await deleteEntityRelations(q, ref.type, ref.id);
        await deleteEntityAttributes(q, ref.type, ref.id);
      }
      await this.repo.delete(q, id);
      await this.audit.log(
        { actor: caller, entityType: 'CUSTOMER', entityId: id, entityName: row.title, action: 'DELETED' },
        q,
      );
    });
  }
}
