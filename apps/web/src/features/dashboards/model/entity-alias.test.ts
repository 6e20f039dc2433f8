import { NULL_UUID, type Authority, type EntityId } from '@sapo/common';
import { describe, expect, it } from 'vitest';
import {
  ALIAS_ERRORS,
  resolveAliasFilter,
  resolveAliases,
  type AliasContext,
  type AliasFilter,
  type AliasUser,
  type StateParams,
} from './entity-alias';

const T = '11111111-1111-4111-8111-111111111111';
const C = '22222222-2222-4222-8222-222222222222';
const D = '33333333-3333-4333-8333-333333333333';
const A = '44444444-4444-4444-8444-444444444444';
const A2 = '55555555-5555-4555-8555-555555555555';
const userId = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

const USERS: Record<Authority, AliasUser> = {
  SYS_ADMIN: { authority: 'SYS_ADMIN', tenantId: NULL_UUID, customerId: NULL_UUID, userId: userId(0) },
  TENANT_ADMIN: { authority: 'TENANT_ADMIN', tenantId: T, customerId: NULL_UUID, userId: userId(1) },
  TENANT_USER: { authority: 'TENANT_USER', tenantId: T, customerId: null, userId: userId(2) },
  CUSTOMER_ADMIN: { authority: 'CUSTOMER_ADMIN', tenantId: T, customerId: C, userId: userId(3) },
  CUSTOMER_USER: { authority: 'CUSTOMER_USER', tenantId: T, customerId: C, userId: userId(4) },
};
const ROLES = Object.keys(USERS) as Authority[];

const ctx = (authority: Authority, stateParams?: StateParams): AliasContext => ({
  user: USERS[authority],
  stateParams,
});
const alias = (filter: AliasFilter) => ({ id: 'a1', alias: 'Things', filter });
const id = (entityType: EntityId['entityType'], uuid: string): EntityId => ({ entityType, id: uuid });
const { typeNotAllowed, noCurrentCustomer, noStateEntity, invalidFilter, unsupportedFilter } = ALIAS_ERRORS;

describe('pseudo entity types per role', () => {
  // Expected entity per role, or the error key.
  const table: Array<[string, Record<Authority, EntityId | string>]> = [
    [
      'CURRENT_TENANT',
      {
        SYS_ADMIN: typeNotAllowed,
        TENANT_ADMIN: id('TENANT', T),
        TENANT_USER: id('TENANT', T),
        CUSTOMER_ADMIN: typeNotAllowed,
        CUSTOMER_USER: typeNotAllowed,
      },
    ],
    [
      'CURRENT_CUSTOMER',
      {
        SYS_ADMIN: typeNotAllowed,
        TENANT_ADMIN: noCurrentCustomer,
        TENANT_USER: noCurrentCustomer,
        CUSTOMER_ADMIN: id('CUSTOMER', C),
        CUSTOMER_USER: id('CUSTOMER', C),
      },
    ],
    [
      'CURRENT_USER',
      {
        SYS_ADMIN: id('USER', userId(0)),
        TENANT_ADMIN: id('USER', userId(1)),
        TENANT_USER: id('USER', userId(2)),
        CUSTOMER_ADMIN: id('USER', userId(3)),
        CUSTOMER_USER: id('USER', userId(4)),
      },
    ],
    [
      'CURRENT_USER_OWNER',
      {
        SYS_ADMIN: typeNotAllowed,
        TENANT_ADMIN: id('TENANT', T),
        TENANT_USER: id('TENANT', T),
        CUSTOMER_ADMIN: id('CUSTOMER', C),
        CUSTOMER_USER: id('CUSTOMER', C),
      },
    ],
  ];

  for (const [pseudo, byRole] of table) {
    for (const role of ROLES) {
      const expected = byRole[role];
      it(`${pseudo} for ${role} in singleEntity, entityList and as a relation root`, () => {
        const single = resolveAliasFilter(
          alias({ type: 'singleEntity', singleEntity: { entityType: pseudo as 'CURRENT_USER', id: pseudo } }),
          ctx(role),
        );
        const list = resolveAliasFilter(
          alias({ type: 'entityList', entityType: pseudo as 'CURRENT_USER', entityList: [], resolveMultiple: true }),
          ctx(role),
        );
        const rel = resolveAliasFilter(
          alias({
            type: 'relationsQuery',
            rootEntity: { entityType: pseudo as 'CURRENT_USER', id: pseudo },
            direction: 'FROM',
            filters: [],
          }),
          ctx(role),
        );
        if (typeof expected === 'string') {
          for (const r of [single, list, rel]) expect(r).toMatchObject({ filter: null, error: expected });
        } else {
          expect(single).toEqual({
            filter: { type: 'singleEntity', singleEntity: expected },
            resolveMultiple: false,
            dependsOnState: false,
          });
          expect(list.filter).toEqual({
            type: 'entityList',
            entityType: expected.entityType,
            entityList: [expected.id],
          });
          expect(rel.filter).toMatchObject({ rootEntity: expected });
        }
      });
    }
  }
});

