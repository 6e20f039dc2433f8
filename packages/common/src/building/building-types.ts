/**
 * The building model's vocabulary (ARCHITECTURE "Building model", docs/building-model.md). Names follow
 * Project Haystack / Brick where they exist so that an export to them stays a mapping.
 */

/** The relation type that places an asset or device inside another asset (ThingsBoard's "Contains"). */
export const CONTAINS_RELATION = 'Contains';

/** Asset levels of the hierarchy site → building → floor → zone; a switchboard sits in a building or floor. */
export type BuildingLevel = 'site' | 'building' | 'floor' | 'zone' | 'switchboard';
export const BUILDING_LEVELS: readonly BuildingLevel[] = ['site', 'building', 'floor', 'zone', 'switchboard'];

/** What a device is to the building pages. */
export type BuildingDeviceKind =
  'energyMeter' | 'breaker' | 'waterMeter' | 'peopleCounter' | 'airQuality' | 'leakSensor';
export const BUILDING_DEVICE_KINDS: readonly BuildingDeviceKind[] = [
  'energyMeter',
  'breaker',
  'waterMeter',
  'peopleCounter',
  'airQuality',
  'leakSensor',
];

/** A main meter measures what a building (or site) takes in; a sub-meter a part of it. */
export type MeterRole = 'main' | 'sub';
/** A switchboard incomer brings supply in (transformer, generator); a feeder takes it to a load. */
export type BreakerRole = 'incomer' | 'feeder';
/** What a sub-meter or feeder supplies (the stacked "consumption by use" chart). */
export type LoadType = 'hvac' | 'lighting' | 'lifts' | 'plug' | 'pumps' | 'kitchen' | 'it' | 'other';
export const LOAD_TYPES: readonly LoadType[] = ['hvac', 'lighting', 'lifts', 'plug', 'pumps', 'kitchen', 'it', 'other'];

/** SERVER_SCOPE attributes of a device the model reads (all optional). */
export const BUILDING_ATTRIBUTES = {
  /** Overrides the kind the profile and keys give (one of BUILDING_DEVICE_KINDS). */
  kind: 'buildingDeviceKind',
  /** 'main' | 'sub' for energy and water meters. */
  meterRole: 'meterRole',
  /** 'incomer' | 'feeder' for breakers. */
  breakerRole: 'breakerRole',
  /** One of LOAD_TYPES. */
  loadType: 'loadType',
  /** Rated current of a breaker in A (load % of rating). */
  ratedCurrent: 'ratedCurrent',
  /** The value at which a cumulative register wraps to zero (e.g. 99999.9 or 4294967.295). */
  meterRollover: 'meterRollover',
  /** The most a meter can plausibly take (kW for energy, m³/h for water): a faster step is a glitch. */
  meterMaxRate: 'meterMaxRate',
  /** People a zone or counter is sized for (utilisation %). */
  capacity: 'capacity',
} as const;
export const BUILDING_ATTRIBUTE_KEYS: readonly string[] = Object.values(BUILDING_ATTRIBUTES);

/** SERVER_SCOPE attributes of the tenant the building pages read. */
export const BUILDING_TENANT_ATTRIBUTES = {
  /** IANA zone of the consumption buckets, e.g. 'Asia/Taipei' (UTC when unset). */
  timeZone: 'timezone',
  /** Price of a kWh, in `currency` (energy cost). */
  energyTariff: 'energyTariff',
  /** ISO 4217 code of the tariff, e.g. 'TWD'. */
  currency: 'currency',
  /** kg CO2e per kWh of the grid (emissions). */
  co2Factor: 'co2Factor',
} as const;

/** Telemetry keys the pages read, by kind (spec 2-calls §3.11 labels where they exist). */
export const BUILDING_KEYS = {
  energyMeter: {
    /** Cumulative active energy imported, kWh (a meter-cycle-aware counter). */
    energy: 'energy',
    /** Active power, kW. */
    power: 'power',
    voltage: 'voltage',
    current: 'current',
  },
  breaker: {
    energy: 'energy',
    power: 'power',
    /** 'closed' | 'open' | 'tripped'. */
    state: 'breaker_state',
    voltageA: 'voltage_a',
    voltageB: 'voltage_b',
    voltageC: 'voltage_c',
    currentA: 'current_a',
    currentB: 'current_b',
    currentC: 'current_c',
    powerFactor: 'power_factor',
    apparentPower: 'kva',
    frequency: 'frequency',
  },
  waterMeter: {
    /** Cumulative volume, m³ (a meter-cycle-aware counter). */
    total: 'water_total',
    /** m³/h. */
    flow: 'flow_rate',
    pressure: 'pressure',
  },
  peopleCounter: {
    /** People that came in since the previous report. */
    in: 'people_in',
    /** People that went out since the previous report. */
    out: 'people_out',
    /** People present now (estimated by the counter). */
    occupancy: 'occupancy',
  },
  airQuality: {
    temperature: 'temp',
    humidity: 'RH',
    co2: 'co2_value',
    aqi: 'aqi_value',
    tvoc: 'tvoc',
    pm25: 'pm2_5',
    battery: 'bat',
  },
  leakSensor: {
    /** true / 1 while water is detected. */
    leak: 'leak',
    battery: 'bat',
  },
} as const;

/** Where a device or asset is; null where the hierarchy has no such level above it. */
export interface BuildingLocation {
  siteId: string | null;
  buildingId: string | null;
  floorId: string | null;
  zoneId: string | null;
  switchboardId: string | null;
}
