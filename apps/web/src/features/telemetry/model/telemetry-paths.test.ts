import { describe, expect, it } from 'vitest';
import {
  attributeScopes,
  deleteAttributesPath,
  deleteTimeseriesPath,
  isWritableScope,
  saveAttributesPath,
  timeseriesPath,
} from './telemetry-paths';

const device = { entityType: 'DEVICE', id: 'd1' };

describe('telemetry REST paths (reference §4)', () => {
  it('offers client and shared scopes on devices only; client attributes are read-only', () => {
    expect(attributeScopes('DEVICE')).toEqual(['SERVER_SCOPE', 'SHARED_SCOPE', 'CLIENT_SCOPE']);
    expect(attributeScopes('ASSET')).toEqual(['SERVER_SCOPE']);
    expect(isWritableScope('CLIENT_SCOPE')).toBe(false);
    expect(isWritableScope('SHARED_SCOPE')).toBe(true);
  });

  it('builds the save and delete calls', () => {
    expect(saveAttributesPath(device, 'SERVER_SCOPE')).toBe('/api/plugins/telemetry/DEVICE/d1/attributes/SERVER_SCOPE');
    expect(deleteAttributesPath(device, 'SHARED_SCOPE', ['a', 'b'])).toBe(
      '/api/plugins/telemetry/DEVICE/d1/SHARED_SCOPE?keys=a%2Cb',
    );
    expect(deleteTimeseriesPath(device, ['t'])).toBe(
      '/api/plugins/telemetry/DEVICE/d1/timeseries/delete?keys=t&deleteAllDataForKeys=true',
    );
  });

  it('asks for history with agg, interval (0 for NONE) and limit', () => {
    const q = { startTs: 1, endTs: 2, agg: 'AVG' as const, interval: 5000, limit: 500 };
    expect(timeseriesPath(device, ['t'], q)).toBe(
      '/api/plugins/telemetry/DEVICE/d1/values/timeseries?keys=t&startTs=1&endTs=2&agg=AVG&interval=5000&limit=500&useStrictDataTypes=false',
    );
    expect(timeseriesPath(device, ['t'], { ...q, agg: 'NONE' })).toContain('agg=NONE&interval=0&');
  });
});
