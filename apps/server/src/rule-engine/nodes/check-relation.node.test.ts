// Check relation and change originator nodes against a real database.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { EntityRef } from '../rule-engine-types.ts';
import { changeOriginatorNode } from './change-originator.node.ts';
import { checkRelationNode } from './check-relation.node.ts';
import { addAsset, addDevice, demoWorld, relate, type DemoWorld } from './data-db-fixtures.ts';
import { makeMsg, startNode } from './data-node-test-kit.ts';

let t: TestApp;
let w: DemoWorld;
let building: EntityRef;
let device: EntityRef;
let loose: EntityRef;

beforeAll(async () => {
  t = await createTestApp();
  w = await demoWorld(t);
  building = await addAsset(t, w.tenantId, 'Building');
  device = await addDevice(t, w.tenantId, 'Inside', w.customerId);
  loose = await addDevice(t, w.tenantId, 'Loose');
  await relate(t, building, device, 'Contains');
});
afterAll(() => t.close());

const start = (def: Parameters<typeof startNode>[0], config: Record<string, unknown>) =>
  startNode(def, config, w.services, w.tenantId);
const relationOf = async (
  def: Parameters<typeof startNode>[0],
  config: Record<string, unknown>,
  originator: EntityRef,
) => (await (await start(def, config)).send(makeMsg({ originator })))[0]!.relation;

describe('check relation node', () => {
  it('checks the relation between a chosen entity and the originator in either direction', async () => {
    const from = {
      checkForSingleEntity: true,
      direction: 'FROM',
      entityType: 'ASSET',
      entityId: building.id,
      relationType: 'Contains',
    };
    expect(await relationOf(checkRelationNode, from, device)).toBe('True');
    expect(await relationOf(checkRelationNode, from, loose)).toBe('False');
    expect(await relationOf(checkRelationNode, { ...from, relationType: 'Manages' }, device)).toBe('False');
    const to = { ...from, direction: 'TO' };
    expect(await relationOf(checkRelationNode, to, device)).toBe('False');
    const toDevice = { ...to, entityType: 'DEVICE', entityId: device.id };
    expect(await relationOf(checkRelationNode, toDevice, building)).toBe('True');
  });

  it('checks for any relation when no entity is chosen', async () => {
    const any = { checkForSingleEntity: false, direction: 'FROM', relationType: 'Contains' };
    expect(await relationOf(checkRelationNode, any, device)).toBe('True');
    expect(await relationOf(checkRelationNode, any, building)).toBe('False');
    expect(await relationOf(checkRelationNode, { ...any, direction: 'TO' }, building)).toBe('True');
  });

  it("never sees another tenant's entity and fails without an entity", async () => {
    const foreign = await addAsset(t, w.otherTenantId, 'Foreign');
    await relate(t, foreign, device, 'Contains');
    const cfg = {
      checkForSingleEntity: true,
      direction: 'FROM',
      entityType: 'ASSET',
      entityId: foreign.id,
      relationType: 'Contains',
    };
    expect(await relationOf(checkRelationNode, cfg, device)).toBe('False');
    const n = await start(checkRelationNode, checkRelationNode.defaultConfiguration);
    await expect(n.send(makeMsg({ originator: device }))).rejects.toThrow('Entity should be specified!');
  });
});

describe('change originator node', () => {
  it("switches to the originator's customer, or fails for an unassigned one", async () => {
    const n = await start(changeOriginatorNode, changeOriginatorNode.defaultConfiguration);
    const msg = makeMsg({ originator: device });
    const [out] = await n.send(msg);
    expect(out!.relation).toBe('Success');
    expect(out!.msg.originator).toEqual({ entityType: 'CUSTOMER', id: w.customerId });
    expect(out!.msg.data).toBe(msg.data);
    expect(out!.msg.metaData).toEqual(msg.metaData);
    const [failed] = await n.send(makeMsg({ originator: loose }));
    expect(failed!.relation).toBe('Failure');
  });

  it('switches to the tenant', async () => {
    const n = await start(changeOriginatorNode, { originatorSource: 'TENANT' });
    expect((await n.send(makeMsg({ originator: device })))[0]!.msg.originator).toEqual({
      entityType: 'TENANT',
      id: w.tenantId,
    });
  });

  it('switches to the first related entity', async () => {
    const n = await start(changeOriginatorNode, {
      originatorSource: 'RELATED',
      relationsQuery: { direction: 'TO', maxLevel: 1, filters: [{ relationType: 'Contains', entityTypes: [] }] },
    });
    expect((await n.send(makeMsg({ originator: device })))[0]!.msg.originator).toEqual(building);
    expect((await n.send(makeMsg({ originator: loose })))[0]!.relation).toBe('Failure');
  });

  it("switches an alarm's message to the alarm originator, and fails for other originators", async () => {
    const alarmId = randomUUID();
    await t.db.query(
      `INSERT INTO alarm (id, created_time, tenant_id, type, originator_id, originator_type, severity, status)
       VALUES ($1, 0, $2, 'High Temperature', $3, 'DEVICE', 'CRITICAL', 'ACTIVE_UNACK')`,
      [alarmId, w.tenantId, device.id],
    );
    const n = await start(changeOriginatorNode, { originatorSource: 'ALARM_ORIGINATOR' });
    const [out] = await n.send(makeMsg({ originator: { entityType: 'ALARM', id: alarmId } }));
    expect(out!.relation).toBe('Success');
    expect(out!.msg.originator).toEqual(device);
    expect((await n.send(makeMsg({ originator: device })))[0]!.relation).toBe('Failure');
    // Another tenant's alarm is not found.
    const foreign = await startNode(
      changeOriginatorNode,
      { originatorSource: 'ALARM_ORIGINATOR' },
      w.services,
      w.otherTenantId,
    );
    expect((await foreign.send(makeMsg({ originator: { entityType: 'ALARM', id: alarmId } })))[0]!.relation).toBe(
      'Failure',
    );
  });

  it('refuses an unknown source', async () => {
    await expect(start(changeOriginatorNode, { originatorSource: 'NOPE' })).rejects.toThrow(
      'Unsupported originator source: NOPE',
    );
  });
});
