import { BUILDING_TENANT_ATTRIBUTES, NULL_UUID, type KvEntry, type TelemetryRecord } from '@sapo/common';
import type { Queryable } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Caller } from '../../modules/auth/caller.ts';
import type { Services } from '../../services.ts';
import { TENANT_TIMEZONE_ATTRIBUTE } from '../../modules/buildings/buildings.service.ts';
import { DEMO_ASSETS, DEMO_DEVICES, DEMO_TIMEZONE, isCustomerADevice } from './demo-building-plan.ts';
import { DEMO_PROFILE_ALARMS } from './demo-alarm-rules.ts';
import { demoReadings, initialState, type DemoState, type Reading } from './demo-patterns.ts';

export const DEMO_STEP_MS = 15 * 60_000;
export const DEMO_INACTIVITY_TIMEOUT_MS = 5 * 60_000;
const HISTORY_DAYS = 7;
/** Keys sent as whole numbers (LONG), as devices do; the rest are DOUBLE. */
const LONG_KEYS = new Set([
  'inactivityTimeout',
  'ratedCurrent',
  'capacity',
  'people_in',
  'people_out',
  'occupancy',
  'co2_value',
  'tvoc',
  'aqi_value',
  'bat',
]);
/** Keys that only change on events: history holds their latest value, not one a step. */
const EVENT_KEYS = new Set(['breaker_state', 'leak']);

export interface DemoBuilding {
  tenantId: string;
  /** Device id by plan name. */
  devices: Map<string, string>;
}

/** The demo tenant administrator as a Caller, so the building is made through the ordinary services. */
async function demoTenantAdmin(q: Queryable): Promise<Caller | undefined> {
  const [u] = await q.query<{ id: string; tenant_id: string }>(
    `SELECT id, tenant_id FROM tb_user WHERE email = 'tenant@sapo.local' AND authority = 'TENANT_ADMIN'`,
  );
  if (!u) return undefined;
  return {
    userId: u.id,
    email: 'tenant@sapo.local',
    authority: 'TENANT_ADMIN',
    tenantId: u.tenant_id,
    customerId: NULL_UUID,
    isPublic: false,
    sessionId: NULL_UUID,
  };
}

export function toKvEntries(r: Reading): KvEntry[] {
  return Object.entries(r).map(([key, value]) => ({
    key,
    type:
      typeof value === 'boolean'
        ? 'BOOLEAN'
        : typeof value === 'string'
          ? 'STRING'
          : LONG_KEYS.has(key) && Number.isInteger(value)
            ? 'LONG'
            : 'DOUBLE',
    value,
  }));
}

/**
 * Creates the demo building in the demo tenant (docs/building-model.md): assets with `Contains`
 * relations, devices on the documented profiles with their attributes, the Annex assigned to
 * Customer A, and the tenant's time zone. Undefined when there is no demo tenant.
 */
