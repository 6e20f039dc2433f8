import { describe, expect, it } from 'vitest';
import type { WidgetSeries } from '../../widgets/widget-types';
import { staleAfterMs, staleness } from './staleness';

const s = (
  entityId: string | null,
  ts: number[],
  type: WidgetSeries['dataKey']['type'] = 'timeseries',
): WidgetSeries => ({
  datasourceIndex: 0,
  datasource: { type: 'entity' },
  entity: entityId ? { id: entityId, entityType: 'DEVICE', name: entityId } : null,
  dataKey: { name: 'k', type, label: 'k', color: '#000' },
  data: ts.map((t) => [t, '1']),
});

describe('staleness', () => {
  it('is stale when a device of the widget is inactive', () => {
    expect(staleness([s('d1', [100]), s('d2', [50])], new Map([['d2', false]]), 0, 200)).toEqual({
      reason: 'inactive',
      lastTs: 100,
    });
  });
  it('is stale when the newest value is older than the threshold', () => {
    expect(staleness([s('d1', [100, 1000])], new Map(), 5_000, 7_000).reason).toBe('old');
    expect(staleness([s('d1', [100, 1000])], new Map(), 5_000, 5_000).reason).toBeNull();
  });
  it('is never stale without a threshold, without values, or for functions and entity fields', () => {
    expect(staleness([s('d1', [1])], new Map([['d1', true]]), 0, 1e12).reason).toBeNull();
    expect(staleness([s('d1', [])], new Map(), 1000, 1e12).reason).toBeNull();
    expect(staleness([s(null, [1])], new Map(), 1000, 1e12).reason).toBeNull();
    expect(staleness([s('d1', [1], 'entityField')], new Map(), 1000, 1e12).reason).toBeNull();
  });
  it('reads the threshold in seconds from the widget config', () => {
    expect(staleAfterMs({ staleDataTimeout: 30 })).toBe(30_000);
    expect(staleAfterMs({ staleDataTimeout: 'x' })).toBe(0);
    expect(staleAfterMs({})).toBe(0);
  });
});
