import type { Queryable } from '../../db/database.ts';
import type { DeviceIdentityRow } from './device-identity.ts';

export interface CredentialsWithDevice extends DeviceIdentityRow {
  credentials_type: string;
  credentials_value: string | null;
}

/** The one lookup device authentication needs: credentials and their device in one indexed query. */
export class DeviceAuthRepository {
  constructor(private readonly db: Queryable) {}

  async findByCredentialsId(credentialsId: string): Promise<CredentialsWithDevice | undefined> {
    return (
      await this.db.query<CredentialsWithDevice>(
        `SELECT c.credentials_type, c.credentials_value,
                d.id, d.tenant_id, d.customer_id, d.name, d.type, d.device_profile_id
         FROM device_credentials c JOIN device d ON d.id = c.device_id
         WHERE c.credentials_id = $1`,
        [credentialsId],
      )
    )[0];
  }
}
