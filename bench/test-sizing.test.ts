import { afterEach, describe, expect, it } from 'vitest';
import { REFERENCE_SPEED_MS, e2eWorkers, factorFromSpeed, machineFactor, scaled } from '../scripts/test-sizing.mjs';

// The test suites' timeouts and browser workers follow from these (scripts/test-sizing.mjs, docs/testing.md).
describe('test sizing', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('scales by how much slower than the reference machine the workload ran, never below 1 or above 8', () => {
    expect(factorFromSpeed(REFERENCE_SPEED_MS)).toBe(1);
    expect(factorFromSpeed(REFERENCE_SPEED_MS / 2)).toBe(1); // a faster machine keeps the chosen timeouts
    expect(factorFromSpeed(REFERENCE_SPEED_MS * 2.04)).toBe(2);
    expect(factorFromSpeed(824)).toBe(4.1); // this 2-core machine with other engineers' work on it
    expect(factorFromSpeed(REFERENCE_SPEED_MS * 50)).toBe(8);
  });

  it('uses the factor a parent process measured, without measuring again', () => {
    process.env.TEST_MACHINE_FACTOR = '2.5';
    expect(machineFactor()).toBe(2.5);
    expect(scaled(30_000)).toBe(75_000);
  });

  it('measures when no parent did, and hands the result on to child processes', () => {
    delete process.env.TEST_MACHINE_FACTOR;
    const factor = machineFactor();
    expect(factor).toBeGreaterThanOrEqual(1);
    expect(process.env.TEST_MACHINE_FACTOR).toBe(String(factor));
  }, 120_000); // the workload on every core, on a machine that may be very busy

  it('runs one browser worker per two cores, and E2E_WORKERS overrides it', () => {
    delete process.env.E2E_WORKERS;
    expect(e2eWorkers(1)).toBe(1);
    expect(e2eWorkers(2)).toBe(1);
    expect(e2eWorkers(8)).toBe(4);
    process.env.E2E_WORKERS = '3';
    expect(e2eWorkers(2)).toBe(3);
  });
});
