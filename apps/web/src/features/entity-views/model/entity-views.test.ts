import { describe, expect, it } from 'vitest';
import type { EntityViewInfo } from '../entity-view-types';
import { entityViewFormFrom, entityViewPayload, validateEntityViewForm } from './entity-view-form';
import { addKeys, hasSeparator, keysError, removeKey } from './keys-list';
import { targetLookupPaths, withTargetNames } from './target-names';
import { fromLocalInput, toLocalInput } from './time-input';

describe('keys list', () => {
  it('trims, splits at comma, semicolon and line breaks, and ignores blanks and duplicates', () => {
    expect(addKeys(null, ' temperature ')).toEqual(['temperature']);
    expect(addKeys(['temperature'], 'humidity, temperature;pressure\n ;')).toEqual([
      'temperature',
      'humidity',
      'pressure',
    ]);
    expect(addKeys(null, ' , ; ')).toBeNull();
    expect(addKeys(['a'], 'a')).toEqual(['a']);
  });

  it('leaves null when the last key goes, an error only when required', () => {
    expect(removeKey(['a', 'b'], 'a')).toEqual(['b']);
    expect(removeKey(['a'], 'a')).toBeNull();
    expect(keysError(null, true)).toBe('entity-view.keys-required');
    expect(keysError(null, false)).toBeUndefined();
    expect(keysError(['a'], true)).toBeUndefined();
  });

  it('knows when typed text holds a separator', () => {
    expect(hasSeparator('temp,')).toBe(true);
    expect(hasSeparator('temp;')).toBe(true);
    expect(hasSeparator('temp')).toBe(false);
  });
});

const view: EntityViewInfo = {
  id: { entityType: 'ENTITY_VIEW', id: 'v-1' },
  createdTime: 1,
  tenantId: { entityType: 'TENANT', id: 't-1' },
  customerId: { entityType: 'CUSTOMER', id: 'c-1' },
  entityId: { entityType: 'DEVICE', id: 'd-1' },
  name: 'Boiler view',
  type: 'heating',
  keys: { timeseries: ['temperature'], attributes: { cs: [], ss: ['firmware'], sh: null } },
  startTimeMs: 0,
  endTimeMs: 0,
  additionalInfo: { description: 'For the customer', other: 1 },
  customerTitle: 'Customer A',
  customerIsPublic: false,
  entityName: 'Boiler',
};

describe('entity view form', () => {
  it('needs name, type and target; the end must come a second after the start', () => {
    const empty = entityViewFormFrom(undefined);
    expect(validateEntityViewForm(empty)).toEqual({
      name: 'entity-view.name-required',
      type: 'entity-view.entity-view-type-required',
      target: 'entity.entity-required',
    });
    const ok = { ...entityViewFormFrom(view), startTime: '2026-01-01T10:00:00', endTime: '2026-01-01T10:00:00' };
    expect(validateEntityViewForm(ok)).toEqual({ endTime: 'entity-view.end-after-start' });
    expect(validateEntityViewForm({ ...ok, endTime: '2026-01-01T10:00:01' })).toEqual({});
    expect(validateEntityViewForm({ ...ok, startTime: '' })).toEqual({});
  });

  it('reads empty key lists as none and writes them back as empty lists', () => {
    const form = entityViewFormFrom(view);
    expect(form.clientAttributes).toBeNull();
    expect(form.serverAttributes).toEqual(['firmware']);
    const body = entityViewPayload({ ...form, sharedAttributes: ['mode'], description: ' Ops ' }, view);
    expect(body).toMatchObject({
      id: view.id,
      entityId: { entityType: 'DEVICE', id: 'd-1' },
      keys: { timeseries: ['temperature'], attributes: { cs: [], ss: ['firmware'], sh: ['mode'] } },
      startTimeMs: 0,
      endTimeMs: 0,
      additionalInfo: { description: 'Ops', other: 1 },
    });
    expect(body).not.toHaveProperty('customerTitle');
    expect(body).not.toHaveProperty('entityName');
  });

  it('turns date-time input text into epoch ms and back', () => {
    const ms = new Date(2026, 10, 21, 8, 5, 9).getTime();
    expect(toLocalInput(ms)).toBe('2026-11-21T08:05:09');
    expect(fromLocalInput('2026-11-21T08:05:09')).toBe(ms);
    expect(fromLocalInput('')).toBe(0);
    expect(toLocalInput(0)).toBe('');
  });
});

describe('target names', () => {
  it('looks names up once per type', () => {
    const rows = [
      { entityId: { entityType: 'DEVICE', id: 'd1' } },
      { entityId: { entityType: 'ASSET', id: 'a1' } },
      { entityId: { entityType: 'DEVICE', id: 'd2' } },
      { entityId: { entityType: 'DEVICE', id: 'd1' } },
    ];
    expect(targetLookupPaths(rows)).toEqual(['/api/devices?deviceIds=d1,d2', '/api/assets?assetIds=a1']);
    expect(withTargetNames(rows.slice(0, 2), [{ id: { id: 'd1' }, name: 'Boiler' }])).toEqual([
      { entityId: { entityType: 'DEVICE', id: 'd1' }, entityName: 'Boiler' },
      { entityId: { entityType: 'ASSET', id: 'a1' }, entityName: '' },
    ]);
  });
});
