import type { PageLink, TenantProfile, TenantProfileInfo } from '@sapo/common';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { mapPage } from '../../lib/paging.ts';
import { type Caller, requireAuthority } from '../auth/caller.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import type { TenantProfileRepository, TenantProfileRow } from './tenant-profile.repository.ts';
import { defaultTenantProfileConfiguration, normalizeConfiguration } from './tenant-profile-data.ts';

export interface TenantProfileInput {
  id?: { id: string } | null;
  name?: string | null;
  description?: string | null;
  isolatedTbCore?: boolean | null;
  isolatedTbRuleEngine?: boolean | null;
  profileData?: { configuration?: unknown } | null;
}

export function toTenantProfile(r: TenantProfileRow): TenantProfile {
  return {
    id: { entityType: 'TENANT_PROFILE' as const, id: r.id },
    createdTime: r.created_time,
    name: r.name,
    description: r.description,
    default: r.is_default,
    isolatedTbCore: r.isolated_tb_core,
    isolatedTbRuleEngine: r.isolated_tb_rule_engine,
    profileData: r.profile_data,
  };
}
const toInfo = (r: TenantProfileRow): TenantProfileInfo => ({
  id: { entityType: 'TENANT_PROFILE' as const, id: r.id },
  name: r.name,
});

/** Tenant profiles and their limits (SYS_ADMIN). */
export class TenantProfilesService {
  constructor(
    private readonly db: Db,
    private readonly repo: TenantProfileRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  private async load(id: string): Promise<TenantProfileRow> {
    const row = await this.repo.findById(id);
    if (!row) throw notFound();
    return row;
  }

  async get(caller: Caller, id: string) {
    requireAuthority(caller, 'SYS_ADMIN');
    return toTenantProfile(await this.load(id));
  }

  async getInfo(caller: Caller, id: string) {
    requireAuthority(caller, 'SYS_ADMIN');
    return toInfo(await this.load(id));
  }

  async getDefaultInfo(caller: Caller) {
    requireAuthority(caller, 'SYS_ADMIN');
    const row = await this.repo.findDefault();
    if (!row) throw notFound();
    return toInfo(row);
  }

  async list(caller: Caller, link: PageLink) {
    requireAuthority(caller, 'SYS_ADMIN');
    return mapPage(await this.repo.findPage(link), toTenantProfile);
  }

  async listInfos(caller: Caller, link: PageLink) {
    requireAuthority(caller, 'SYS_ADMIN');
    return mapPage(await this.repo.findPage(link), toInfo);
  }

  async save(caller: Caller, input: TenantProfileInput) {
    requireAuthority(caller, 'SYS_ADMIN');
    const name = input.name?.trim();
    if (!name) throw badRequest('Tenant profile name should be specified!');
    const cfg = normalizeConfiguration(input.profileData?.configuration ?? defaultTenantProfileConfiguration());
    if (typeof cfg === 'string') throw badRequest(cfg);
    const existingId = input.id?.id;
    return this.db.tx(async (q) => {
      const sameName = await this.repo.findByName(name, q);
      if (sameName && sameName.id !== existingId) throw badRequest('Tenant profile with such name already exists!');
      if (existingId) {
        const current = await this.repo.findById(existingId, q);
        if (!current) throw notFound();
        if (input.isolatedTbCore != null && input.isolatedTbCore !== current.isolated_tb_core) {
          throw badRequest("Can't update isolatedTbCore property!");
        }
        if (input.isolatedTbRuleEngine != null && input.isolatedTbRuleEngine !== current.isolated_tb_rule_engine) {
          throw badRequest("Can't update isolatedTbRuleEngine property!");
        }
        const row = { ...current, name, description: input.description ?? null, profile_data: { configuration: cfg } };
        await this.repo.update(q, row);
        await this.audit.log(
          { actor: caller, entityType: 'TENANT_PROFILE', entityId: row.id, entityName: name, action: 'UPDATED' },
          q,
        );
        return toTenantProfile(row);
      }
      const isFirst = !(await this.repo.findDefault(q));
      const row: TenantProfileRow = {
        id: newId(),
        created_time: this.clock.now(),
        name,
        description: input.description ?? null,
        is_default: isFirst,
        isolated_tb_core: input.isolatedTbCore ?? false,
        isolated_tb_rule_engine: input.isolatedTbRuleEngine ?? false,
        profile_data: { configuration: cfg },
      };
      await this.repo.insert(q, row);
      await this.audit.log(
        { actor: caller, entityType: 'TENANT_PROFILE', entityId: row.id, entityName: name, action: 'ADDED' },
        q,
      );
      return toTenantProfile(row);
    });
  }

  async setDefault(caller: Caller, id: string) {
    requireAuthority(caller, 'SYS_ADMIN');
    return this.db.tx(async (q) => {
      const row = await this.repo.findById(id, q);
      if (!row) throw notFound();
      await this.repo.setDefault(q, id);
      return toTenantProfile({ ...row, is_default: true });
    });
  }

  async delete(caller: Caller, id: string) {
    requireAuthority(caller, 'SYS_ADMIN');
    await this.db.tx(async (q) => {
      const row = await this.repo.findById(id, q);
      if (!row) throw notFound();
      if (row.is_default) throw badRequest('Deletion of Default Tenant Profile is prohibited!');
      if ((await this.repo.countTenants(id, q)) > 0)
        throw badRequest('The tenant profile referenced by the tenants cannot be deleted!');
      await this.repo.delete(q, id);
      await this.audit.log(
        { actor: caller, entityType: 'TENANT_PROFILE', entityId: id, entityName: row.name, action: 'DELETED' },
        q,
      );
    });
  }
}
