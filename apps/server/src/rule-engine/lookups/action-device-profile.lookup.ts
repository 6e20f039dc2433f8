// SQL the device-profile node needs: a device's profile and fields, the profile's alarm rules,
// and attribute values of several entities at once (dynamic thresholds, first-use values).
import type { Queryable } from '../../db/database.ts';
import { fromColumns, VALUE_COLUMNS, type ValueColumns } from '../../modules/telemetry/ts-columns.ts';
import type { DeviceProfileAlarm } from '../../modules/alarms/model/alarm-rule-types.ts';

export interface DeviceRow {
  profileId: string;
  customerId: string | null;
  name: string;
  type: string;
  label: string | null;
  createdTime: number;
}

export async function findDeviceForProfileNode(
  db: Queryable,
  tenantId: string,
  deviceId: string,
): Promise<DeviceRow | null> {
  const rows = await db.query<{
    device_profile_id: string;
    customer_id: string | null;
    name: string;
    type: string;
    label: string | null;
    created_time: number;
  }>(
    `SELECT device_profile_id, customer_id, name, type, label, created_time FROM device WHERE id = $1 AND tenant_id = $2`,
    [deviceId, tenantId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    profileId: r.device_profile_id,
    customerId: r.customer_id,
    name: r.name,
    type: r.type,
    label: r.label,
    createdTime: Number(r.created_time),
  };
}

/** The alarm definitions of a profile (empty when none or the profile is gone). */
export async function findProfileAlarms(
  db: Queryable,
  tenantId: string,
  profileId: string,
): Promise<DeviceProfileAlarm[]> {
  const rows = await db.query<{ alarms: unknown }>(
    `SELECT profile_data->'alarms' AS alarms FROM device_profile WHERE id = $1 AND tenant_id = $2`,
    [profileId, tenantId],
  );
  const alarms = rows[0]?.alarms;
  return Array.isArray(alarms) ? (alarms as DeviceProfileAlarm[]) : [];
}

/** Attribute values (any scope; the most recently written wins) of `entityIds` for `keys`, by entity id. */
export async function findAttributeValues(
  db: Queryable,
  entityIds: readonly string[],
  keys: readonly string[],
): Promise<Map<string, Map<string, unknown>>> {
  const out = new Map<string, Map<string, unknown>>();
  if (!entityIds.length || !keys.length) return out;
  const rows = await db.query<ValueColumns & { entity_id: string; attribute_key: string }>(
    `SELECT entity_id, attribute_key, ${VALUE_COLUMNS} FROM attribute_kv
     WHERE entity_id = ANY($1::uuid[]) AND attribute_key = ANY($2::text[]) ORDER BY last_update_ts`,
    [entityIds.map((id) => id.toLowerCase()), keys],
  );
  for (const r of rows) {
    const id = String(r.entity_id).toLowerCase();
    let m = out.get(id);
    if (!m) out.set(id, (m = new Map()));
    m.set(r.attribute_key, fromColumns(r).value);
  }
  return out;
}
