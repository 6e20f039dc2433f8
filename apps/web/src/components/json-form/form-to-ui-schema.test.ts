import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { formToUiSchema, ICON_WIDGET, IMAGE_WIDGET, parseFormKey } from './form-to-ui-schema';
import { isValidForSchema, withSchemaDefaults } from './schema-defaults';

describe('parseFormKey', () => {
  it('splits dotted keys and marks array items', () => {
    expect(parseFormKey('a.b')).toEqual(['a', 'b']);
    expect(parseFormKey('ranges[].color')).toEqual(['ranges', '[]', 'color']);
    expect(parseFormKey(['legend', 'position'])).toEqual(['legend', 'position']);
    expect(parseFormKey('list[2]')).toEqual(['list', '[]']);
  });
});

describe('formToUiSchema', () => {
  it('gives an empty uiSchema for an empty form list, so the schema order is kept', () => {
    expect(formToUiSchema([])).toEqual({});
    expect(formToUiSchema(undefined)).toEqual({});
  });

  it('orders fields as the form lists them and keeps the unlisted ones at the end', () => {
    expect(formToUiSchema(['b', 'a'])).toEqual({ 'ui:order': ['b', 'a', '*'] });
  });

  it('maps field types to widgets and titles', () => {
    const ui = formToUiSchema([
      { key: 'color', type: 'color' },
      { key: 'text', type: 'textarea', title: 'Body' },
      { key: 'logo', type: 'image' },
      { key: 'icon', type: 'icon' },
      { key: 'fn', type: 'javascript' },
    ]);
    expect(ui['color']).toEqual({ 'ui:widget': 'color' });
    expect(ui['text']).toEqual({ 'ui:widget': 'textarea', 'ui:title': 'Body' });
    expect(ui['logo']).toEqual({ 'ui:widget': IMAGE_WIDGET });
    expect(ui['icon']).toEqual({ 'ui:widget': ICON_WIDGET });
    expect(ui['fn']?.['ui:widget']).toBe('textarea');
    expect(ui['ui:order']).toEqual(['color', 'text', 'logo', 'icon', 'fn', '*']);
  });

  it('maps arrays of objects and nested objects', () => {
    const ui = formToUiSchema([
      'title',
      { key: 'ranges', items: ['ranges[].to', 'ranges[].from', { key: 'ranges[].color', type: 'color' }] },
      { type: 'fieldset', title: 'Legend', items: ['legend.position', 'legend.direction'] },
    ]);
    expect(ui['ui:order']).toEqual(['title', 'ranges', 'legend', '*']);
    expect(ui['ranges']).toEqual({
      items: { 'ui:order': ['to', 'from', 'color', '*'], color: { 'ui:widget': 'color' } },
    });
    expect(ui['legend']).toEqual({ 'ui:order': ['position', 'direction', '*'] });
  });

  it('skips entries that are neither keys nor objects', () => {
    expect(formToUiSchema([null, 3, { type: 'help' }, 'a', { key: 5 }])).toEqual({ 'ui:order': ['a', '*'] });
  });

  it('lists a key once even when the form repeats it', () => {
    expect(formToUiSchema(['a', 'a', { key: 'a', type: 'color' }])).toEqual({
      'ui:order': ['a', '*'],
      a: { 'ui:widget': 'color' },
    });
  });
});

describe('schema defaults', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: {
      color: { type: 'string', format: 'color', default: '#2196f3' },
      legend: { type: 'object', properties: { position: { type: 'string', default: 'bottom' } } },
      units: { type: 'string' },
      decimals: { type: 'integer', minimum: 0, default: 2 },
    },
    required: ['color'],
  };

  it('fills missing defaults and keeps the values already set', () => {
    expect(withSchemaDefaults(schema, { decimals: 4 })).toEqual({
      color: '#2196f3',
      legend: { position: 'bottom' },
      decimals: 4,
    });
  });

  it('validates values against the schema', () => {
    expect(isValidForSchema(schema, { color: '#fff', decimals: 1 })).toBe(true);
    expect(isValidForSchema(schema, { color: '#fff', decimals: -1 })).toBe(false);
    expect(isValidForSchema(schema, { decimals: 1 })).toBe(false);
  });
});
