import { DEMO_DEVICES } from './demo-building-plan.ts';
import type { Reading } from './demo-patterns.ts';

/**
 * Occasional faults of the demo building, each raising one of the spec's known alarm types through
 * the demo profiles' rules (demo-alarm-rules.ts) and clearing when it ends.
 */
export type FaultKind =
  'overCurrent' | 'overVoltage' | 'underVoltage' | 'waterLeak' | 'lowBattery' | 'highCo2' | 'offline';

export interface Fault {
  kind: FaultKind;
  device: string;
  /** Phase of electrical faults. */
  phase: 'a' | 'b' | 'c';
  until: number;
}

const feeders = DEMO_DEVICES.filter((d) => d.sim.kind === 'feeder');
const byKind = (k: string) => DEMO_DEVICES.filter((d) => d.sim.kind === k).map((d) => d.name);
const CANDIDATES: Record<FaultKind, readonly string[]> = {
  overCurrent: feeders.map((d) => d.name),
  overVoltage: feeders.map((d) => d.name),
  underVoltage: feeders.map((d) => d.name),
  waterLeak: byKind('leak'),
  lowBattery: [...byKind('air'), ...byKind('leak')],
  highCo2: byKind('air'),
  offline: DEMO_DEVICES.map((d) => d.name),
};
const KINDS = Object.keys(CANDIDATES) as FaultKind[];
const MINUTE = 60_000;

/**
 * A new fault now and then: `chance` per call (the simulator calls once a step), lasting 3–15
 * minutes (offline 8–12, longer than the 5-minute inactivity timeout), on a device not already faulty.
 */
export function maybeStartFault(
  active: readonly Fault[],
  now: number,
  chance: number,
  random: () => number = Math.random,
  kind?: FaultKind,
): Fault | undefined {
  if (kind === undefined && random() >= chance) return undefined;
  const k = kind ?? KINDS[Math.floor(random() * KINDS.length)]!;
  const free = CANDIDATES[k].filter((d) => !active.some((f) => f.device === d));
  const device = free[Math.floor(random() * free.length)];
  if (!device) return undefined;
  const minutes = k === 'offline' ? 8 + random() * 4 : 3 + random() * 12;
  const phase = (['a', 'b', 'c'] as const)[Math.floor(random() * 3)]!;
  return { kind: k, device, phase, until: now + minutes * MINUTE };
}

/** Applies the running faults to a step's readings; returns the devices that stay silent. */
export function applyFaults(readings: Map<string, Reading>, faults: readonly Fault[], now: number): Set<string> {
  const silent = new Set<string>();
  for (const f of faults) {
    if (f.until <= now) continue;
    const r = readings.get(f.device);
    if (!r) continue;
    const rated = Number(DEMO_DEVICES.find((d) => d.name === f.device)?.attributes?.ratedCurrent ?? 0);
    switch (f.kind) {
      case 'overCurrent':
        r[`current_${f.phase}`] = Math.round(rated * 1.18 * 10) / 10;
        break;
      case 'overVoltage':
        r[`voltage_${f.phase}`] = 251.3;
        break;
      case 'underVoltage':
        r[`voltage_${f.phase}`] = 187.6;
        break;
      case 'waterLeak':
        r.leak = true;
        break;
      case 'lowBattery':
        r.bat = 14;
        break;
      case 'highCo2':
        r.co2_value = 1480;
        break;
      case 'offline':
        silent.add(f.device);
        break;
    }
  }
  return silent;
}
