import type { Queryable } from '../../db/database.ts';

export interface ActiveDeviceRow {
  id: string;
  tenant_id: string;
  last_activity_time: number | null;
  timeout_long: number | null;
  timeout_dbl: number | null;
  timeout_str: string | null;
}

/** The one cross-device read device activity needs: devices still marked active (at start-up). */
export class DeviceStateRepository {
  constructor(private readonly db: Queryable) {}

  findActive(): Promise<ActiveDeviceRow[]> {
    return this.db.query<ActiveDeviceRow>(
      `SELECT d.id, d.tenant_id, la.long_v AS last_activity_time,
              it.long_v AS timeout_long, it.dbl_v AS timeout_dbl, it.str_v AS timeout_str
       FROM attribute_kv a
       JOIN device d ON d.id = a.entity_id
       LEFT JOIN attribute_kv la ON la.entity_id = d.id AND la.attribute_type = 'SERVER_SCOPE'
         AND la.attribute_key = 'lastActivityTime'
       LEFT JOIN attribute_kv it ON it.entity_id = d.id AND it.attribute_type = 'SERVER_SCOPE'
         AND it.attribute_key = 'inactivityTimeout'
       WHERE a.attribute_type = 'SERVER_SCOPE' AND a.attribute_key = 'active' AND a.bool_v`,
    );
  }
}
