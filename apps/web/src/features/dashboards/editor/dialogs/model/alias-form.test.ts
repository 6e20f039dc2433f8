import { NULL_UUID } from '@sapo/common';
import { describe, expect, it } from 'vitest';
import type { EntityAlias } from '../../../model/entity-alias';
import { aliasEntityTypes, aliasFilterTypes } from './alias-filter-types';
import { aliasToForm, emptyAliasForm, formToAlias, type AliasForm } from './alias-form';
import { changeEntityType, validateAliasForm } from './alias-validation';

const D1 = '33333333-3333-4333-8333-333333333333';
const D2 = '44444444-4444-4444-8444-444444444444';
const form = (patch: Partial<AliasForm>): AliasForm => ({ ...emptyAliasForm(), alias: 'Things', ...patch });

describe('alias filter JSON', () => {
  it('round-trips every stored ThingsBoard 3.2 filter shape', () => {
    const filters: EntityAlias['filter'][] = [
      { type: 'singleEntity', resolveMultiple: false, singleEntity: { entityType: 'DEVICE', id: D1 } },
      { type: 'entityList', resolveMultiple: true, entityType: 'DEVICE', entityList: [D1, D2] },
      { type: 'entityName', resolveMultiple: true, entityType: 'ASSET', entityNameFilter: 'Build' },
      { type: 'entityType', resolveMultiple: true, entityType: 'CUSTOMER' },
      {
        type: 'stateEntity',
        resolveMultiple: false,
        stateEntityParamName: 'floor',
        defaultStateEntity: { entityType: 'ASSET', id: D2 },
      },
      { type: 'deviceType', resolveMultiple: true, deviceType: 'thermostat', deviceNameFilter: 'T-' },
      { type: 'entityViewType', resolveMultiple: false, entityViewType: 'v', entityViewNameFilter: '' },
      { type: 'apiUsageState', resolveMultiple: false },
      {
        type: 'relationsQuery',
        resolveMultiple: true,
        rootStateEntity: false,
        stateEntityParamName: null,
        defaultStateEntity: null,
        rootEntity: { entityType: 'ASSET', id: D2 },
        direction: 'FROM',
        maxLevel: 2,
        fetchLastLevelOnly: true,
        filters: [{ relationType: 'Contains', entityTypes: ['DEVICE'] }],
      },
      {
        type: 'assetSearchQuery',
        resolveMultiple: true,
        rootStateEntity: true,
        stateEntityParamName: 'site',
        defaultStateEntity: { entityType: 'ASSET', id: D2 },
        rootEntity: null,
        direction: 'TO',
        maxLevel: null,
        fetchLastLevelOnly: false,
        relationType: null,
        assetTypes: ['building'],
      },
    ];
    for (const filter of filters) {
      const alias: EntityAlias = { id: 'a1', alias: 'X', filter };
      expect(formToAlias(aliasToForm(alias), 'a1', alias)).toEqual(alias);
    }
  });

  it('writes a pseudo-type single entity with the placeholder id and no picker value', () => {
    const alias = formToAlias(form({ type: 'singleEntity', entityType: 'CURRENT_USER' }), 'x');
    expect(alias.filter.singleEntity).toEqual({ entityType: 'CURRENT_USER', id: NULL_UUID });
  });

  it('stores resolveMultiple false for single-entity filters whatever the form says', () => {
    const single = formToAlias(
      form({
        type: 'singleEntity',
        resolveMultiple: true,
        entityType: 'DEVICE',
        entity: { entityType: 'DEVICE', id: D1 },
      }),
      'x',
    );
    expect(single.filter.resolveMultiple).toBe(false);
    expect(
      formToAlias(form({ type: 'entityType', resolveMultiple: true, entityType: 'DEVICE' }), 'x').filter
        .resolveMultiple,
    ).toBe(true);
  });

  it('keeps unknown filter fields while the type stays, and drops them when it changes', () => {
    const alias: EntityAlias = {
      id: 'a',
      alias: 'A',
      filter: { type: 'apiUsageState', customerId: { entityType: 'CUSTOMER', id: D1 } },
    };
    expect(formToAlias(aliasToForm(alias), 'a', alias).filter.customerId).toEqual({ entityType: 'CUSTOMER', id: D1 });
    const changed = formToAlias({ ...aliasToForm(alias), type: 'entityType', entityType: 'DEVICE' }, 'a', alias);
    expect(changed.filter.customerId).toBeUndefined();
  });

  it('trims the name and walk fields, and writes an empty max level as unlimited', () => {
    const alias = formToAlias(
      form({
        alias: '  Rooms ',
        type: 'deviceSearchQuery',
        rootStateEntity: true,
        maxLevel: '',
        subtypes: ['a'],
        relationType: ' Contains ',
      }),
      'x',
    );
    expect(alias.alias).toBe('Rooms');
    expect(alias.filter).toMatchObject({
      maxLevel: null,
      relationType: 'Contains',
      deviceTypes: ['a'],
      rootEntity: null,
    });
  });
});

