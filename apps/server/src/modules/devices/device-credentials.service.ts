import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { type Caller, requireAuthority } from '../auth/caller.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import type { DeviceAccess } from './device-access.ts';
import { formatCredentials } from './device-credentials-format.ts';
import type { DeviceCredentialsRepository } from './device-credentials.repository.ts';
import { toDeviceCredentials } from './device.mapper.ts';
import type { DeviceRow } from './device.repository.ts';
import { mapUniqueViolation, TOKEN_TAKEN } from './devices.service.ts';

/** The POST /api/device/credentials body (reference §2.1 DeviceCredentials). */
export interface DeviceCredentialsInput {
  id?: { id: string } | null;
  deviceId?: { id: string } | null;
  credentialsType?: string | null;
  credentialsId?: string | null;
  credentialsValue?: string | null;
}

/** Reading and changing a device's credentials; the transports find devices through them. */
export class DeviceCredentialsService {
  constructor(
    private readonly db: Db,
    readonly repo: DeviceCredentialsRepository,
    private readonly access: DeviceAccess,
    private readonly audit: AuditService,
  ) {}

  /** Readable by whoever may read the device (customer users too: they copy the token into the device). */
  async get(caller: Caller, deviceId: string) {
    const device = await this.access.readable(caller, deviceId);
    const row = await this.repo.findByDeviceId(deviceId);
    if (!row) throw notFound();
    await this.audit.log({
      actor: caller,
      entityType: 'DEVICE',
      entityId: deviceId,
      entityName: device.name,
      action: 'CREDENTIALS_READ',
    });
    return toDeviceCredentials(row);
  }

  async update(caller: Caller, input: DeviceCredentialsInput) {
    requireAuthority(caller, 'TENANT_ADMIN');
    const deviceId = input.deviceId?.id;
    if (!deviceId) throw badRequest('Device credentials should be assigned to device!');
    const formatted = formatCredentials(input.credentialsType, input.credentialsId, input.credentialsValue);
    if (typeof formatted === 'string') throw badRequest(formatted);
    try {
      return await this.db.tx(async (q) => {
        const device = await this.access.managed(caller, deviceId, q);
        const current = await this.repo.findByDeviceId(deviceId, q);
        if (!current || (input.id?.id && input.id.id !== current.id)) {
          throw badRequest('Unable to update non-existent device credentials!');
        }
        const other = await this.repo.findByCredentialsId(formatted.credentials_id, q);
        if (other && other.device_id !== deviceId) throw badRequest(TOKEN_TAKEN);
        const row = { ...current, ...formatted };
        await this.repo.update(q, row);
        await this.audit.log(
          {
            actor: caller,
            entityType: 'DEVICE',
            entityId: deviceId,
            entityName: device.name,
            action: 'CREDENTIALS_UPDATED',
            // The type only: secrets stay out of the audit log.
            data: { credentialsType: row.credentials_type },
          },
          q,
        );
        return toDeviceCredentials(row);
      });
    } catch (err) {
      throw mapUniqueViolation(err);
    }
  }

  /** The device behind an access token, for the HTTP and MQTT device transports (no caller). */
  findDeviceByAccessToken(token: string): Promise<DeviceRow | undefined> {
    return this.repo.findDeviceByAccessToken(token);
  }
}
