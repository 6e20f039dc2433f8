import { describe, expect, it } from 'vitest';
import { actionSourcesFor } from './widget-config-model';

describe('widget action sources', () => {
  it('offers header buttons everywhere and the sources each family has', () => {
    expect(actionSourcesFor('latest', 'simple_card')).toEqual(['headerButton', 'cardClick']);
    expect(actionSourcesFor('latest', 'entities_table')).toContain('rowClick');
    expect(actionSourcesFor('alarm', 'alarms_table')).toContain('actionCellButton');
    expect(actionSourcesFor('latest', 'openstreetmap')).toContain('markerClick');
    expect(actionSourcesFor('timeseries', 'basic_timeseries')).toContain('elementClick');
    expect(actionSourcesFor('rpc', 'knob_control')).toEqual(['headerButton']);
  });
});