describe('alias validation', () => {
  const ctx = {
    authority: 'TENANT_ADMIN' as const,
    aliases: [{ id: 'other', alias: 'Devices', filter: { type: 'entityType' } }],
  };

  it('requires a unique name (trimmed, any case) and a filter type', () => {
    expect(validateAliasForm(form({ alias: ' ' }), ctx)).toMatchObject({
      alias: 'alias.name-required',
      type: 'alias.filter-type-required',
    });
    expect(validateAliasForm(form({ alias: ' devices ', type: 'apiUsageState' }), ctx)).toEqual({
      alias: 'alias.duplicate-alias',
    });
    // Editing the alias itself is not a duplicate.
    expect(validateAliasForm(form({ alias: 'Devices', type: 'apiUsageState' }), { ...ctx, ownId: 'other' })).toEqual(
      {},
    );
  });

  it('asks for the fields each filter type needs', () => {
    expect(validateAliasForm(form({ type: 'singleEntity' }), ctx)).toEqual({ entityType: 'entity.type-required' });
    expect(validateAliasForm(form({ type: 'singleEntity', entityType: 'DEVICE' }), ctx)).toEqual({
      entity: 'entity.entity-required',
    });
    expect(validateAliasForm(form({ type: 'singleEntity', entityType: 'CURRENT_TENANT' }), ctx)).toEqual({});
    expect(validateAliasForm(form({ type: 'entityList', entityType: 'DEVICE' }), ctx)).toEqual({
      entityList: 'entity.entity-list-empty',
    });
    expect(validateAliasForm(form({ type: 'entityName', entityType: 'DEVICE' }), ctx)).toEqual({
      nameFilter: 'entity.entity-name-filter-required',
    });
    expect(validateAliasForm(form({ type: 'assetType' }), ctx)).toEqual({ subtype: 'asset.asset-type-required' });
    expect(validateAliasForm(form({ type: 'stateEntity' }), ctx)).toEqual({});
    expect(validateAliasForm(form({ type: 'entityViewSearchQuery', maxLevel: '0' }), ctx)).toEqual({
      rootEntity: 'alias.root-entity-required',
      maxLevel: 'alias.max-relation-level-invalid',
      subtypes: 'entity-view.entity-view-type-list-empty',
    });
    expect(validateAliasForm(form({ type: 'relationsQuery', rootStateEntity: true, maxLevel: '' }), ctx)).toEqual({});
  });

  it('refuses entity types the role may not use', () => {
    // Pseudo-types are for single entities and lists only.
    expect(validateAliasForm(form({ type: 'entityType', entityType: 'CURRENT_TENANT' }), ctx).entityType).toBe(
      'alias.error-entity-type-not-allowed',
    );
    const customer = { ...ctx, authority: 'CUSTOMER_USER' as const };
    expect(validateAliasForm(form({ type: 'entityType', entityType: 'TENANT' }), customer).entityType).toBe(
      'alias.error-entity-type-not-allowed',
    );
  });

  it('clears the chosen entities when the entity type changes', () => {
    const before = form({ type: 'entityList', entityType: 'DEVICE', entityList: [{ entityType: 'DEVICE', id: D1 }] });
    expect(changeEntityType(before, 'ASSET')).toMatchObject({ entityType: 'ASSET', entityList: [] });
    expect(changeEntityType(before, 'DEVICE')).toBe(before);
  });
});

describe('allowed types per role', () => {
  it('offers the system administrator tenants only, without device or usage filters', () => {
    expect(aliasEntityTypes('SYS_ADMIN', true)).toEqual(['TENANT', 'CURRENT_USER']);
    const types = aliasFilterTypes('SYS_ADMIN');
    expect(types).not.toContain('deviceType');
    expect(types).not.toContain('apiUsageState');
    expect(types).toContain('relationsQuery');
  });

  it('offers customer roles the current customer but not the current tenant', () => {
    const types = aliasEntityTypes('CUSTOMER_ADMIN', true);
    expect(types).toContain('CURRENT_CUSTOMER');
    expect(types).not.toContain('CURRENT_TENANT');
    expect(aliasFilterTypes('CUSTOMER_ADMIN')).toHaveLength(13);
  });
});
