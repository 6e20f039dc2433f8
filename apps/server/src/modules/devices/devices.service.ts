import type { Device, DeviceInfo, PageData, PageLink } from '@sapo/common';
import type { Db, Queryable } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { mapPage } from '../../lib/paging.ts';
import { type Caller, isCustomerRole, requireAuthority } from '../auth/caller.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import type { CustomerRepository } from '../customers/customer.repository.ts';
import type { DeviceProfilesService } from '../device-profiles/device-profiles.service.ts';
import type { DeviceProfileRow } from '../device-profiles/device-profile.repository.ts';
import { isUniqueViolation } from '../entities/owned-entity.repository.ts';
import { deleteEntityViewsOf } from '../entity-views/entity-view-cleanup.ts';
import { deleteEntityAttributes, deleteEntityRelations } from '../relations/relation-cleanup.ts';
import type { TenantLimits } from '../tenant-profiles/tenant-limits.ts';
import { DEVICE_READERS, type DeviceAccess } from './device-access.ts';
import { checkAccessToken, generateAccessToken } from './device-credentials-format.ts';
import type { DeviceCredentialsRepository } from './device-credentials.repository.ts';
import { cleanAdditionalInfo, deviceData, toDevice, toDeviceInfo } from './device.mapper.ts';
import type { DeviceListFilter, DeviceRepository, DeviceRow } from './device.repository.ts';

/** The POST /api/device body (reference §2.1); tenantId and customerId are server-owned and ignored. */
export interface DeviceInput {
  id?: { id: string } | null;
  name?: string | null;
  type?: string | null;
  label?: string | null;
  deviceProfileId?: { id: string } | null;
  additionalInfo?: unknown;
}

export interface DeviceSaveOptions {
  /** The token of a new device's ACCESS_TOKEN credentials (generated when absent). */
  accessToken?: string;
  /** Also replace an existing device's credentials with this access token (bulk import update). */
  setTokenOnUpdate?: boolean;
  /**
   * The profile, already resolved from the same type by this tenant administrator (the bulk import
   * resolves each type once instead of once a row).
   */
  profile?: DeviceProfileRow;
}

