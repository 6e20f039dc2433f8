// Customer, tenant and related attributes nodes against a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { EntityRef } from '../rule-engine-types.ts';
import { getCustomerAttributesNode } from './get-customer-attributes.node.ts';
import { getRelatedAttributesNode } from './get-related-attributes.node.ts';
import { getTenantAttributesNode } from './get-tenant-attributes.node.ts';
import { addAsset, addDevice, demoWorld, relate, saveAttrs, saveTs, type DemoWorld } from './data-db-fixtures.ts';
import { makeMsg, startNode } from './data-node-test-kit.ts';

let t: TestApp;
let w: DemoWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await demoWorld(t);
});
afterAll(() => t.close());

const start = (def: Parameters<typeof startNode>[0], config: Record<string, unknown>) =>
  startNode(def, config, w.services, w.tenantId);

describe('customer attributes node', () => {
  it("copies the originator's customer attributes under the mapped names", async () => {
    const customer = { entityType: 'CUSTOMER', id: w.customerId };
    await saveAttrs(t, w.tenantId, customer, 'SERVER_SCOPE', { alarmThreshold: 42, contact: 'bob' });
    await saveTs(t, w.tenantId, customer, t.clock.now(), { alarmThreshold: 7 });
    const device = await addDevice(t, w.tenantId, 'Assigned', w.customerId);
    const n = await start(getCustomerAttributesNode, {
      attrMapping: { alarmThreshold: 'threshold', contact: '${who}' },
    });
    const [out] = await n.send(makeMsg({ originator: device, metaData: { who: 'contactName' } }));
    expect(out!.relation).toBe('Success');
    expect(out!.msg.metaData).toEqual({ who: 'contactName', threshold: '42', contactName: 'bob' });

    const fromTelemetry = await start(getCustomerAttributesNode, {
      ...getCustomerAttributesNode.defaultConfiguration,
      telemetry: true,
    });
    expect((await fromTelemetry.send(makeMsg({ originator: device, metaData: {} })))[0]!.msg.metaData).toEqual({
      threshold: '7',
    });
  });

  it('sends messages of unassigned entities to Failure', async () => {
    const device = await addDevice(t, w.tenantId, 'Unassigned');
    const n = await start(getCustomerAttributesNode, getCustomerAttributesNode.defaultConfiguration);
    const [out] = await n.send(makeMsg({ originator: device }));
    expect(out!.relation).toBe('Failure');
    expect(out!.msg.metaData.error).toBe('Customer not found for the message originator!');
  });
});

describe('tenant attributes node', () => {
  it("copies the chain tenant's attributes", async () => {
    await saveAttrs(t, w.tenantId, { entityType: 'TENANT', id: w.tenantId }, 'SERVER_SCOPE', { temperature: 18.5 });
    const n = await start(getTenantAttributesNode, getTenantAttributesNode.defaultConfiguration);
    const [out] = await n.send(makeMsg({ metaData: {} }));
    expect(out!.msg.metaData).toEqual({ tempo: '18.5' });
  });
});

describe('related attributes node', () => {
  let building: EntityRef;
  let device: EntityRef;
  beforeAll(async () => {
    building = await addAsset(t, w.tenantId, 'Building');
    device = await addDevice(t, w.tenantId, 'In building');
    await relate(t, building, device, 'Contains');
    await saveAttrs(t, w.tenantId, building, 'SERVER_SCOPE', { temperature: 22 });
    await saveAttrs(t, w.tenantId, device, 'SERVER_SCOPE', { temperature: 30 });
  });

  it('reads the entity the relations query leads to (default: Contains, from the originator)', async () => {
    const n = await start(getRelatedAttributesNode, getRelatedAttributesNode.defaultConfiguration);
    const [out] = await n.send(makeMsg({ originator: building, metaData: {} }));
    expect(out!.msg.metaData).toEqual({ tempo: '30' });
  });

  it('walks towards the originator with direction TO', async () => {
    const n = await start(getRelatedAttributesNode, {
      ...getRelatedAttributesNode.defaultConfiguration,
      relationsQuery: { direction: 'TO', maxLevel: 1, filters: [{ relationType: 'Contains', entityTypes: ['ASSET'] }] },
    });
    const [out] = await n.send(makeMsg({ originator: device, metaData: {} }));
    expect(out!.msg.metaData).toEqual({ tempo: '22' });
  });

  it('fails when nothing is related, and ignores entities of other tenants', async () => {
    const foreign = await addDevice(t, w.otherTenantId, 'Foreign');
    const lonely = await addAsset(t, w.tenantId, 'Lonely');
    await relate(t, lonely, foreign, 'Contains');
    const n = await start(getRelatedAttributesNode, getRelatedAttributesNode.defaultConfiguration);
    const [out] = await n.send(makeMsg({ originator: lonely }));
    expect(out!.relation).toBe('Failure');
    expect(out!.msg.metaData.error).toBe('Related entity not found!');
  });
});