export async function installDemoBuilding(s: Services, db: Queryable): Promise<DemoBuilding | undefined> {
  const caller = await demoTenantAdmin(db);
  if (!caller) return undefined;
  const [customerA] = await db.query<{ id: string }>(
    `SELECT id FROM customer WHERE tenant_id = $1 AND title = 'Customer A'`,
    [caller.tenantId],
  );
  const assetIds = new Map<string, string>();
  const contains = (from: string, to: { entityType: 'ASSET' | 'DEVICE'; id: string }) =>
    s.relations.save(caller, { from: { entityType: 'ASSET', id: from }, to, type: 'Contains', typeGroup: 'COMMON' });
  for (const a of DEMO_ASSETS) {
    const saved = await s.assets.save(caller, { name: a.name, type: a.level, label: null });
    assetIds.set(a.name, saved.id.id);
    if (a.parent) await contains(assetIds.get(a.parent)!, { entityType: 'ASSET', id: saved.id.id });
    if (a.customerA && customerA) await s.assets.assign(caller, customerA.id, saved.id.id);
  }
  // The profiles first, with their alarm rules; the devices then find them by name.
  for (const name of new Set(DEMO_DEVICES.map((d) => d.profile))) {
    await s.deviceProfiles.save(caller, {
      name,
      type: 'DEFAULT',
      transportType: 'DEFAULT',
      provisionType: 'DISABLED',
      description: 'Demo building profile (docs/building-model.md)',
      profileData: {
        configuration: { type: 'DEFAULT' },
        transportConfiguration: { type: 'DEFAULT' },
        provisionConfiguration: { type: 'DISABLED', provisionDeviceSecret: null },
        alarms: DEMO_PROFILE_ALARMS[name] ?? null,
      },
    });
  }
  const devices = new Map<string, string>();
  for (const d of DEMO_DEVICES) {
    const saved = await s.devices.save(caller, { name: d.name, type: d.profile, label: d.label });
    const id = saved.id.id;
    devices.set(d.name, id);
    await contains(assetIds.get(d.parent)!, { entityType: 'DEVICE', id });
    // Offline after 5 minutes of silence (the simulator reports every minute).
    await s.attributeStore.save(
      { tenantId: caller.tenantId, entityType: 'DEVICE', id },
      'SERVER_SCOPE',
      toKvEntries({ ...d.attributes, inactivityTimeout: DEMO_INACTIVITY_TIMEOUT_MS }),
    );
    if (customerA && isCustomerADevice(d)) await s.deviceAssignment.assign(caller, customerA.id, id);
  }
  await s.attributeStore.save(
    { tenantId: caller.tenantId, entityType: 'TENANT', id: caller.tenantId },
    'SERVER_SCOPE',
    [
      { key: TENANT_TIMEZONE_ATTRIBUTE, type: 'STRING', value: DEMO_TIMEZONE },
      // Taiwan: a commercial tariff of about 4.5 TWD/kWh; the grid's 2023 factor 0.494 kg CO2e/kWh.
      { key: BUILDING_TENANT_ATTRIBUTES.energyTariff, type: 'DOUBLE', value: 4.5 },
      { key: BUILDING_TENANT_ATTRIBUTES.currency, type: 'STRING', value: 'TWD' },
      { key: BUILDING_TENANT_ATTRIBUTES.co2Factor, type: 'DOUBLE', value: 0.494 },
    ],
  );
  // Menu flags (spec 1-client §2.7) of the building pages that exist, for the tenant and Customer A.
  const flags = DEMO_DASHBOARD_FLAGS.map((key) => ({ key, type: 'LONG' as const, value: 1 }));
  await s.attributeStore.save(
    { tenantId: caller.tenantId, entityType: 'TENANT', id: caller.tenantId },
    'SERVER_SCOPE',
    flags,
  );
  if (customerA) {
    await s.attributeStore.save(
      { tenantId: caller.tenantId, entityType: 'CUSTOMER', id: customerA.id },
      'SERVER_SCOPE',
      flags,
    );
  }
  return { tenantId: caller.tenantId, devices };
}

/** Only pages that are built: a flag on a page still missing would put a dead link in the menu. */
export const DEMO_DASHBOARD_FLAGS = ['dashboard_energy_enable'] as const;

/**
 * Writes `days` of 15-minute readings up to now for every demo device through the telemetry store's
 * bulk history import (rollups and latest values kept exact), so every chart is full on first
 * sign-in. Returns the totals at the end, for the simulator to carry on from.
 */
export async function backfillDemoBuilding(
  s: Services,
  b: DemoBuilding,
  clock: Clock,
  days = HISTORY_DAYS,
): Promise<{ points: number; state: DemoState }> {
  const end = Math.floor(clock.now() / DEMO_STEP_MS) * DEMO_STEP_MS;
  const start = end - days * 86_400_000;
  const state = initialState();
  const records = new Map<string, TelemetryRecord[]>();
  for (let ts = start; ts <= end; ts += DEMO_STEP_MS) {
    for (const [name, reading] of demoReadings(ts, DEMO_STEP_MS / 3_600_000, state)) {
      const entries = toKvEntries(reading).filter((e) => ts === end || !EVENT_KEYS.has(e.key));
      const list = records.get(name) ?? [];
      list.push({ ts, values: entries });
      records.set(name, list);
    }
  }
  const points = await s.telemetry.importHistory(
    [...records].flatMap(([name, list]) => {
      const id = b.devices.get(name);
      return id ? [{ target: { tenantId: b.tenantId, entityType: 'DEVICE', id }, records: list }] : [];
    }),
  );
  return { points, state };
}
