import type { DeviceProfileAlarm } from '@sapo/common';
import { describe, expect, it } from 'vitest';
import { substituteDetails } from '../../modules/alarms/model/alarm-rule-state.ts';
import { DeviceState } from './device-state.ts';
import { compileProfile } from './profile-rules.ts';

const above = (key: string, n: number) => ({
  key: { type: 'TIME_SERIES' as const, key },
  valueType: 'NUMERIC' as const,
  predicate: { type: 'NUMERIC' as const, operation: 'GREATER' as const, value: { defaultValue: n } },
});

describe('device alarm state: keys named like Object.prototype members', () => {
  it('tracks them as ordinary keys, and a missing one is missing, not an inherited function', () => {
    const alarm = {
      id: 'a1',
      alarmType: 'Odd keys',
      createRules: {
        MAJOR: {
          condition: { condition: [above('__proto__', 1), above('constructor', 1)], spec: { type: 'SIMPLE' } },
          schedule: { type: 'ANY_TIME' },
        },
      },
    } as unknown as DeviceProfileAlarm;
    const state = new DeviceState('d1', 't1', null, compileProfile('p1', [alarm]), new Map());
    expect(substituteDetails('${constructor} ${toString} ${__proto__}', state.snapshot)).toBe(
      '${constructor} ${toString} ${__proto__}',
    );
    state.applyTelemetry(JSON.parse('{"__proto__":5,"constructor":7}') as Record<string, unknown>);
    expect(Object.keys(state.snapshot.timeseries).sort()).toEqual(['__proto__', 'constructor']);
    expect(substituteDetails('${__proto__}/${constructor}/${toString}', state.snapshot)).toBe('5/7/${toString}');
  });
});
