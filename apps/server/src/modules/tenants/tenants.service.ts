import { NULL_UUID, type PageLink, type Tenant, type TenantInfo } from '@sapo/common';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { mapPage } from '../../lib/paging.ts';
import { type Caller, isTenantRole, requireAuthority } from '../auth/caller.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import type { TenantProfileRepository } from '../tenant-profiles/tenant-profile.repository.ts';
import { CONTACT_COLUMNS, type Contact, type TenantRepository, type TenantRow } from './tenant.repository.ts';
import { cleanContact } from './contact.ts';
import { deleteTenantEntityData } from '../relations/relation-cleanup.ts';
import { insertDefaultRootChain } from '../rule-chains/default-root-chain.ts';
import { deleteTenantEvents } from '../events/event.repository.ts';

export interface TenantInput extends Partial<Record<keyof Contact, string | null>> {
  id?: { id: string } | null;
  title?: string | null;
  tenantProfileId?: { id: string } | null;
  additionalInfo?: unknown;
}

export function toTenant(r: TenantRow): Tenant {
  return {
    id: { entityType: 'TENANT' as const, id: r.id },
    createdTime: r.created_time,
    title: r.title,
    name: r.title,
    region: r.region,
    tenantProfileId: { entityType: 'TENANT_PROFILE' as const, id: r.tenant_profile_id },
    ...(Object.fromEntries(CONTACT_COLUMNS.map((c) => [c, r[c]])) as Contact),
    additionalInfo: r.additional_info ?? null,
  };
}
export const toTenantInfo = (r: TenantRow): TenantInfo => ({
  ...toTenant(r),
  tenantProfileName: r.tenant_profile_name ?? null,
});

/** Tenants: SYS_ADMIN manages them; a tenant's own users may read their tenant. */
export class TenantsService {
  constructor(
    private readonly db: Db,
    private readonly repo: TenantRepository,
    private readonly profiles: TenantProfileRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  private async readable(caller: Caller, id: string): Promise<TenantRow> {
    requireAuthority(caller, 'SYS_ADMIN', 'TENANT_ADMIN', 'TENANT_USER');
    const row = await this.repo.findById(id);
    if (!row) throw notFound();
    if (isTenantRole(caller) && caller.tenantId !== id) throw forbidden();
    return row;
  }

  async get(caller: Caller, id: string) {
    return toTenant(await this.readable(caller, id));
  }

  async getInfo(caller: Caller, id: string) {
    return toTenantInfo(await this.readable(caller, id));
  }

  async list(caller: Caller, link: PageLink) {
    requireAuthority(caller, 'SYS_ADMIN');
    return mapPage(await this.repo.findPage(link), toTenant);
  }

  async listInfos(caller: Caller, link: PageLink) {
    requireAuthority(caller, 'SYS_ADMIN');
    return mapPage(await this.repo.findPage(link), toTenantInfo);
  }

  async save(caller: Caller, input: TenantInput) {
    requireAuthority(caller, 'SYS_ADMIN');
    const title = input.title?.trim();
    if (!title) throw badRequest('Tenant title should be specified!');
    const contact = cleanContact(input);
    if (typeof contact === 'string') throw badRequest(contact);
    return this.db.tx(async (q) => {
      const profileId = input.tenantProfileId?.id ?? (await this.profiles.findDefault(q))?.id;
      const profile = profileId ? await this.profiles.findById(profileId, q) : undefined;
      if (!profile) throw badRequest('Tenant profile is not found!');
      const existingId = input.id?.id;
      if (existingId) {
        const current = await this.repo.findById(existingId, q);
        if (!current) throw notFound();
        const row: TenantRow = {
          ...current,
          ...contact,
          title,
          tenant_profile_id: profile.id,
          tenant_profile_name: profile.name,
          additional_info: input.additionalInfo ?? null,
        };
        await this.repo.update(q, row);
        await this.audit.log(
          { actor: caller, entityType: 'TENANT', entityId: row.id, entityName: title, action: 'UPDATED' },
          q,
        );
        return toTenant(row);
      }
      const row: TenantRow = {
        id: newId(),
        created_time: this.clock.now(),
        title,
        region: 'Global',
        tenant_profile_id: profile.id,
        tenant_profile_name: profile.name,
        ...contact,
        additional_info: input.additionalInfo ?? null,
      };
      await this.repo.insert(q, row);
      await insertDefaultRootChain(q, row.id, row.created_time); // every tenant starts with a root rule chain
      await this.audit.log(
        {
          actor: { ...caller, tenantId: row.id },
          entityType: 'TENANT',
          entityId: row.id,
          entityName: title,
          action: 'ADDED',
        },
        q,
      );
      return toTenant(row);
    });
  }

  async delete(caller: Caller, id: string) {
    requireAuthority(caller, 'SYS_ADMIN');
    await this.db.tx(async (q) => {
      const row = await this.repo.findById(id, q);
      if (!row) throw notFound();
      await deleteTenantEntityData(q, id);
      await deleteTenantEvents(q, id); // rule chains go by cascade; events have no foreign key
      await this.repo.delete(q, id); // customers, users, devices… and sessions go with it (ON DELETE CASCADE)
      await this.audit.log(
        {
          actor: { ...caller, tenantId: NULL_UUID },
          entityType: 'TENANT',
          entityId: id,
          entityName: row.title,
          action: 'DELETED',
        },
        q,
      );
    });
  }
}
