import {
  BUILDING_ASSET_TYPES,
  BUILDING_TENANT_ATTRIBUTES,
  buildBuildingModel,
  bucketConsumption,
  consumptionBuckets,
  devicesUnder,
  findNode,
  isValidTimezone,
  MAX_CONSUMPTION_RANGE_MS,
  meterTotals,
  NULL_UUID,
  sumBuckets,
  typicalGapMs,
  type BuildingDevice,
  type BuildingModel,
  type ConsumptionBucket,
} from '@sapo/common';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { isCustomerRole, type Caller } from '../auth/caller.ts';
import type { TelemetryStore } from '../telemetry/telemetry-store.ts';
import type { BuildingsRepository } from './buildings.repository.ts';

/** What is metered: the counter key, its unit and the device kinds that carry it. */
export const METERED = {
  ENERGY: { key: 'energy', unit: 'kWh', kinds: ['energyMeter', 'breaker'] },
  WATER: { key: 'water_total', unit: 'm³', kinds: ['waterMeter'] },
} as const;
export type Metered = keyof typeof METERED;

/** Reading resolution per bucket size: fine enough that placing a step's reading at its end barely moves consumption. */
const STEP_MS: Record<ConsumptionBucket, number> = {
  QUARTER_HOUR: 60_000,
  HOUR: 5 * 60_000,
  DAY: 15 * 60_000,
  MONTH: 15 * 60_000,
};

/** The tenant attribute that holds the tenant's IANA time zone. */
export const TENANT_TIMEZONE_ATTRIBUTE = BUILDING_TENANT_ATTRIBUTES.timeZone;

/** The tenant's settings of the building pages (SERVER_SCOPE attributes of the tenant). */
export interface BuildingSettings {
  timeZone: string;
  energyTariff: number | null;
  currency: string | null;
  co2Factor: number | null;
}
const positiveOrNull = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null;
};

export interface ConsumptionQuery {
  metered: Metered;
  nodeId?: string;
  deviceId?: string;
  bucket: ConsumptionBucket;
  startTs: number;
  endTs: number;
  timeZone?: string;
}

export interface MeterSeries {
  deviceId: string;
  name: string;
  label: string | null;
  meterRole: 'main' | 'sub';
  loadType: string | null;
  values: (number | null)[];
  estimated: boolean[];
  /** Times a new meter cycle started (reset, rollover, glitch) within the range. */
  cycles: number[];
}

/**
 * The building model of the caller's tenant and what the building pages compute from it
 * (docs/building-model.md). Tenant roles see every building of their tenant; customer roles only
 * the assets and devices assigned to their customer; the system administrator none (403).
 */
export class BuildingsService {
  constructor(
    private readonly repo: BuildingsRepository,
    private readonly telemetry: TelemetryStore,
  ) {}

  private scope(caller: Caller): { tenantId: string; customerId: string | null } {
    if (caller.authority === 'SYS_ADMIN' || caller.tenantId === NULL_UUID) throw forbidden();
    if (isCustomerRole(caller)) {
      if (caller.customerId === NULL_UUID) throw forbidden();
      return { tenantId: caller.tenantId, customerId: caller.customerId };
    }
    return { tenantId: caller.tenantId, customerId: null };
  }

  async model(caller: Caller): Promise<BuildingModel> {
    const { tenantId, customerId } = this.scope(caller);
    const assets = await this.repo.assets(tenantId, customerId, BUILDING_ASSET_TYPES);
    const relations = await this.repo.containsFrom(assets.map((a) => a.id));
    const deviceIds = [...new Set(relations.filter((r) => r.toType === 'DEVICE').map((r) => r.toId))];
    const devices = await this.repo.devices(tenantId, customerId, deviceIds);
    const ids = devices.map((d) => d.id);
    const [attributes, keys] = await Promise.all([this.repo.modelAttributes(ids), this.repo.latestKeys(ids)]);
    return buildBuildingModel(
      assets,
      devices.map((d) => ({
        id: d.id,
        name: d.name,
        label: d.label,
        profileName: d.type,
        attributes: attributes.get(d.id) ?? {},
        keys: keys.get(d.id) ?? [],
      })),
      relations,
    );
  }

