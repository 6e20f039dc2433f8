import { describe, expect, it } from 'vitest';
import { applyFaults, maybeStartFault, type Fault } from './demo-faults.ts';
import { demoReadings, initialState } from './demo-patterns.ts';
import { DEMO_DEVICES } from './demo-building-plan.ts';

/** A repeatable random sequence. */
const seq = (...xs: number[]) => {
  let i = 0;
  return () => xs[i++ % xs.length]!;
};

describe('demo faults', () => {
  it('start now and then, on a device of the right kind that is not already faulty', () => {
    expect(maybeStartFault([], 0, 0.1, seq(0.5))).toBeUndefined();
    const f = maybeStartFault([], 0, 0.1, seq(0.05, 0, 0, 0.5, 0), undefined);
    expect(f).toMatchObject({ kind: 'overCurrent', device: 'HQ Feeder HVAC' });
    const other = maybeStartFault([f!], 0, 1, seq(0), 'overCurrent');
    expect(other?.device).toBe('HQ Feeder Lighting');
    const offline = maybeStartFault([], 0, 1, seq(0.99), 'offline')!;
    // Longer than the five-minute inactivity timeout, so the device is seen offline.
    expect(offline.until).toBeGreaterThan(5 * 60_000);
  });

  it('push readings past the alarm thresholds while they last, and silence offline devices', () => {
    const now = Date.UTC(2026, 0, 7, 3);
    const readings = demoReadings(now, 1 / 60, initialState());
    const faults: Fault[] = [
      { kind: 'overCurrent', device: 'HQ Feeder Lighting', phase: 'b', until: now + 1 },
      { kind: 'waterLeak', device: 'HQ Cafeteria Leak', phase: 'a', until: now + 1 },
      { kind: 'underVoltage', device: 'HQ Feeder Lifts', phase: 'c', until: now + 1 },
      { kind: 'offline', device: 'Annex Main Meter', phase: 'a', until: now + 1 },
      { kind: 'highCo2', device: 'HQ Lobby Air', phase: 'a', until: now }, // over already
    ];
    const silent = applyFaults(readings, faults, now);
    expect(readings.get('HQ Feeder Lighting')?.current_b).toBeGreaterThan(160);
    expect(readings.get('HQ Cafeteria Leak')?.leak).toBe(true);
    expect(readings.get('HQ Feeder Lifts')?.voltage_c).toBeLessThan(198);
    expect(readings.get('HQ Lobby Air')?.co2_value).toBeLessThan(1000);
    expect([...silent]).toEqual(['Annex Main Meter']);
  });

  it('normal readings raise nothing: currents under rating, voltages in band, no leak', () => {
    const state = initialState();
    for (let ts = Date.UTC(2026, 0, 5); ts < Date.UTC(2026, 0, 12); ts += 15 * 60_000) {
      for (const [name, r] of demoReadings(ts, 0.25, state)) {
        const rated = DEMO_DEVICES.find((d) => d.name === name)?.attributes?.ratedCurrent;
        if (typeof rated === 'number') {
          expect(Math.max(Number(r.current_a), Number(r.current_b), Number(r.current_c))).toBeLessThan(rated);
        }
        if (typeof r.voltage_a === 'number' && r.voltage_a > 0) expect(r.voltage_a).toBeGreaterThan(198);
        if ('leak' in r) expect(r.leak).toBe(false);
        if ('co2_value' in r) expect(r.co2_value).toBeLessThan(1000);
        if ('bat' in r) expect(r.bat).toBeGreaterThanOrEqual(25);
      }
    }
  });
});
