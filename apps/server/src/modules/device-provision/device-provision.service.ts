import { timingSafeEqual } from 'node:crypto';
import { NULL_UUID } from '@sapo/common';
import type { Db } from '../../db/database.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import type { Caller } from '../auth/caller.ts';
import type { DeviceProfileRepository, DeviceProfileRow } from '../device-profiles/device-profile.repository.ts';
import { formatCredentials } from '../devices/device-credentials-format.ts';
import type { DeviceCredentialsRepository, DeviceCredentialsRow } from '../devices/device-credentials.repository.ts';
import type { DeviceRow } from '../devices/device.repository.ts';
import { TOKEN_TAKEN, type DevicesService } from '../devices/devices.service.ts';
import type { AttributeStore } from '../telemetry/attribute-store.ts';

export type ProvisionResponse =
  | { credentialsType: string; credentialsValue: unknown; status: 'SUCCESS' }
  | { errorMsg: string; status: 'NOT_FOUND' | 'FAILURE' };

export const PROVISION_NOT_FOUND = { errorMsg: 'Provision data was not found!', status: 'NOT_FOUND' } as const;
export const PROVISION_FAILURE = { errorMsg: 'Failed to provision device!', status: 'FAILURE' } as const;
const PROVISION_STATE = 'provisionState';
const PROVISIONED = 'provisioned';

interface WarnLogger {
  warn(obj: object, msg: string): void;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function secretOf(profile: DeviceProfileRow): string | undefined {
  const data = profile.profile_data as { provisionConfiguration?: { provisionDeviceSecret?: unknown } } | null;
  return text(data?.provisionConfiguration?.provisionDeviceSecret);
}

/** The credentials as the provision response carries them (MQTT basic as an object). */
function credentialsResponse(c: DeviceCredentialsRow): ProvisionResponse {
  let value: unknown = c.credentials_type === 'ACCESS_TOKEN' ? c.credentials_id : c.credentials_value;
  if (c.credentials_type === 'MQTT_BASIC' && c.credentials_value) value = JSON.parse(c.credentials_value);
  return { credentialsType: c.credentials_type, credentialsValue: value, status: 'SUCCESS' };
}

/** Devices are created on the profile owner's behalf; audit records name "provision" as the actor. */
const provisioner = (tenantId: string): Caller => ({
  userId: NULL_UUID,
  email: 'provision',
  authority: 'TENANT_ADMIN',
  tenantId,
  customerId: NULL_UUID,
  isPublic: false,
  sessionId: '',
});

class ProvisionFailed extends Error {}

/**
 * Device provisioning (reference §6, ThingsBoard 3.2's DeviceProvisionServiceImpl): the device
 * names its profile by the profile's provision key and secret. ALLOW_CREATE_NEW_DEVICES creates a
 * device of that name (once); CHECK_PRE_PROVISIONED_DEVICES hands out the credentials of an
 * existing device of that profile. Either marks the device's SERVER_SCOPE `provisionState`.
 */
export class DeviceProvisionService {
  logger: WarnLogger = { warn: () => {} };

  constructor(
    private readonly db: Db,
    private readonly profiles: DeviceProfileRepository,
    private readonly devices: DevicesService,
    private readonly credentials: DeviceCredentialsRepository,
    private readonly attributes: AttributeStore,
    private readonly audit: AuditService,
  ) {}