export const NAME_TAKEN = 'Device with such name already exists!';
export const TOKEN_TAKEN = 'Device credentials are already assigned to another device!';
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Devices of a tenant: lists, reads, saves and deletes (assignment, credentials and claiming are apart). */
export class DevicesService {
  constructor(
    private readonly db: Db,
    readonly repo: DeviceRepository,
    private readonly credentials: DeviceCredentialsRepository,
    private readonly profiles: DeviceProfilesService,
    private readonly customers: CustomerRepository,
    readonly access: DeviceAccess,
    private readonly limits: TenantLimits,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async get(caller: Caller, id: string) {
    return toDevice(await this.access.readable(caller, id));
  }

  async getInfo(caller: Caller, id: string) {
    await this.access.readable(caller, id);
    const row = await this.repo.findInfoById(id);
    if (!row) throw notFound();
    return toDeviceInfo(row);
  }

  async getName(caller: Caller, id: string) {
    return (await this.access.readable(caller, id)).name;
  }

  async listTenant(caller: Caller, link: PageLink, filter: Omit<DeviceListFilter, 'tenantId' | 'customerId'>) {
    requireAuthority(caller, 'TENANT_ADMIN', 'TENANT_USER');
    return this.repo.findPage({ ...filter, tenantId: caller.tenantId }, link);
  }

  async listTenantDevices(caller: Caller, link: PageLink, filter: { type?: string }) {
    return mapPage(await this.listTenant(caller, link, filter), toDevice);
  }

  async listTenantInfos(caller: Caller, link: PageLink, filter: { type?: string; deviceProfileId?: string }) {
    return mapPage(await this.listTenant(caller, link, filter), toDeviceInfo);
  }

  /** A customer's devices: the tenant's roles for any of its customers, customer roles for their own. */
  async listCustomer<I extends boolean>(
    caller: Caller,
    customerId: string,
    link: PageLink,
    filter: { type?: string; deviceProfileId?: string },
    infos: I,
  ): Promise<PageData<I extends true ? DeviceInfo : Device>> {
    requireAuthority(caller, ...DEVICE_READERS);
    const customer = await this.customers.findById(customerId);
    if (!customer) throw notFound();
    if (customer.tenant_id !== caller.tenantId) throw forbidden();
    if (isCustomerRole(caller) && caller.customerId !== customerId) throw forbidden();
    const page = await this.repo.findPage({ ...filter, tenantId: caller.tenantId, customerId }, link);
    return (infos ? mapPage(page, toDeviceInfo) : mapPage(page, toDevice)) as PageData<
      I extends true ? DeviceInfo : Device
    >;
  }

  async findByName(caller: Caller, name: string) {
    requireAuthority(caller, 'TENANT_ADMIN', 'TENANT_USER');
    const row = await this.repo.findByName(caller.tenantId, name);
    if (!row) throw notFound();
    return toDevice(row);
  }

  /** The listed devices the caller may read; unknown and foreign ids are left out. */
  async findByIds(caller: Caller, ids: string[]) {
    requireAuthority(caller, ...DEVICE_READERS);
    const customerId = isCustomerRole(caller) ? caller.customerId : undefined;
    return (await this.repo.findByIds(caller.tenantId, customerId, ids)).map(toDevice);
  }

  async types(caller: Caller) {
    requireAuthority(caller, ...DEVICE_READERS);
    return (await this.repo.types(caller.tenantId)).map((type) => ({
      tenantId: { entityType: 'TENANT' as const, id: caller.tenantId },
      entityType: 'DEVICE' as const,
      type,
    }));
  }

  async save(caller: Caller, input: DeviceInput, opts: DeviceSaveOptions = {}) {
    try {
      const { row } = await this.db.tx((q) => this.saveInTx(q, caller, input, opts));
      return toDevice(row);
    } catch (err) {
      throw mapUniqueViolation(err);
    }
  }

  /**
   * Creates or updates a device inside the caller's transaction (the bulk import adds attributes
   * in the same one). Creating is the tenant administrator's; tenant users may update devices, but
   * not move them to another profile; customer roles only read them (ADR 0010).
   */
  async saveInTx(
    q: Queryable,
    caller: Caller,
    input: DeviceInput,
    opts: DeviceSaveOptions = {},
  ): Promise<{ row: DeviceRow; created: boolean }> {
    requireAuthority(caller, ...DEVICE_READERS);
    const existingId = input.id?.id;
    const current = existingId ? await this.access.writable(caller, existingId, q) : undefined;
    if (!current) requireAuthority(caller, 'TENANT_ADMIN');
    const name = text(input.name);
    if (!name) throw badRequest('Device name should be specified!');
    const profile =
      opts.profile && caller.authority === 'TENANT_ADMIN' && opts.profile.tenant_id === caller.tenantId
        ? opts.profile
        : await this.resolveProfile(q, caller, input, current);
    const same = await this.repo.findByName(caller.tenantId, name, q);
    if (same && same.id !== existingId) throw badRequest(NAME_TAKEN);
    const fields = {
      name,
      label: typeof input.label === 'string' ? input.label : null,
      device_profile_id: profile.id,
      type: profile.name,
      device_data: deviceData(profile.transport_type),
      additional_info: cleanAdditionalInfo(input.additionalInfo),
    };
    if (current) {
      const row: DeviceRow = { ...current, ...fields };
      await this.repo.update(q, row);
      if (opts.setTokenOnUpdate && opts.accessToken !== undefined) await this.replaceToken(q, row.id, opts.accessToken);
      await this.audit.log(
        { actor: caller, entityType: 'DEVICE', entityId: row.id, entityName: name, action: 'UPDATED' },
        q,
      );
      return { row, created: false };
    }
    await this.limits.check(q, caller.tenantId, 'maxDevices', () => this.repo.countByTenant(caller.tenantId, q));
    const row: DeviceRow = {
      ...fields,
      id: newId(),
      created_time: this.clock.now(),
      tenant_id: caller.tenantId,
      customer_id: null,
      claim_secret_key: null,
      claim_expiration_time: null,
    };
    await this.repo.insert(q, row);
    await this.insertToken(q, row.id, opts.accessToken);
    await this.audit.log(
      { actor: caller, entityType: 'DEVICE', entityId: row.id, entityName: name, action: 'ADDED' },
      q,
    );
    return { row, created: true };
  }

  /**
   * ThingsBoard's rule: a deviceProfileId wins; else a non-empty type names the profile (created
   * when missing); else the tenant's default profile. The device's type becomes the profile's name.
   */
  async resolveProfile(
    q: Queryable,
    caller: Caller,
    input: DeviceInput,
    current: DeviceRow | undefined,
  ): Promise<DeviceProfileRow> {
    const profileId = input.deviceProfileId?.id;
    const type = text(input.type);
    if (caller.authority !== 'TENANT_ADMIN' && current) {
      const changes = profileId ? profileId !== current.device_profile_id : type !== null && type !== current.type;
      if (changes) throw forbidden('Only a tenant administrator can change the device profile of a device');
      const own = await this.profiles.findForTenant(q, caller.tenantId, current.device_profile_id);
      if (!own) throw notFound();
      return own;
    }
    if (profileId) {
      const found = await this.profiles.findForTenant(q, caller.tenantId, profileId);
      if (!found) throw badRequest('Device is referencing non existing device profile!');
      return found;
    }
    if (type) {
      if (type.length > 255) throw badRequest('Device type is too long (255 characters at most)');
      return this.profiles.findOrCreateByName(q, caller.tenantId, type);
    }
    return this.profiles.ensureDefault(q, caller.tenantId);
  }

  private async insertToken(q: Queryable, deviceId: string, token: string | undefined): Promise<void> {
    // A generated token is not looked up first: 62^20 tokens make a collision astronomically
    // unlikely, and the unique index would still turn one into a 400 rather than a duplicate.
    const id = token ?? generateAccessToken();
    if (token !== undefined) {
      const bad = checkAccessToken(token);
      if (bad) throw badRequest(bad);
      if (await this.credentials.findByCredentialsId(token, q)) throw badRequest(TOKEN_TAKEN);
    }
    await this.credentials.insert(q, {
      id: newId(),
      created_time: this.clock.now(),
      device_id: deviceId,
      credentials_type: 'ACCESS_TOKEN',
      credentials_id: id,
      credentials_value: null,
    });
  }

  private async replaceToken(q: Queryable, deviceId: string, token: string): Promise<void> {
    const bad = checkAccessToken(token);
    if (bad) throw badRequest(bad);
    const current = await this.credentials.findByDeviceId(deviceId, q);
    if (current?.credentials_type === 'ACCESS_TOKEN' && current.credentials_id === token) return;
    const other = await this.credentials.findByCredentialsId(token, q);
    if (other && other.device_id !== deviceId) throw badRequest(TOKEN_TAKEN);
    if (!current) return this.insertToken(q, deviceId, token);
    await this.credentials.update(q, {
      ...current,
      credentials_type: 'ACCESS_TOKEN',
      credentials_id: token,
      credentials_value: null,
    });
  }

  /** Deletes a device with its credentials, entity views, relations and attributes, in one transaction. */
  async delete(caller: Caller, id: string) {
    await this.db.tx(async (q) => {
      const row = await this.access.managed(caller, id, q);
      // The entity views exposing the device go with it, as for assets (each audited as deleted).
      for (const v of await deleteEntityViewsOf(q, 'DEVICE', id)) {
        await this.audit.log(
          { actor: caller, entityType: 'ENTITY_VIEW', entityId: v.id, entityName: v.name, action: 'DELETED' },
          q,
        );
      }
      await deleteEntityRelations(q, 'DEVICE', id);
      await deleteEntityAttributes(q, 'DEVICE', id);
      await this.repo.delete(q, id);
      await this.audit.log(
        { actor: caller, entityType: 'DEVICE', entityId: id, entityName: row.name, action: 'DELETED' },
        q,
      );
    });
  }
}

/** Unique indexes catch what concurrent saves slipped past the checks: same messages. */
export function mapUniqueViolation(err: unknown): unknown {
  if (isUniqueViolation(err, 'device_name_uq')) return badRequest(NAME_TAKEN);
  if (isUniqueViolation(err, 'device_credentials_id_uq')) return badRequest(TOKEN_TAKEN);
  return err;
}
