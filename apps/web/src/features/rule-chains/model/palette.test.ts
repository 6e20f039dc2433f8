import { describe, expect, it } from 'vitest';
import type { ComponentDescriptor } from '../rule-chain-types';
import { buildPalette } from './palette';
import { detailsText } from './node-kinds';

const c = (type: ComponentDescriptor['type'], name: string, description = ''): ComponentDescriptor => ({
  type,
  name,
  clazz: `x.${name}`,
  configurationDescriptor: {
    nodeDefinition: {
      description,
      details: '',
      inEnabled: true,
      outEnabled: true,
      relationTypes: [],
      customRelations: false,
      defaultConfiguration: {},
    },
  },
});
const components = [
  c('EXTERNAL', 'rest api call'),
  c('ACTION', 'save timeseries', 'Saves timeseries data'),
  c('FILTER', 'switch'),
  c('FILTER', 'script', 'Filters messages with a JS script'),
  c('TRANSFORMATION', 'script'),
  c('ENRICHMENT', 'originator attributes'),
];

describe('buildPalette', () => {
  it('groups by component type in the display order, rule chain last, names sorted', () => {
    const palette = buildPalette(components);
    expect(palette.map((s) => s.kind)).toEqual([
      'FILTER',
      'ENRICHMENT',
      'TRANSFORMATION',
      'ACTION',
      'EXTERNAL',
      'RULE_CHAIN',
    ]);
    expect(palette[0]?.items.map((i) => i.name)).toEqual(['script', 'switch']);
    expect(palette[5]?.items[0]?.name).toBe('rule chain');
  });

  it('searches names and descriptions case-insensitively and drops empty sections', () => {
    expect(buildPalette(components, 'SCRIPT').map((s) => [s.kind, s.items.length])).toEqual([
      ['FILTER', 1],
      ['TRANSFORMATION', 1],
    ]);
    expect(buildPalette(components, 'timeseries data')[0]?.items[0]?.name).toBe('save timeseries');
    expect(buildPalette(components, 'nothing like this')).toEqual([]);
  });
});

describe('detailsText', () => {
  it('turns descriptor HTML into plain text with line breaks', () => {
    expect(detailsText('If <b>True</b> go on.<br/>Use <code>msg.a &lt; 10</code>')).toBe(
      'If True go on.\nUse msg.a < 10',
    );
  });
});