  async provision(request: unknown): Promise<ProvisionResponse> {
    const r = (typeof request === 'object' && request !== null ? request : {}) as Record<string, unknown>;
    const key = text(r.provisionDeviceKey);
    const secret = text(r.provisionDeviceSecret);
    if (!key || !secret) return PROVISION_NOT_FOUND;
    const profile = await this.profiles.findByProvisionKey(key);
    const expected = profile && secretOf(profile);
    if (!profile || !expected || !sameSecret(expected, secret)) return PROVISION_NOT_FOUND;
    const rawName = typeof r.deviceName === 'string' ? r.deviceName : undefined;
    const name = rawName?.trim();
    if (rawName !== undefined && !name) return PROVISION_FAILURE;
    const device = name ? await this.devices.repo.findByName(profile.tenant_id, name) : undefined;
    try {
      switch (profile.provision_type) {
        case 'ALLOW_CREATE_NEW_DEVICES':
          if (device || !name) throw new ProvisionFailed('the device exists already or has no name');
          return await this.create(profile, name, r);
        case 'CHECK_PRE_PROVISIONED_DEVICES':
          if (!device || device.device_profile_id !== profile.id)
            throw new ProvisionFailed('no such pre-provisioned device');
          return await this.preProvisioned(profile, device);
        default:
          return PROVISION_NOT_FOUND;
      }
    } catch (err) {
      this.logger.warn({ err, deviceName: name, profileId: profile.id }, 'device provisioning failed');
      if (device) await this.auditResult(profile, device, (err as Error).message);
      return PROVISION_FAILURE;
    }
  }

  private async create(
    profile: DeviceProfileRow,
    name: string,
    r: Record<string, unknown>,
  ): Promise<ProvisionResponse> {
    const type = text(r.credentialsType) ?? 'ACCESS_TOKEN';
    const token = type === 'ACCESS_TOKEN' ? text(r.token) : undefined;
    return this.db.tx(async (q) => {
      const { row } = await this.devices.saveInTx(
        q,
        provisioner(profile.tenant_id),
        { name },
        { profile, accessToken: token },
      );
      let creds = (await this.credentials.findByDeviceId(row.id, q))!;
      if (type !== 'ACCESS_TOKEN') {
        const value =
          type === 'MQTT_BASIC'
            ? JSON.stringify({
                clientId: r.clientId ?? null,
                userName: r.username ?? null,
                password: r.password ?? null,
              })
            : text(r.hash);
        const formatted = formatCredentials(type, null, value);
        if (typeof formatted === 'string') throw new ProvisionFailed(formatted);
        const other = await this.credentials.findByCredentialsId(formatted.credentials_id, q);
        if (other && other.device_id !== row.id) throw new ProvisionFailed(TOKEN_TAKEN);
        creds = { ...creds, ...formatted };
        await this.credentials.update(q, creds);
      }
      await this.markProvisioned(profile, row, q);
      await this.auditResult(profile, row, undefined, q);
      return credentialsResponse(creds);
    });
  }

  /**
   * As in ThingsBoard 3.2, a pre-provisioned device may ask again (after a factory reset, say) and
   * gets the same credentials: whoever holds the profile secret could read them anyway.
   */
  private async preProvisioned(profile: DeviceProfileRow, device: DeviceRow): Promise<ProvisionResponse> {
    const creds = await this.credentials.findByDeviceId(device.id);
    if (!creds) throw new ProvisionFailed('the device has no credentials');
    await this.markProvisioned(profile, device);
    await this.auditResult(profile, device);
    return credentialsResponse(creds);
  }

  private async markProvisioned(
    profile: DeviceProfileRow,
    device: DeviceRow,
    q?: Parameters<AttributeStore['save']>[4],
  ) {
    const target = { tenantId: profile.tenant_id, entityType: 'DEVICE', id: device.id };
    await this.attributes.save(
      target,
      'SERVER_SCOPE',
      [{ key: PROVISION_STATE, type: 'STRING', value: PROVISIONED }],
      undefined,
      q,
    );
  }

  private async auditResult(
    profile: DeviceProfileRow,
    device: DeviceRow,
    failure?: string,
    q?: Parameters<AuditService['log']>[1],
  ) {
    const caller = provisioner(profile.tenant_id);
    await this.audit
      .log(
        {
          actor: caller,
          entityType: 'DEVICE',
          entityId: device.id,
          entityName: device.name,
          action: failure ? 'PROVISION_FAILURE' : 'PROVISION_SUCCESS',
          data: { provisionDeviceKey: profile.provision_device_key, deviceProfile: profile.name },
          failure,
        },
        q,
      )
      .catch((err: unknown) => this.logger.warn({ err }, 'provision audit record failed'));
  }
}
