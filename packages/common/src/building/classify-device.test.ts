import { describe, expect, it } from 'vitest';
import { classifyDevice, deviceKind } from './classify-device.ts';

const facts = (profileName: string, keys: string[] = [], attributes: Record<string, unknown> = {}) => ({
  profileName,
  keys,
  attributes,
});

describe('deviceKind', () => {
  it('knows the documented profiles, whatever their case and separators', () => {
    expect(deviceKind(facts('Energy Meter'))).toBe('energyMeter');
    expect(deviceKind(facts('energy-meter'))).toBe('energyMeter');
    expect(deviceKind(facts('SWITCHBOARD_FEEDER'))).toBe('breaker');
    expect(deviceKind(facts('Water Meter'))).toBe('waterMeter');
    expect(deviceKind(facts('Milesight VS133'))).toBe('peopleCounter');
    expect(deviceKind(facts('Milesight AM319'))).toBe('airQuality');
    expect(deviceKind(facts('Milesight EM300-SLD'))).toBe('leakSensor');
  });

  it('falls back to the keys a device sends when its profile is unknown', () => {
    expect(deviceKind(facts('default', ['energy', 'power']))).toBe('energyMeter');
    // A breaker reports energy too: its state key is the more specific one.
    expect(deviceKind(facts('default', ['energy', 'breaker_state']))).toBe('breaker');
    expect(deviceKind(facts('default', ['flow_rate']))).toBe('waterMeter');
    expect(deviceKind(facts('default', ['leak', 'bat']))).toBe('leakSensor');
    expect(deviceKind(facts('default', ['people_in']))).toBe('peopleCounter');
    expect(deviceKind(facts('default', ['temp', 'co2_value']))).toBe('airQuality');
    expect(deviceKind(facts('default', ['temp', 'RH']))).toBeUndefined();
  });

  it('lets the buildingDeviceKind attribute override profile and keys', () => {
    // A pulse counter on a water line, on a profile named after the model.
    expect(deviceKind(facts('Milesight EM300-DI', ['pulse'], { buildingDeviceKind: 'waterMeter' }))).toBe('waterMeter');
    expect(deviceKind(facts('Energy Meter', [], { buildingDeviceKind: 'peopleCounter' }))).toBe('peopleCounter');
    // An unknown value is ignored rather than hiding the device.
    expect(deviceKind(facts('Energy Meter', [], { buildingDeviceKind: 'toaster' }))).toBe('energyMeter');
  });
});

describe('classifyDevice', () => {
  it('makes a meter straight in a building the main meter and one further in a sub-meter', () => {
    expect(classifyDevice(facts('Energy Meter'), true)).toEqual({ kind: 'energyMeter', meterRole: 'main' });
    expect(classifyDevice(facts('Energy Meter'), false)).toEqual({ kind: 'energyMeter', meterRole: 'sub' });
    expect(classifyDevice(facts('Water Meter', [], { meterRole: 'MAIN' }), false)?.meterRole).toBe('main');
  });

  it('gives breakers their role from the profile or attribute, incomers counting as main meters', () => {
    expect(classifyDevice(facts('Switchboard Incomer', [], { ratedCurrent: 1600 }), false)).toEqual({
      kind: 'breaker',
      breakerRole: 'incomer',
      meterRole: 'main',
      ratedCurrent: 1600,
    });
    expect(classifyDevice(facts('Circuit Breaker', [], { breakerRole: 'incomer' }), false)?.meterRole).toBe('main');
    expect(
      classifyDevice(facts('Switchboard Feeder', [], { loadType: 'HVAC', ratedCurrent: '250' }), false),
    ).toMatchObject({ breakerRole: 'feeder', meterRole: 'sub', loadType: 'hvac', ratedCurrent: 250 });
  });

  it('reads meter settings and ignores nonsense values', () => {
    expect(
      classifyDevice(
        facts('Energy Meter', [], { meterRollover: 99999.9, meterMaxRate: 500, loadType: 'jacuzzi' }),
        true,
      ),
    ).toEqual({ kind: 'energyMeter', meterRole: 'main', rollover: 99999.9, maxRate: 500 });
    expect(classifyDevice(facts('Energy Meter', [], { meterRollover: -1, meterMaxRate: 'x' }), true)).toEqual({
      kind: 'energyMeter',
      meterRole: 'main',
    });
    expect(classifyDevice(facts('People Counter', [], { capacity: 40 }), false)).toEqual({
      kind: 'peopleCounter',
      capacity: 40,
    });
    expect(classifyDevice(facts('thermostat', ['temp']), false)).toBeUndefined();
  });
});
