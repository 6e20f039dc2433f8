import { describe, expect, it } from 'vitest';
import { chartLegend, parseSettingsSchema, parseWidgetDescriptor, schemaDefaults } from './widget-descriptor';

const schemaDoc = {
  schema: {
    type: 'object',
    title: 'Settings',
    properties: {
      units: { type: 'string', title: 'Units', default: '°C' },
      legendConfig: {
        type: 'object',
        properties: { position: { type: 'string', default: 'right' }, showMin: { type: 'boolean', default: false } },
      },
      color: { type: 'string' },
    },
    required: ['units'],
  },
  form: ['units', { key: 'color', type: 'color' }],
};

describe('widget descriptors', () => {
  it('reads ThingsBoard strings and our objects alike', () => {
    const fromTb = parseWidgetDescriptor({
      type: 'latest',
      sizeX: 7.5,
      sizeY: 3,
      settingsSchema: JSON.stringify(schemaDoc),
      dataKeySettingsSchema: '{}\n',
      defaultConfig: JSON.stringify({ title: 'Card', settings: { units: 'kWh' } }),
      templateHtml: '<div></div>',
      controllerScript: 'self.onInit = function() {}',
    });
    const ours = parseWidgetDescriptor({ ...fromTb, settingsSchema: schemaDoc, defaultConfig: fromTb.defaultConfig });
    expect(fromTb).toMatchObject({ type: 'latest', sizeX: 7.5, sizeY: 3, defaultConfig: { title: 'Card' } });
    expect(fromTb.settingsSchema).toEqual(ours.settingsSchema);
    expect(fromTb.settingsSchema?.form).toHaveLength(2);
    expect(fromTb.dataKeySettingsSchema).toBeNull();
    expect(fromTb.controllerScript).toContain('onInit');
  });

  it('falls back to a static 8 × 6 widget without settings for junk', () => {
    for (const junk of [null, 'not json', 42, { type: 'gauge', sizeX: -1, sizeY: 'big', defaultConfig: '{oops' }]) {
      expect(parseWidgetDescriptor(junk)).toEqual({
        type: 'static',
        sizeX: 8,
        sizeY: 6,
        settingsSchema: null,
        dataKeySettingsSchema: null,
        defaultConfig: {},
        templateHtml: '',
        templateCss: '',
        controllerScript: '',
      });
    }
  });

  it('accepts a bare JSON Schema and drops non-string required entries', () => {
    const bare = parseSettingsSchema({ type: 'object', properties: { a: { type: 'number' } }, required: ['a', 3] });
    expect(bare).toEqual({
      schema: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
      form: [],
    });
    expect(parseSettingsSchema('[]')).toBeNull();
    expect(parseSettingsSchema({ form: [] })).toBeNull();
  });

  it('collects schema defaults, one level deep', () => {
    expect(schemaDefaults(parseSettingsSchema(schemaDoc))).toEqual({
      units: '°C',
      legendConfig: { position: 'right', showMin: false },
    });
    expect(schemaDefaults(null)).toEqual({});
  });
});

describe('chart legends', () => {
  it('reads ThingsBoard 3.2 widget config', () => {
    expect(
      chartLegend({ showLegend: true, legendConfig: { position: 'right', showMax: true, sortDataKeys: true } }),
    ).toEqual({
      show: true,
      config: {
        direction: 'column',
        position: 'right',
        showMin: false,
        showMax: true,
        showAvg: false,
        showTotal: false,
        sortDataKeys: true,
      },
    });
  });

  it('prefers our settings, and defaults to no legend at the bottom', () => {
    const both = {
      showLegend: false,
      legendConfig: { position: 'top' },
      settings: { showLegend: true, legendConfig: { position: 'left', direction: 'row' } },
    };
    expect(chartLegend(both)).toMatchObject({ show: true, config: { position: 'left', direction: 'row' } });
    expect(chartLegend(undefined)).toMatchObject({ show: false, config: { position: 'bottom', direction: 'column' } });
    expect(
      chartLegend({ showLegend: true, legendConfig: { position: 'middle', direction: 'diagonal', showAvg: 'yes' } }),
    ).toMatchObject({
      show: true,
      config: { position: 'bottom', direction: 'column', showAvg: false },
    });
  });
});
