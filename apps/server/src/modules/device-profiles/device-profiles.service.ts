import type { DeviceProfile, DeviceProfileInfo, PageLink } from '@sapo/common';
import type { Db, Queryable } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { mapPage } from '../../lib/paging.ts';
import { type Caller, requireAuthority } from '../auth/caller.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import { isUniqueViolation } from '../entities/owned-entity.repository.ts';
import { deleteEntityRelations } from '../relations/relation-cleanup.ts';
import { type CleanDeviceProfile, cleanDeviceProfile, type DeviceProfileInput } from './device-profile-input.ts';
import { type DeviceProfileRepository, type DeviceProfileRow, plainProfile } from './device-profile.repository.ts';

export function toDeviceProfile(r: DeviceProfileRow): DeviceProfile {
  return {
    id: { entityType: 'DEVICE_PROFILE' as const, id: r.id },
    createdTime: r.created_time,
    tenantId: { entityType: 'TENANT' as const, id: r.tenant_id },
    name: r.name,
    description: r.description,
    image: r.image,
    type: r.type,
    transportType: r.transport_type,
    provisionType: r.provision_type,
    defaultRuleChainId: r.default_rule_chain_id
      ? { entityType: 'RULE_CHAIN' as const, id: r.default_rule_chain_id }
      : null,
    defaultQueueName: r.default_queue_name,
    provisionDeviceKey: r.provision_device_key,
    profileData: r.profile_data,
    default: r.is_default,
  };
}

export const toDeviceProfileInfo = (r: DeviceProfileRow): DeviceProfileInfo => ({
  id: { entityType: 'DEVICE_PROFILE' as const, id: r.id },
  name: r.name,
  image: r.image,
  type: r.type,
  transportType: r.transport_type,
});

const READERS = ['TENANT_ADMIN', 'TENANT_USER', 'CUSTOMER_ADMIN', 'CUSTOMER_USER'] as const;
const NAME_TAKEN = 'Device profile with such name already exists!';
const KEY_TAKEN = 'Device profile with such provision device key already exists!';

/**
 * Device profiles of a tenant (spec 2-calls §3.7): the tenant administrator manages them, tenant
 * users read them, customer users read their infos (the device forms show the profile).
 */
