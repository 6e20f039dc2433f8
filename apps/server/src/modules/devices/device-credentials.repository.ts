import type { Queryable } from '../../db/database.ts';
import type { FormattedCredentials } from './device-credentials-format.ts';
import type { DeviceRow } from './device.repository.ts';

export interface DeviceCredentialsRow extends FormattedCredentials {
  id: string;
  created_time: number;
  device_id: string;
}

export class DeviceCredentialsRepository {
  constructor(private readonly db: Queryable) {}

  async findByDeviceId(deviceId: string, q: Queryable = this.db): Promise<DeviceCredentialsRow | undefined> {
    return (
      await q.query<DeviceCredentialsRow>('SELECT * FROM device_credentials WHERE device_id = $1', [deviceId])
    )[0];
  }

  /** The lookup the transports make for every connection (unique index device_credentials_id_uq). */
  async findByCredentialsId(credentialsId: string, q: Queryable = this.db): Promise<DeviceCredentialsRow | undefined> {
    return (
      await q.query<DeviceCredentialsRow>('SELECT * FROM device_credentials WHERE credentials_id = $1', [credentialsId])
    )[0];
  }

  /** The device an access token belongs to, in one indexed query (HTTP and MQTT transports). */
  async findDeviceByAccessToken(token: string, q: Queryable = this.db): Promise<DeviceRow | undefined> {
    return (
      await q.query<DeviceRow>(
        `SELECT d.* FROM device_credentials c JOIN device d ON d.id = c.device_id
         WHERE c.credentials_id = $1 AND c.credentials_type = 'ACCESS_TOKEN'`,
        [token],
      )
    )[0];
  }

  async insert(q: Queryable, r: DeviceCredentialsRow): Promise<void> {
    await q.query(
      `INSERT INTO device_credentials (id, created_time, device_id, credentials_type, credentials_id, credentials_value)
       VALUES ($1,$2,$3,$4,$5,$6)`,
      [r.id, r.created_time, r.device_id, r.credentials_type, r.credentials_id, r.credentials_value],
    );
  }

  async update(q: Queryable, r: DeviceCredentialsRow): Promise<void> {
    await q.query(
      'UPDATE device_credentials SET credentials_type = $2, credentials_id = $3, credentials_value = $4 WHERE id = $1',
      [r.id, r.credentials_type, r.credentials_id, r.credentials_value],
    );
  }
}
