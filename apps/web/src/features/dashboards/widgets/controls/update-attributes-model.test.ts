import { describe, expect, it } from 'vitest';
import type { WidgetSeries } from '../widget-types';
import { fieldValue, FIELD_ERRORS, formFields, saveRequests } from './update-attributes-model';

const entity = { id: 'd1', entityType: 'DEVICE', name: 'Pump' };
const key = (name: string, value: string | null, settings: Record<string, unknown>): WidgetSeries => ({
  datasourceIndex: 0,
  datasource: { type: 'entity' },
  entity,
  dataKey: { name, type: 'attribute', label: name.toUpperCase(), color: '#000', settings },
  data: value === null ? [] : [[1, value]],
});

describe('update multiple attributes', () => {
  const { fields } = formFields([
    key('speed', '10', { dataKeyValueType: 'integer', minValue: 0, maxValue: 100, required: true }),
    key('mode', 'auto', { dataKeyType: 'shared' }),
    key('level', '1', { dataKeyType: 'timeseries', dataKeyValueType: 'double' }),
    key('secret', 'x', { dataKeyHidden: true }),
    key('serial', 'A1', { isEditable: 'readonly' }),
  ]);

  it('builds fields from the keys, hidden ones left out', () => {
    expect(fields.map((f) => [f.key, f.target, f.valueType])).toEqual([
      ['speed', 'server', 'integer'],
      ['mode', 'shared', 'string'],
      ['level', 'timeseries', 'double'],
      ['serial', 'server', 'string'],
    ]);
    expect(fields[0]?.current).toBe('10');
  });

  it('checks typed inputs', () => {
    const speed = fields[0]!;
    expect(fieldValue(speed, '')).toEqual({ error: FIELD_ERRORS.required });
    expect(fieldValue(speed, '2.5')).toEqual({ error: FIELD_ERRORS.integer });
    expect(fieldValue(speed, '200')).toEqual({ error: FIELD_ERRORS.max });
    expect(fieldValue(speed, '42')).toEqual({ value: 42 });
  });

  it('saves only changed editable values, grouped by scope', () => {
    const out = saveRequests(entity, fields, { speed: '20', mode: 'auto', level: '2.5', serial: 'B2' }, false);
    expect(out).toEqual({
      requests: [
        { path: '/api/plugins/telemetry/DEVICE/d1/attributes/SERVER_SCOPE', body: { speed: 20 } },
        { path: '/api/plugins/telemetry/DEVICE/d1/timeseries/ANY', body: { level: 2.5 } },
      ],
    });
    const all = saveRequests(entity, fields, {}, true);
    expect('requests' in all && all.requests.map((r) => r.body)).toEqual([
      { speed: 10 },
      { mode: 'auto' },
      { level: 1 },
    ]);
    expect(saveRequests(entity, fields, { speed: 'fast' }, false)).toEqual({ errors: { speed: FIELD_ERRORS.number } });
  });
});
