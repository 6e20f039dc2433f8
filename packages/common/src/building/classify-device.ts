import {
  BUILDING_ATTRIBUTES as A,
  BUILDING_DEVICE_KINDS,
  LOAD_TYPES,
  type BreakerRole,
  type BuildingDeviceKind,
  type LoadType,
  type MeterRole,
} from './building-types.ts';

/**
 * Device profile names that make a device a kind (compared case-insensitively, spaces and dashes
 * alike): the generic SAPO profiles the demo uses, and the LoRaWAN models of spec 2-calls §3.7 whose
 * purpose is unambiguous. Pulse counters (EM300-DI, R718H) count water or energy: they need the
 * `buildingDeviceKind` attribute or the keys.
 */
export const BUILDING_PROFILES: Readonly<Record<BuildingDeviceKind, readonly string[]>> = {
  energyMeter: ['Energy Meter', 'Milesight CT101', 'Milesight CT103', 'Netvox R718N3'],
  breaker: ['Switchboard Incomer', 'Switchboard Feeder', 'Circuit Breaker'],
  waterMeter: ['Water Meter'],
  peopleCounter: ['People Counter', 'Milesight VS133', 'Milesight VS121'],
  airQuality: ['Air Quality Sensor', 'Milesight AM319', 'Netvox RA0715'],
  leakSensor: ['Leak Sensor', 'Milesight EM300-SLD', 'Milesight EM300-ZLD', 'Netvox R718WB'],
};

/** Telemetry keys that give a device away when its profile does not, most specific first. */
const KEY_RULES: readonly (readonly [BuildingDeviceKind, readonly string[]])[] = [
  ['breaker', ['breaker_state']],
  ['energyMeter', ['energy']],
  ['waterMeter', ['water_total', 'flow_rate']],
  ['leakSensor', ['leak']],
  ['peopleCounter', ['people_in', 'people_out', 'occupancy', 'people_count_all']],
  ['airQuality', ['co2_value', 'aqi_value', 'co2', 'tvoc', 'pm2_5']],
];

const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

const PROFILE_INDEX = new Map<string, BuildingDeviceKind>(
  Object.entries(BUILDING_PROFILES).flatMap(([kind, names]) =>
    names.map((n) => [norm(n), kind as BuildingDeviceKind] as const),
  ),
);

export interface DeviceFacts {
  /** The device profile name (ThingsBoard's device `type`). */
  profileName: string;
  /** SERVER_SCOPE attributes (only BUILDING_ATTRIBUTES are read). */
  attributes: Readonly<Record<string, unknown>>;
  /** Time-series keys the device has sent. */
  keys: readonly string[];
}

export interface DeviceClass {
  kind: BuildingDeviceKind;
  /** Energy and water meters; breakers count as main (incomer) or sub (feeder) energy meters. */
  meterRole?: MeterRole;
  breakerRole?: BreakerRole;
  loadType?: LoadType;
  ratedCurrent?: number;
  rollover?: number;
  maxRate?: number;
  capacity?: number;
}

const isKind = (v: unknown): v is BuildingDeviceKind =>
  typeof v === 'string' && (BUILDING_DEVICE_KINDS as readonly string[]).includes(v);

/** The kind alone: attribute, then profile name, then keys; undefined for a device the pages ignore. */
export function deviceKind(f: DeviceFacts): BuildingDeviceKind | undefined {
  const explicit = f.attributes[A.kind];
  if (isKind(explicit)) return explicit;
  const byProfile = PROFILE_INDEX.get(norm(f.profileName));
  if (byProfile) return byProfile;
  const keys = new Set(f.keys);
  return KEY_RULES.find(([, ks]) => ks.some((k) => keys.has(k)))?.[0];
}

const positive = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
};
const oneOf = <T extends string>(v: unknown, allowed: readonly T[]): T | undefined =>
  typeof v === 'string' && (allowed as readonly string[]).includes(v.trim().toLowerCase())
    ? (v.trim().toLowerCase() as T)
    : undefined;

/**
 * What a device is to the building pages. `directlyInBuilding`: the device hangs straight off a
 * building or site asset (no floor, zone or switchboard between), which makes a meter without a
 * `meterRole` attribute the main meter — the intake meter sits at the building, sub-meters further in.
 */
export function classifyDevice(f: DeviceFacts, directlyInBuilding: boolean): DeviceClass | undefined {
  const kind = deviceKind(f);
  if (!kind) return undefined;
  const at = f.attributes;
  const out: DeviceClass = { kind };
  if (kind === 'breaker') {
    const role =
      oneOf(at[A.breakerRole], ['incomer', 'feeder'] as const) ??
      (norm(f.profileName) === norm('Switchboard Incomer') ? 'incomer' : 'feeder');
    out.breakerRole = role;
    out.meterRole = role === 'incomer' ? 'main' : 'sub';
    const rated = positive(at[A.ratedCurrent]);
    if (rated !== undefined) out.ratedCurrent = rated;
  }
  if (kind === 'energyMeter' || kind === 'waterMeter') {
    out.meterRole = oneOf(at[A.meterRole], ['main', 'sub'] as const) ?? (directlyInBuilding ? 'main' : 'sub');
  }
  if (out.meterRole) {
    const load = oneOf(at[A.loadType], LOAD_TYPES);
    if (load) out.loadType = load;
    const rollover = positive(at[A.meterRollover]);
    if (rollover !== undefined) out.rollover = rollover;
    const maxRate = positive(at[A.meterMaxRate]);
    if (maxRate !== undefined) out.maxRate = maxRate;
  }
  if (kind === 'peopleCounter') {
    const capacity = positive(at[A.capacity]);
    if (capacity !== undefined) out.capacity = capacity;
  }
  return out;
}
