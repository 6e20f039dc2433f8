import type { PageData, PageLink } from '@sapo/common';
import type { Queryable } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { queryPage } from '../../lib/paging.ts';
import type { CleanDeviceProfile } from './device-profile-input.ts';

export interface DeviceProfileRow extends CleanDeviceProfile {
  id: string;
  created_time: number;
  tenant_id: string;
  is_default: boolean;
}

const SORT = {
  createdTime: 'created_time',
  name: 'name',
  type: 'type',
  transportType: 'transport_type',
  description: 'description',
  provisionType: 'provision_type',
  isDefault: 'is_default',
  default: 'is_default',
};

/** What a profile auto-created for a device type looks like (ThingsBoard's findOrCreateDeviceProfile). */
export function plainProfile(tenantId: string, name: string, now: number, isDefault = false): DeviceProfileRow {
  return {
    id: newId(),
    created_time: now,
    tenant_id: tenantId,
    name,
    description: 'Default device profile',
    image: null,
    type: 'DEFAULT',
    transport_type: 'DEFAULT',
    provision_type: 'DISABLED',
    provision_device_key: null,
    default_rule_chain_id: null,
    default_queue_name: null,
    is_default: isDefault,
    profile_data: {
      configuration: { type: 'DEFAULT' },
      transportConfiguration: { type: 'DEFAULT' },
      provisionConfiguration: { type: 'DISABLED', provisionDeviceSecret: null },
      alarms: null,
    },
  };
}

export class DeviceProfileRepository {
  constructor(private readonly db: Queryable) {}

  async findById(id: string, q: Queryable = this.db): Promise<DeviceProfileRow | undefined> {
    return (await q.query<DeviceProfileRow>('SELECT * FROM device_profile WHERE id = $1', [id]))[0];
  }
  async findByName(tenantId: string, name: string, q: Queryable = this.db): Promise<DeviceProfileRow | undefined> {
    return (
      await q.query<DeviceProfileRow>('SELECT * FROM device_profile WHERE tenant_id = $1 AND name = $2', [
        tenantId,
        name,
      ])
    )[0];
  }
  async findDefault(tenantId: string, q: Queryable = this.db): Promise<DeviceProfileRow | undefined> {
    return (
      await q.query<DeviceProfileRow>('SELECT * FROM device_profile WHERE tenant_id = $1 AND is_default', [tenantId])
    )[0];
  }
  /** The tenant of a rule chain, or undefined when there is none with that id. */
  async ruleChainTenant(id: string, q: Queryable = this.db): Promise<string | undefined> {
    const rows = await q.query<{ tenant_id: string }>('SELECT tenant_id FROM rule_chain WHERE id = $1', [id]);
    return rows[0]?.tenant_id;
  }

  async findByProvisionKey(key: string, q: Queryable = this.db): Promise<DeviceProfileRow | undefined> {
    return (await q.query<DeviceProfileRow>('SELECT * FROM device_profile WHERE provision_device_key = $1', [key]))[0];
  }
  findPage(tenantId: string, link: PageLink, transportType?: string): Promise<PageData<DeviceProfileRow>> {
    const where = ['tenant_id = $1'];
    const params: unknown[] = [tenantId];
    if (transportType) {
      params.push(transportType);
      where.push('transport_type = $2');
    }
    return queryPage<DeviceProfileRow>(
      this.db,
      { from: 'device_profile', where, params, searchColumn: 'name', sortColumns: SORT },
      link,
    );
  }
  async countDevices(id: string, q: Queryable = this.db): Promise<number> {
    const rows = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM device WHERE device_profile_id = $1', [
      id,
    ]);
    return rows[0]?.n ?? 0;
  }
  async insert(q: Queryable, r: DeviceProfileRow): Promise<void> {
    await q.query(
      `INSERT INTO device_profile (id, created_time, tenant_id, name, description, image, type, transport_type,
         provision_type, provision_device_key, default_rule_chain_id, default_queue_name, is_default, profile_data)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)`,
      [
        r.id,
        r.created_time,
        r.tenant_id,
        r.name,
        r.description,
        r.image,
        r.type,
        r.transport_type,
        r.provision_type,
        r.provision_device_key,
        r.default_rule_chain_id,
        r.default_queue_name,
        r.is_default,
        JSON.stringify(r.profile_data),
      ],
    );
  }
  async update(q: Queryable, r: DeviceProfileRow): Promise<void> {
    await q.query(
      `UPDATE device_profile SET name = $2, description = $3, image = $4, type = $5, transport_type = $6,
         provision_type = $7, provision_device_key = $8, default_rule_chain_id = $9, default_queue_name = $10,
         profile_data = $11 WHERE id = $1`,
      [
        r.id,
        r.name,
        r.description,
        r.image,
        r.type,
        r.transport_type,
        r.provision_type,
        r.provision_device_key,
        r.default_rule_chain_id,
        r.default_queue_name,
        JSON.stringify(r.profile_data),
      ],
    );
  }
  /** Devices carry their profile's name as `type`; a rename follows through. */
  async renameDeviceTypes(q: Queryable, id: string, name: string): Promise<void> {
    await q.query('UPDATE device SET type = $2 WHERE device_profile_id = $1 AND type <> $2', [id, name]);
  }
  async setDefault(q: Queryable, tenantId: string, id: string): Promise<void> {
    await q.query('UPDATE device_profile SET is_default = false WHERE tenant_id = $1 AND is_default AND id <> $2', [
      tenantId,
      id,
    ]);
    await q.query('UPDATE device_profile SET is_default = true WHERE id = $1', [id]);
  }
  async delete(q: Queryable, id: string): Promise<void> {
    await q.query('DELETE FROM device_profile WHERE id = $1', [id]);
  }
}