  /** Time zone (UTC when unset or not a zone), energy tariff and CO2 factor of the caller's tenant. */
  async settings(caller: Caller): Promise<BuildingSettings> {
    const { tenantId } = this.scope(caller);
    const a = await this.repo.tenantAttributes(tenantId, Object.values(BUILDING_TENANT_ATTRIBUTES));
    const tz = a.get(BUILDING_TENANT_ATTRIBUTES.timeZone);
    const currency = a.get(BUILDING_TENANT_ATTRIBUTES.currency);
    return {
      timeZone: typeof tz === 'string' && isValidTimezone(tz) ? tz : 'UTC',
      energyTariff: positiveOrNull(a.get(BUILDING_TENANT_ATTRIBUTES.energyTariff)),
      currency: typeof currency === 'string' && currency.trim() ? currency.trim().slice(0, 16) : null,
      co2Factor: positiveOrNull(a.get(BUILDING_TENANT_ATTRIBUTES.co2Factor)),
    };
  }

  /**
   * Consumption per bucket of everything under a node (`nodeId`) or of one meter (`deviceId`, within
   * the node when both are given): a node's total is its main meters' sum, or its sub-meters' when it
   * holds no main meter (a floor).
   */
  async consumption(caller: Caller, q: ConsumptionQuery) {
    if (q.nodeId === undefined && q.deviceId === undefined) {
      throw badRequest('nodeId or deviceId should be specified!');
    }
    if (!(q.endTs > q.startTs)) throw badRequest('endTs should be after startTs!');
    if (q.endTs - q.startTs > MAX_CONSUMPTION_RANGE_MS[q.bucket]) {
      throw badRequest(`The range is too long for ${q.bucket} buckets!`);
    }
    if (q.timeZone !== undefined && !isValidTimezone(q.timeZone))
      throw badRequest(`Unknown time zone '${q.timeZone}'!`);
    const metered = METERED[q.metered];
    const model = await this.model(caller);
    const isMeter = (d: BuildingDevice) => (metered.kinds as readonly string[]).includes(d.kind);
    let meters: BuildingDevice[] = model.devices.filter(isMeter);
    if (q.nodeId !== undefined) {
      const id = q.nodeId.toLowerCase();
      if (!findNode(model.roots, id)) throw notFound();
      meters = devicesUnder(model, id).filter(isMeter);
    }
    if (q.deviceId !== undefined) {
      // One meter, within the node when one is given.
      const id = q.deviceId.toLowerCase();
      const d = model.devices.find((x) => x.id === id);
      if (!d) throw notFound();
      if (!isMeter(d)) throw badRequest(`Device is not a ${q.metered === 'ENERGY' ? 'energy' : 'water'} meter!`);
      if (!meters.includes(d)) throw notFound();
      meters = [d];
    }
    const timeZone = q.timeZone ?? (await this.settings(caller)).timeZone;
    const buckets = consumptionBuckets(q.startTs, q.endTs, q.bucket, timeZone);
    const series = await this.meterSeries(meters, metered.key, buckets, q.bucket);
    const main = series.filter((s) => s.meterRole === 'main');
    const total = sumBuckets(
      (main.length ? main : series).map((s) => s.values),
      buckets.length,
    );
    return { timeZone, bucket: q.bucket, unit: metered.unit, buckets, total, meters: series };
  }

  private async meterSeries(
    meters: readonly BuildingDevice[],
    key: string,
    buckets: readonly { start: number; end: number }[],
    bucket: ConsumptionBucket,
  ): Promise<MeterSeries[]> {
    await this.telemetry.start();
    const keyId = await this.repo.keyId(key);
    const start = buckets[0]?.start ?? 0;
    const end = buckets[buckets.length - 1]?.end ?? 0;
    const out: MeterSeries[] = [];
    for (const m of meters) {
      const samples =
        keyId === undefined
          ? []
          : await this.repo.counterSamples(m.id, keyId, start, end, STEP_MS[bucket], this.telemetry.writer.watermark);
      const { points, cycles } = meterTotals(samples, {
        ...(m.rollover !== undefined ? { rollover: m.rollover } : {}),
        ...(m.maxRate !== undefined ? { maxRatePerHour: m.maxRate } : {}),
      });
      const values = bucketConsumption(points, buckets, typicalGapMs(points));
      out.push({
        deviceId: m.id,
        name: m.name,
        label: m.label,
        meterRole: m.meterRole ?? 'sub',
        loadType: m.loadType ?? null,
        values: values.map((v) => (v.value === null ? null : Math.round(v.value * 1000) / 1000)),
        estimated: values.map((v) => v.estimated),
        cycles: cycles.filter((c) => c >= start && c < end),
      });
    }
    return out;
  }
}
