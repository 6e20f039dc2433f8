import { COMPONENT_TYPES } from '@sapo/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { allNodeDefinitions } from '../../rule-engine/node-registry.ts';
import type { ComponentType, RuleNodeDefinition } from '../../rule-engine/rule-engine-types.ts';
import type { Caller } from '../auth/caller.ts';
import { ok } from '../devices/devices-fixtures.ts';
import { expectError, expectForbidden, expectNotFound } from '../users/users-fixtures.ts';
import { type ComponentDescriptor, ComponentsService, uuidV5 } from './components.service.ts';

const def = (type: ComponentType, name: string, clazz = `x.${type}.${name}`): RuleNodeDefinition => ({
  clazz,
  type,
  name,
  description: `${name} description`,
  details: `${name} details`,
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Success', 'Failure'],
  customRelations: false,
  defaultConfiguration: { a: 1 },
  configurationFields: [{ key: 'a', label: 'A', kind: 'number' }],
  create: () => ({ onMsg: () => null }),
});
const admin = { authority: 'TENANT_ADMIN' } as Caller;

describe('component descriptors (built from node definitions)', () => {
  const service = new ComponentsService(() => [
    def('EXTERNAL', 'mqtt'),
    def('ACTION', 'log'),
    def('FILTER', 'switch'),
    def('ENRICHMENT', 'originator attributes'),
    def('FILTER', 'script'),
    def('TRANSFORMATION', 'script'),
  ]);

  it('lists in the display order FILTER, ENRICHMENT, TRANSFORMATION, ACTION, EXTERNAL, then by name', () => {
    const all = service.list(admin, 'EXTERNAL,ACTION,TRANSFORMATION,ENRICHMENT,FILTER');
    expect(all.map((d) => `${d.type}:${d.name}`)).toEqual([
      'FILTER:script',
      'FILTER:switch',
      'ENRICHMENT:originator attributes',
      'TRANSFORMATION:script',
      'ACTION:log',
      'EXTERNAL:mqtt',
    ]);
    expect(service.list(admin, 'filter').map((d) => d.name)).toEqual(['script', 'switch']);
  });

  it("has ThingsBoard's descriptor shape with a stable id per class", () => {
    const d = service.get(admin, 'x.ACTION.log');
    expect(d).toEqual({
      id: { id: uuidV5('x.ACTION.log') },
      createdTime: expect.any(Number),
      type: 'ACTION',
      scope: 'TENANT',
      name: 'log',
      clazz: 'x.ACTION.log',
      configurationDescriptor: {
        nodeDefinition: {
          description: 'log description',
          details: 'log details',
          inEnabled: true,
          outEnabled: true,
          relationTypes: ['Success', 'Failure'],
          customRelations: false,
          defaultConfiguration: { a: 1 },
          uiResources: [],
          configDirective: '',
          uiResourceLoadError: null,
          configurationFields: [{ key: 'a', label: 'A', kind: 'number' }],
        },
      },
      actions: null,
    });
    expect(d.id.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidV5('x.ACTION.log')).not.toBe(uuidV5('x.ACTION.log2'));
    // RFC 4122 test vector: uuid5(NAMESPACE_DNS, 'www.example.com')
    expect(uuidV5('www.example.com', Buffer.from('6ba7b8109dad11d180b400c04fd430c8', 'hex'))).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });
});

describe('/api/component(s)', () => {
  let t: TestApp;
  let tokens: Awaited<ReturnType<TestApp['demoTokens']>>;
  beforeAll(async () => {
    t = await createTestApp();
    tokens = await t.demoTokens();
  });
  afterAll(() => t.close());

  const all = COMPONENT_TYPES.join(',');

  it('lists every registered node in the display order; each one is found by its class', async () => {
    const list = await ok<ComponentDescriptor[]>(
      t.request('GET', `/api/components?componentTypes=${all}`, { token: tokens.tenant }),
    );
    expect(list).toHaveLength(allNodeDefinitions().length);
    const rank = list.map((d) => COMPONENT_TYPES.indexOf(d.type as (typeof COMPONENT_TYPES)[number]));
    expect(rank).toEqual([...rank].sort((a, b) => a - b));
    for (const d of list.slice(0, 3)) {
      const one = await ok<ComponentDescriptor>(
        t.request('GET', `/api/component/${encodeURIComponent(d.clazz)}`, { token: tokens.sysadmin }),
      );
      expect(one).toEqual(d);
      const byType = await ok<ComponentDescriptor[]>(
        t.request('GET', `/api/components/${d.type}`, { token: tokens.tenant }),
      );
      expect(byType.every((x) => x.type === d.type)).toBe(true);
      expect(byType).toContainEqual(d);
    }
    // The same ids on every call (the editor keys its palette by them).
    const again = await ok<ComponentDescriptor[]>(
      t.request('GET', `/api/components?componentTypes=${all}`, { token: tokens.tenant }),
    );
    expect(again.map((d) => d.id)).toEqual(list.map((d) => d.id));
  });

  it('answers 404 for an unknown class, 400 for an unknown type, 403 for customers', async () => {
    expectNotFound(await t.request('GET', '/api/component/com.example.Nope', { token: tokens.tenant }));
    expectError(
      await t.request('GET', '/api/components/BOGUS', { token: tokens.tenant }),
      400,
      31,
      /Unsupported component type 'BOGUS'/,
    );
    expectError(await t.request('GET', '/api/components', { token: tokens.tenant }), 400, 31);
    expectForbidden(await t.request('GET', `/api/components?componentTypes=${all}`, { token: tokens.customer }));
    expectForbidden(await t.request('GET', '/api/components/FILTER', { token: tokens.customer }));
    expectForbidden(await t.request('GET', '/api/component/com.example.Nope', { token: tokens.customer }));
  });
});