describe('allowed alias entity types per role (spec 2-calls §6)', () => {
  const table: Array<[string, AliasFilter, Authority[]]> = [
    ['a tenant', { type: 'singleEntity', singleEntity: id('TENANT', T) }, ['SYS_ADMIN', 'TENANT_ADMIN', 'TENANT_USER']],
    ['a device', { type: 'singleEntity', singleEntity: id('DEVICE', D) }, ROLES.filter((r) => r !== 'SYS_ADMIN')],
    ['customers by type', { type: 'entityType', entityType: 'CUSTOMER' }, ROLES.filter((r) => r !== 'SYS_ADMIN')],
    [
      'tenants by name',
      { type: 'entityName', entityType: 'TENANT', entityNameFilter: 'A' },
      ['SYS_ADMIN', 'TENANT_ADMIN', 'TENANT_USER'],
    ],
    ['device profiles', { type: 'entityType', entityType: 'DEVICE_PROFILE' }, []],
    ['devices of a type', { type: 'deviceType', deviceType: 'thermostat' }, ROLES.filter((r) => r !== 'SYS_ADMIN')],
    ['API usage', { type: 'apiUsageState' }, ROLES.filter((r) => r !== 'SYS_ADMIN')],
    [
      'tenants related to an asset',
      {
        type: 'relationsQuery',
        rootEntity: id('ASSET', A),
        direction: 'TO',
        filters: [{ relationType: 'Contains', entityTypes: ['TENANT'] }],
      },
      ['TENANT_ADMIN', 'TENANT_USER'],
    ],
  ];
  for (const [what, filter, allowed] of table) {
    for (const role of ROLES) {
      const ok = allowed.includes(role);
      it(`${role} ${ok ? 'may' : 'may not'} alias ${what}`, () => {
        const r = resolveAliasFilter(alias(filter), ctx(role));
        if (ok) expect(r.error).toBeUndefined();
        else expect(r).toMatchObject({ filter: null, error: typeNotAllowed });
      });
    }
  }

  it('keeps pseudo-types out of name and type filters', () => {
    const r = resolveAliasFilter(alias({ type: 'entityType', entityType: 'CURRENT_TENANT' }), ctx('TENANT_ADMIN'));
    expect(r).toMatchObject({ filter: null, error: typeNotAllowed });
  });
});

