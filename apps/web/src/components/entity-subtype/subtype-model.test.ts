import { describe, expect, it } from 'vitest';
import {
  SUBTYPE_PATHS,
  filterSubtypes,
  subtypeError,
  subtypeNames,
  subtypePlaceholderKey,
  subtypeSuggestions,
} from './subtype-model';

const types = ['default', 'Gateway', 'thermostat', 'Thermometer'];

describe('entity subtypes', () => {
  it('calls the types endpoint of each entity type', () => {
    expect(SUBTYPE_PATHS).toEqual({
      DEVICE: '/api/device/types',
      ASSET: '/api/asset/types',
      ENTITY_VIEW: '/api/entityView/types',
    });
  });

  it('lists the server answer as unique, trimmed, sorted names', () => {
    const list = [
      { entityType: 'DEVICE', type: 'thermostat' },
      { entityType: 'DEVICE', type: ' default ' },
      { entityType: 'DEVICE', type: 'thermostat' },
      { entityType: 'DEVICE', type: '' },
    ];
    expect(subtypeNames(list)).toEqual(['default', 'thermostat']);
    expect(subtypeNames(undefined)).toEqual([]);
  });

  it('filters by a case-insensitive prefix, not a substring', () => {
    expect(filterSubtypes(types, 'THER')).toEqual(['thermostat', 'Thermometer']);
    expect(filterSubtypes(types, 'mostat')).toEqual([]);
    expect(filterSubtypes(types, '  ')).toEqual(types);
  });

  it('offers typed text as a new type only when nothing matches and new types are allowed', () => {
    expect(subtypeSuggestions(types, 'gate', true)).toEqual({ options: ['Gateway'], newType: null });
    expect(subtypeSuggestions(types, ' Pump ', true)).toEqual({ options: [], newType: 'Pump' });
    expect(subtypeSuggestions(types, 'Pump', false)).toEqual({ options: [], newType: null });
    expect(subtypeSuggestions(types, '', true).newType).toBeNull();
  });

  it("uses 'enter … type' when required and 'any …' otherwise", () => {
    expect(subtypePlaceholderKey('DEVICE', true)).toBe('device.enter-device-type');
    expect(subtypePlaceholderKey('ASSET', false)).toBe('asset.any-asset');
    expect(subtypePlaceholderKey('ENTITY_VIEW', true)).toBe('entity-view.enter-entity-view-type');
  });

  it('names the required message of each entity type', () => {
    expect(subtypeError('DEVICE', ' ', true)).toBe('device.device-type-required');
    expect(subtypeError('ASSET', '', true)).toBe('asset.asset-type-required');
    expect(subtypeError('ENTITY_VIEW', '', true)).toBe('entity-view.entity-view-type-required');
    expect(subtypeError('DEVICE', '', false)).toBeUndefined();
    expect(subtypeError('DEVICE', 'x', true)).toBeUndefined();
  });
});
