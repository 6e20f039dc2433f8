import { describe, expect, it } from 'vitest';
import type { WidgetEntity } from '../widget-types';
import { entityCount, seriesLabel, substituteLabel } from './chart-labels';

const boiler: WidgetEntity = { id: 'd1', entityType: 'DEVICE', name: 'Boiler 1', label: 'Basement boiler' };
const pump: WidgetEntity = { id: 'd2', entityType: 'DEVICE', name: 'Pump 7' };

describe('substituteLabel', () => {
  it('replaces entity placeholders', () => {
    expect(substituteLabel('${entityName} temperature', boiler)).toBe('Boiler 1 temperature');
    expect(substituteLabel('${deviceName}/${entityType}', boiler)).toBe('Boiler 1/DEVICE');
    expect(substituteLabel('${entityLabel}', boiler)).toBe('Basement boiler');
  });

  it('falls back to the name when the entity has no label', () => {
    expect(substituteLabel('${entityLabel}: speed', pump)).toBe('Pump 7: speed');
  });

  it('keeps unknown placeholders and fills the alias name', () => {
    expect(substituteLabel('${foo} ${aliasName}', pump, { aliasName: 'Pumps' })).toBe('${foo} Pumps');
  });

  it('appends the entity only when asked and the label names no entity', () => {
    expect(substituteLabel('Temperature', pump, { appendEntity: true })).toBe('Temperature (Pump 7)');
    expect(substituteLabel('${entityName} T', pump, { appendEntity: true })).toBe('Pump 7 T');
    expect(substituteLabel('Temperature', pump)).toBe('Temperature');
    expect(substituteLabel('Sin', null, { appendEntity: true })).toBe('Sin');
  });

  it('gives empty text for entity placeholders of function datasources', () => {
    expect(substituteLabel('${entityName}Sin', null)).toBe('Sin');
  });
});

describe('seriesLabel', () => {
  const datasource = { type: 'entity', aliasName: 'Boilers' };
  it('uses the key name when the label is empty', () => {
    expect(seriesLabel({ entity: boiler, datasource, dataKey: { name: 'temp', label: '' } }, false)).toBe('temp');
  });
  it('names the entity when several are on one chart', () => {
    expect(seriesLabel({ entity: boiler, datasource, dataKey: { name: 'temp', label: 'T' } }, true)).toBe(
      'T (Boiler 1)',
    );
    expect(
      seriesLabel({ entity: boiler, datasource, dataKey: { name: 'temp', label: '${aliasName}: T' } }, false),
    ).toBe('Boilers: T');
  });
});

describe('entityCount', () => {
  it('counts distinct entities, not series', () => {
    expect(entityCount([{ entity: boiler }, { entity: boiler }, { entity: pump }, { entity: null }])).toBe(2);
  });
});