describe('stateEntity aliases', () => {
  const state: StateParams = {
    entityId: id('DEVICE', D),
    entityName: 'Boiler',
    target: { entityId: id('ASSET', A), entityName: 'Hall' },
  };
  const table: Array<[string, AliasFilter, StateParams | undefined, EntityId | string]> = [
    ['the root entity without a param name', { type: 'stateEntity' }, state, id('DEVICE', D)],
    ['the named param', { type: 'stateEntity', stateEntityParamName: 'target' }, state, id('ASSET', A)],
    [
      'the default when the named param is absent (not the root entity)',
      { type: 'stateEntity', stateEntityParamName: 'other', defaultStateEntity: id('ASSET', A2) },
      state,
      id('ASSET', A2),
    ],
    [
      'the default without state params',
      { type: 'stateEntity', defaultStateEntity: id('ASSET', A2) },
      undefined,
      id('ASSET', A2),
    ],
    [
      'the default when the state holds the null id',
      { type: 'stateEntity', defaultStateEntity: id('ASSET', A2) },
      { entityId: id('DEVICE', NULL_UUID) },
      id('ASSET', A2),
    ],
    ['nothing without state or default', { type: 'stateEntity' }, {}, noStateEntity],
    [
      'nothing when the named param is absent',
      { type: 'stateEntity', stateEntityParamName: 'other' },
      state,
      noStateEntity,
    ],
  ];
  for (const [what, filter, params, expected] of table) {
    it(`takes ${what}`, () => {
      const r = resolveAliasFilter(alias({ ...filter, resolveMultiple: true }), ctx('CUSTOMER_USER', params));
      expect(r.dependsOnState).toBe(true);
      expect(r.resolveMultiple).toBe(false);
      if (typeof expected === 'string') expect(r).toMatchObject({ filter: null, error: expected });
      else expect(r.filter).toEqual({ type: 'singleEntity', singleEntity: expected });
    });
  }
});

describe('relation and search queries', () => {
  const state: StateParams = { entityId: id('ASSET', A), building: { entityId: id('ASSET', A2) } };

  it('takes the root from the state and sends the walk in the server shape', () => {
    const r = resolveAliasFilter(
      alias({
        type: 'relationsQuery',
        resolveMultiple: true,
        rootStateEntity: true,
        rootEntity: id('ASSET', D),
        direction: 'FROM',
        maxLevel: 2,
        fetchLastLevelOnly: true,
        filters: [{ relationType: 'Contains', entityTypes: ['DEVICE', 'ASSET'] }],
      }),
      ctx('TENANT_ADMIN', state),
    );
    expect(r).toEqual({
      filter: {
        type: 'relationsQuery',
        rootEntity: id('ASSET', A),
        direction: 'FROM',
        maxLevel: 2,
        fetchLastLevelOnly: true,
        filters: [{ relationType: 'Contains', entityTypes: ['DEVICE', 'ASSET'] }],
      },
      resolveMultiple: true,
      dependsOnState: true,
    });
  });

  const table: Array<[string, AliasFilter, StateParams | undefined, Record<string, unknown> | string]> = [
    [
      'a named state param as the root of a device search',
      {
        type: 'deviceSearchQuery',
        rootStateEntity: true,
        stateEntityParamName: 'building',
        direction: 'FROM',
        relationType: 'Contains',
        deviceTypes: ['meter'],
      },
      state,
      {
        type: 'deviceSearchQuery',
        rootEntity: id('ASSET', A2),
        direction: 'FROM',
        maxLevel: null,
        fetchLastLevelOnly: false,
        relationType: 'Contains',
        deviceTypes: ['meter'],
      },
    ],
    [
      'the default root when the state has no entity',
      { type: 'assetSearchQuery', rootStateEntity: true, defaultStateEntity: id('ASSET', A2), direction: 'TO' },
      {},
      { type: 'assetSearchQuery', rootEntity: id('ASSET', A2), direction: 'TO', relationType: null, assetTypes: [] },
    ],
    [
      'no root at all',
      { type: 'entityViewSearchQuery', rootStateEntity: true, direction: 'FROM' },
      undefined,
      noStateEntity,
    ],
    [
      'a fixed root (state ignored)',
      { type: 'relationsQuery', rootEntity: id('DEVICE', D) },
      state,
      { rootEntity: id('DEVICE', D), direction: 'FROM', filters: [] },
    ],
    ['a missing fixed root', { type: 'relationsQuery', direction: 'FROM' }, state, invalidFilter],
    ['a bad direction', { type: 'relationsQuery', rootEntity: id('DEVICE', D), direction: 'UP' }, state, invalidFilter],
    [
      'bad relation filters',
      { type: 'relationsQuery', rootEntity: id('DEVICE', D), filters: [1] },
      state,
      invalidFilter,
    ],
  ];
  for (const [what, filter, params, expected] of table) {
    it(`resolves ${what}`, () => {
      const r = resolveAliasFilter(alias(filter), ctx('TENANT_USER', params));
      if (typeof expected === 'string') expect(r).toMatchObject({ filter: null, error: expected });
      else expect(r.filter).toMatchObject(expected);
    });
  }
});

