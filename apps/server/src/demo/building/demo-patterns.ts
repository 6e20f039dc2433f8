import { wallClock } from '@sapo/common';
import { DEMO_DEVICES, DEMO_TIMEZONE, type DemoDevice } from './demo-building-plan.ts';

/**
 * Readings of the demo devices at a moment: office hours on weekdays, a lunch peak in the cafeteria,
 * quiet nights and weekends, HVAC following the afternoon heat. Deterministic (noise is a hash of the
 * device and the time), so the back-fill and the simulator agree and tests can rely on it.
 */

export type Reading = Record<string, number | boolean | string>;

/** Running totals carried from one step to the next (meters integrate their power or flow). */
export interface DemoState {
  energy: Map<string, number>;
  water: Map<string, number>;
  occupancy: Map<string, number>;
}

const V_LN = 220; // Taiwan: 380/220 V, 60 Hz
const IMBALANCE = [1, 0.96, 1.04] as const;

/** A stable pseudo-random number in [0, 1) for a text and a number. */
export function noise(seed: string, n: number): number {
  let h = 2166136261 ^ Math.floor(n);
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  h = Math.imul(h ^ (h >>> 15), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}
const jitter = (seed: string, ts: number, amount: number) => 1 + (noise(seed, ts / 60_000) - 0.5) * 2 * amount;
const smooth = (x: number) => (x <= 0 ? 0 : x >= 1 ? 1 : x * x * (3 - 2 * x));
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

let lastClock: { ts: number; h: number; weekend: boolean } = { ts: NaN, h: 0, weekend: false };
/** Local hour of day and weekend flag (cached: every device asks about the same moment in turn). */
function localTime(ts: number): { h: number; weekend: boolean } {
  if (lastClock.ts !== ts) {
    const w = wallClock(ts, DEMO_TIMEZONE);
    lastClock = { ts, h: w.hour + w.minute / 60 + w.second / 3600, weekend: w.weekday === 0 || w.weekday === 6 };
  }
  return lastClock;
}

/** Share of people in an office building, 0–1, on the local clock. */
export function occupancy(ts: number, place: 'office' | 'cafeteria' = 'office'): number {
  const { h, weekend } = localTime(ts);
  if (place === 'cafeteria') {
    const lunch = Math.exp(-(((h - 12.3) / 0.8) ** 2));
    const breakfast = 0.25 * Math.exp(-(((h - 8.3) / 0.5) ** 2));
    return (weekend ? 0.1 : 1) * (lunch + breakfast);
  }
  if (weekend) return h >= 10 && h < 16 ? 0.1 : 0.02;
  const day = smooth((h - 7) / 2) * (1 - smooth((h - 17.5) / 2.5));
  const lunchDip = h >= 12 && h < 13 ? 0.25 : 0;
  return Math.max(0.02, day - lunchDip * day);
}

/** Outdoor temperature, °C: a warm afternoon. */
export function outdoorTemp(ts: number): number {
  const { h } = localTime(ts);
  return 25 + 5 * Math.sin((2 * Math.PI * (h - 9)) / 24);
}

function loadKw(d: DemoDevice, ts: number): { kw: number; pf: number } {
  const s = d.sim;
  if (s.kind !== 'feeder' && s.kind !== 'meter') return { kw: 0, pf: 1 };
  const { weekend } = localTime(ts);
  let f = d.name.includes('Kitchen') ? occupancy(ts, 'cafeteria') : occupancy(ts);
  if (weekend) f = Math.min(f * 5, 1) * s.weekend;
  if (s.hvac) f *= 0.6 + 0.4 * smooth((outdoorTemp(ts) - 22) / 8);
  const kw = (s.baseKw + (s.peakKw - s.baseKw) * f) * jitter(d.name, ts, 0.04);
  // Motors at part load have a poorer power factor: HVAC dips under the 0.9 penalty line at night.
  const pf = Math.min(
    0.99,
    s.pf - (s.hvac ? 0.06 * (1 - f) : 0.02 * (1 - f)) + (noise(d.name + 'pf', ts / 60_000) - 0.5) * 0.02,
  );
  return { kw, pf };
}

function threePhase(name: string, ts: number, kw: number, pf: number, live: boolean): Reading {
  const r: Reading = {};
  for (const [i, p] of (['a', 'b', 'c'] as const).entries()) {
    const v = live ? V_LN * jitter(`${name}v${p}`, ts, 0.01) : 0;
    r[`voltage_${p}`] = round(v, 1);
    r[`current_${p}`] = live && pf > 0 ? round(((kw * 1000) / (3 * V_LN * pf)) * IMBALANCE[i]!, 1) : 0;
  }
  r.power = round(kw, 2);
  r.power_factor = round(live ? pf : 0, 3);
  r.kva = round(live && pf > 0 ? kw / pf : 0, 2);
  r.frequency = live ? round(60 * jitter(`${name}f`, ts, 0.0005), 2) : 0;
  return r;
}

/** A device's starting totals: different per device, stable. */
export function initialState(): DemoState {
  const s: DemoState = { energy: new Map(), water: new Map(), occupancy: new Map() };
  for (const d of DEMO_DEVICES) {
    if (d.sim.kind === 'water') s.water.set(d.name, round(2000 + noise(d.name, 1) * 3000, 3));
    else if (['feeder', 'incomer', 'meter', 'mainMeter'].includes(d.sim.kind))
      s.energy.set(d.name, round(100_000 + noise(d.name, 2) * 50_000, 2));
  }
  return s;
}

/**
 * Every demo device's reading at `ts`, `dtHours` after the previous step (meters add the energy
 * and water of the step; people counters report who came and went during it). Mutates `state`.
 */
export function demoReadings(ts: number, dtHours: number, state: DemoState): Map<string, Reading> {
  const out = new Map<string, Reading>();
  let hqFeeders = 0;
  let annexSubs = 0;
  const addEnergy = (name: string, kw: number) => {
    const e = (state.energy.get(name) ?? 0) + kw * dtHours;
    state.energy.set(name, e);
    return round(e, 3);
  };
  for (const d of DEMO_DEVICES) {
    const s = d.sim;
    if (s.kind === 'feeder') {
      const { kw, pf } = loadKw(d, ts);
      hqFeeders += kw;
      out.set(d.name, {
        ...threePhase(d.name, ts, kw, pf, true),
        energy: addEnergy(d.name, kw),
        breaker_state: 'closed',
      });
    } else if (s.kind === 'meter') {
      const { kw, pf } = loadKw(d, ts);
      annexSubs += kw;
      out.set(d.name, meterReading(d.name, ts, kw, pf, addEnergy(d.name, kw)));
    }
  }
  for (const d of DEMO_DEVICES) {
    const s = d.sim;
    const seed = d.name;
    if (s.kind === 'incomer') {
      const kw = s.standby ? 0 : hqFeeders * 1.03; // the feeders plus what no feeder meter sees
      out.set(d.name, {
        ...threePhase(d.name, ts, kw, s.standby ? 0 : 0.92, !s.standby),
        energy: addEnergy(d.name, kw),
        breaker_state: s.standby ? 'open' : 'closed',
      });
    } else if (s.kind === 'mainMeter') {
      const kw = annexSubs * 1.05;
      out.set(d.name, meterReading(d.name, ts, kw, 0.92, addEnergy(d.name, kw)));
    } else if (s.kind === 'water') {
      const occ = d.name.includes('Cafeteria') ? occupancy(ts, 'cafeteria') : occupancy(ts);
      const flow = (s.nightM3h + (s.peakM3h - s.nightM3h) * occ) * jitter(seed, ts, 0.15);
      const total = (state.water.get(d.name) ?? 0) + flow * dtHours;
      state.water.set(d.name, total);
      out.set(d.name, {
        flow_rate: round(flow, 3),
        water_total: round(total, 3),
        pressure: round(3.4 - 0.1 * (flow / s.peakM3h) + (noise(seed + 'p', ts / 60_000) - 0.5) * 0.05, 2),
      });
    } else if (s.kind === 'people') {
      const place = d.name.includes('Cafeteria') ? 'cafeteria' : 'office';
      const now = Math.round(s.capacity * occupancy(ts, place) * jitter(seed, ts, 0.05));
      const before = state.occupancy.get(d.name) ?? now;
      state.occupancy.set(d.name, now);
      // People also come and go while the count stays level.
      const churn = Math.round(now * 0.3 * dtHours * 4 * noise(seed + 'c', ts / 60_000));
      out.set(d.name, {
        people_in: Math.max(0, now - before) + churn,
        people_out: Math.max(0, before - now) + churn,
        occupancy: now,
      });
    } else if (s.kind === 'air') {
      const occ = d.name.includes('Cafeteria') ? occupancy(ts, 'cafeteria') : occupancy(ts);
      const pm = 8 + 6 * (0.5 + 0.5 * Math.sin(ts / 7_200_000)) * jitter(seed + 'pm', ts, 0.2);
      out.set(d.name, {
        temp: round(23 + 2 * occ + 0.15 * (outdoorTemp(ts) - 25) + (noise(seed + 't', ts / 60_000) - 0.5) * 0.3, 1),
        RH: round(55 + 6 * Math.sin(ts / 10_800_000) + (noise(seed + 'h', ts / 60_000) - 0.5) * 2, 1),
        co2_value: Math.round(420 + s.co2Peak * occ * jitter(seed + 'co2', ts, 0.08)),
        tvoc: Math.round(60 + 180 * occ * jitter(seed + 'voc', ts, 0.1)),
        pm2_5: round(pm, 1),
        aqi_value: Math.round(pm * 4.1),
        bat: battery(seed, ts),
      });
    } else if (s.kind === 'leak') {
      out.set(d.name, { leak: false, bat: battery(seed, ts) });
    }
  }
  return out;
}

function meterReading(name: string, ts: number, kw: number, pf: number, energy: number): Reading {
  const voltage = round(380 * jitter(`${name}v`, ts, 0.01), 1);
  return {
    energy,
    power: round(kw, 2),
    voltage,
    current: round((kw * 1000) / (Math.sqrt(3) * 380 * pf), 1),
  };
}

/** Battery %, from 40 to 99 per device, losing a little each week. */
function battery(seed: string, ts: number): number {
  return Math.max(5, Math.round(99 - noise(seed, 3) * 59 - ((ts / (7 * 86_400_000)) % 1)));
}