export class DeviceProfilesService {
  constructor(
    private readonly db: Db,
    readonly repo: DeviceProfileRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** Looked up by id, then checked: another tenant's profile is a 403 (reference §2.3). */
  private async readable(caller: Caller, id: string, q: Queryable = this.db): Promise<DeviceProfileRow> {
    const row = await this.repo.findById(id, q);
    if (!row) throw notFound();
    if (row.tenant_id !== caller.tenantId) throw forbidden();
    return row;
  }

  async get(caller: Caller, id: string) {
    requireAuthority(caller, 'TENANT_ADMIN', 'TENANT_USER');
    return toDeviceProfile(await this.readable(caller, id));
  }

  async getInfo(caller: Caller, id: string) {
    requireAuthority(caller, ...READERS);
    return toDeviceProfileInfo(await this.readable(caller, id));
  }

  async getDefaultInfo(caller: Caller) {
    requireAuthority(caller, ...READERS);
    const found = await this.repo.findDefault(caller.tenantId);
    return toDeviceProfileInfo(found ?? (await this.db.tx((q) => this.ensureDefault(q, caller.tenantId))));
  }

  async list(caller: Caller, link: PageLink) {
    requireAuthority(caller, 'TENANT_ADMIN', 'TENANT_USER');
    return mapPage(await this.repo.findPage(caller.tenantId, link), toDeviceProfile);
  }

  async listInfos(caller: Caller, link: PageLink, transportType?: string) {
    requireAuthority(caller, ...READERS);
    return mapPage(await this.repo.findPage(caller.tenantId, link, transportType), toDeviceProfileInfo);
  }

  async save(caller: Caller, input: DeviceProfileInput) {
    requireAuthority(caller, 'TENANT_ADMIN');
    const clean = cleanDeviceProfile(input);
    if (typeof clean === 'string') throw badRequest(clean);
    try {
      return await this.db.tx((q) => this.saveInTx(q, caller, input.id?.id, clean));
    } catch (err) {
      // Concurrent saves that passed the checks below meet the unique indexes instead.
      if (isUniqueViolation(err, 'device_profile_name_uq')) throw badRequest(NAME_TAKEN);
      if (isUniqueViolation(err, 'device_profile_provision_key_uq')) throw badRequest(KEY_TAKEN);
      throw err;
    }
  }

  private async saveInTx(q: Queryable, caller: Caller, existingId: string | undefined, clean: CleanDeviceProfile) {
    const sameName = await this.repo.findByName(caller.tenantId, clean.name, q);
    if (sameName && sameName.id !== existingId) throw badRequest(NAME_TAKEN);
    if (clean.provision_device_key) {
      const sameKey = await this.repo.findByProvisionKey(clean.provision_device_key, q);
      if (sameKey && sameKey.id !== existingId) throw badRequest(KEY_TAKEN);
    }
    if (clean.default_rule_chain_id) {
      // The profile's devices would run this chain: it must be one of the tenant's own.
      const owner = await this.repo.ruleChainTenant(clean.default_rule_chain_id, q);
      if (!owner) throw badRequest("Can't assign non-existent rule chain!");
      if (owner !== caller.tenantId) throw badRequest("Can't assign rule chain from different tenant!");
    }
    if (existingId) {
      const current = await this.readable(caller, existingId, q);
      if (current.type !== clean.type || current.transport_type !== clean.transport_type) {
        if ((await this.repo.countDevices(current.id, q)) > 0) {
          throw badRequest(
            current.type !== clean.type
              ? "Can't change device profile type because devices referenced it!"
              : "Can't change device profile transport type because devices referenced it!",
          );
        }
      }
      const row: DeviceProfileRow = { ...current, ...clean };
      await this.repo.update(q, row);
      if (current.name !== row.name) await this.repo.renameDeviceTypes(q, row.id, row.name);
      await this.audit.log(
        { actor: caller, entityType: 'DEVICE_PROFILE', entityId: row.id, entityName: row.name, action: 'UPDATED' },
        q,
      );
      return toDeviceProfile(row);
    }
    const row: DeviceProfileRow = {
      ...clean,
      id: newId(),
      created_time: this.clock.now(),
      tenant_id: caller.tenantId,
      // The first profile of a tenant becomes its default.
      is_default: !(await this.repo.findDefault(caller.tenantId, q)),
    };
    await this.repo.insert(q, row);
    await this.audit.log(
      { actor: caller, entityType: 'DEVICE_PROFILE', entityId: row.id, entityName: row.name, action: 'ADDED' },
      q,
    );
    return toDeviceProfile(row);
  }

  async setDefault(caller: Caller, id: string) {
    requireAuthority(caller, 'TENANT_ADMIN');
    return this.db.tx(async (q) => {
      const row = await this.readable(caller, id, q);
      if (!row.is_default) {
        await this.repo.setDefault(q, caller.tenantId, id);
        await this.audit.log(
          { actor: caller, entityType: 'DEVICE_PROFILE', entityId: id, entityName: row.name, action: 'UPDATED' },
          q,
        );
      }
      return toDeviceProfile({ ...row, is_default: true });
    });
  }

  async delete(caller: Caller, id: string) {
    requireAuthority(caller, 'TENANT_ADMIN');
    await this.db.tx(async (q) => {
      const row = await this.readable(caller, id, q);
      if (row.is_default) throw badRequest('Deletion of Default Device Profile is prohibited!');
      if ((await this.repo.countDevices(id, q)) > 0) {
        throw badRequest('The device profile referenced by the devices cannot be deleted!');
      }
      await deleteEntityRelations(q, 'DEVICE_PROFILE', id);
      await this.repo.delete(q, id);
      await this.audit.log(
        { actor: caller, entityType: 'DEVICE_PROFILE', entityId: id, entityName: row.name, action: 'DELETED' },
        q,
      );
    });
  }

  /** A profile of the tenant by id, for devices that name one; undefined when missing or foreign. */
  async findForTenant(q: Queryable, tenantId: string, id: string): Promise<DeviceProfileRow | undefined> {
    const row = await this.repo.findById(id, q);
    return row && row.tenant_id === tenantId ? row : undefined;
  }

  /**
   * The tenant's profile of that name, created as a plain profile when missing (a device saved with
   * a new type gets a profile of that name, reference §2). Serialised per tenant and name.
   */
  async findOrCreateByName(q: Queryable, tenantId: string, name: string): Promise<DeviceProfileRow> {
    const found = await this.repo.findByName(tenantId, name, q);
    if (found) return found;
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`device-profile:${tenantId}:${name}`]);
    const again = await this.repo.findByName(tenantId, name, q);
    if (again) return again;
    const row = plainProfile(tenantId, name, this.clock.now(), !(await this.repo.findDefault(tenantId, q)));
    await this.repo.insert(q, row);
    return row;
  }

  /**
   * The tenant's default profile. Tenants get one when created (migration 0004's trigger); this
   * re-creates it should it ever be missing rather than failing device saves.
   */
  async ensureDefault(q: Queryable, tenantId: string): Promise<DeviceProfileRow> {
    const found = await this.repo.findDefault(tenantId, q);
    if (found) return found;
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`device-profile-default:${tenantId}`]);
    const again = await this.repo.findDefault(tenantId, q);
    if (again) return again;
    const byName = await this.repo.findByName(tenantId, 'default', q);
    if (byName) {
      await this.repo.setDefault(q, tenantId, byName.id);
      return { ...byName, is_default: true };
    }
    const row = plainProfile(tenantId, 'default', this.clock.now(), true);
    await this.repo.insert(q, row);
    return row;
  }
}