describe('other filters and errors', () => {
  const table: Array<[string, unknown, Record<string, unknown> | string]> = [
    [
      'an entity list',
      { type: 'entityList', entityType: 'DEVICE', entityList: [D], resolveMultiple: true },
      { type: 'entityList', entityType: 'DEVICE', entityList: [D] },
    ],
    [
      'a name prefix',
      { type: 'entityName', entityType: 'DEVICE', entityNameFilter: 'Boi' },
      { type: 'entityName', entityType: 'DEVICE', entityNameFilter: 'Boi' },
    ],
    ['an entity type', { type: 'entityType', entityType: 'ASSET' }, { type: 'entityType', entityType: 'ASSET' }],
    [
      'assets of a type',
      { type: 'assetType', assetType: 'building', assetNameFilter: 'B' },
      { type: 'assetType', assetType: 'building', assetNameFilter: 'B' },
    ],
    [
      'devices of a type',
      { type: 'deviceType', deviceType: 'meter' },
      { type: 'deviceType', deviceType: 'meter', deviceNameFilter: null },
    ],
    [
      'views of a type',
      { type: 'entityViewType', entityViewType: 'v' },
      { type: 'entityViewType', entityViewType: 'v', entityViewNameFilter: null },
    ],
    [
      'API usage of the current customer',
      { type: 'apiUsageState', customerId: { entityType: 'CURRENT_CUSTOMER', id: 'x' } },
      { type: 'apiUsageState', customerId: id('CUSTOMER', C) },
    ],
    ['a device type without the type', { type: 'deviceType' }, invalidFilter],
    ['an entity list with a bad id', { type: 'entityList', entityType: 'DEVICE', entityList: ['nope'] }, invalidFilter],
    ['a single entity without an id', { type: 'singleEntity', singleEntity: 'x' }, invalidFilter],
    ['an unknown filter type', { type: 'entityGroup' }, unsupportedFilter],
    ['no filter', undefined, invalidFilter],
    ['a filter that is not an object', 'singleEntity', invalidFilter],
  ];
  for (const [what, filter, expected] of table) {
    it(`handles ${what} without throwing`, () => {
      const r = resolveAliasFilter({ id: 'a', alias: 'x', filter: filter as AliasFilter }, ctx('CUSTOMER_ADMIN'));
      if (typeof expected === 'string') expect(r).toMatchObject({ filter: null, error: expected });
      else expect(r.filter).toEqual(expected);
    });
  }

  it('passes resolveMultiple on, except for single-entity filters', () => {
    expect(
      resolveAliasFilter(
        alias({ type: 'entityType', entityType: 'DEVICE', resolveMultiple: true }),
        ctx('TENANT_ADMIN'),
      ).resolveMultiple,
    ).toBe(true);
    expect(
      resolveAliasFilter(alias({ type: 'entityType', entityType: 'DEVICE' }), ctx('TENANT_ADMIN')).resolveMultiple,
    ).toBe(false);
    expect(
      resolveAliasFilter(
        alias({ type: 'singleEntity', singleEntity: id('DEVICE', D), resolveMultiple: true }),
        ctx('TENANT_ADMIN'),
      ).resolveMultiple,
    ).toBe(false);
  });

  it('resolves a whole dashboard’s aliases, and every error has an English text', () => {
    const all = resolveAliases(
      {
        a: alias({ type: 'entityType', entityType: 'DEVICE' }),
        b: { id: 'b', alias: 'Bad', filter: { type: 'nope' } },
      },
      ctx('TENANT_ADMIN'),
    );
    expect(all.a?.filter).toEqual({ type: 'entityType', entityType: 'DEVICE' });
    expect(all.b?.error).toBe(unsupportedFilter);
    expect(resolveAliases(undefined, ctx('TENANT_ADMIN'))).toEqual({});
  });
});
