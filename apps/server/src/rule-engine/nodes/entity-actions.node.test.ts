import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDevice } from '../../modules/devices/devices-fixtures.ts';
import { setupWorld, type World } from '../../modules/users/users-fixtures.ts';
import { copyToViewNode } from './copy-to-view.node.ts';
import { assignToCustomerNode, unassignFromCustomerNode } from './customer-assignment.node.ts';
import { msg, relations, startNode, testServices } from './node-test-kit.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
});
afterAll(() => t.close());

async function view(deviceId: string, extra: Record<string, unknown>) {
  const res = await t.request('POST', '/api/entityView', {
    token: w.tokens.tenant,
    body: { name: `v-${randomUUID()}`, type: 'panel', entityId: { entityType: 'DEVICE', id: deviceId }, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id.id as string;
}
const attrs = async (id: string, scope: 'SERVER_SCOPE' | 'CLIENT_SCOPE') =>
  Object.fromEntries((await t.app.services.attributeStore.find(id, scope)).map((a) => [a.key, a.value]));
const customerOf = async (table: string, id: string) =>
  (await t.db.query<{ customer_id: string | null }>(`SELECT customer_id FROM ${table} WHERE id = $1`, [id]))[0]
    ?.customer_id ?? null;

describe('copy to view node', () => {
  it('copies listed attributes to views whose window is open, and deletes them', async () => {
    const deviceId = (await createDevice(t, w.tokens.tenant, { name: `cv-${randomUUID()}` })).id.id;
    const keys = { timeseries: [], attributes: { cs: ['fw'], ss: ['location', 'mode'], sh: [] } };
    const open = await view(deviceId, { keys });
    const closed = await view(deviceId, { keys, startTimeMs: 1, endTimeMs: 1000 });
    const n = await startNode(copyToViewNode, testServices(t), w.tenantId);
    const originator = { entityType: 'DEVICE', id: deviceId };

    const upd = msg({
      type: 'ATTRIBUTES_UPDATED',
      originator,
      metaData: { scope: 'SERVER_SCOPE' },
      data: { location: 'Hall', mode: 2, secret: 'x' },
    });
    expect(relations(await n.send(upd))).toEqual(['Success']);
    expect(await attrs(open, 'SERVER_SCOPE')).toEqual({ location: 'Hall', mode: 2 });
    expect(await attrs(closed, 'SERVER_SCOPE')).toEqual({});

    await n.send(msg({ type: 'POST_ATTRIBUTES_REQUEST', originator, data: { fw: '1.2', other: 1 } }));
    expect(await attrs(open, 'CLIENT_SCOPE')).toEqual({ fw: '1.2' });

    await n.send(
      msg({
        type: 'ATTRIBUTES_DELETED',
        originator,
        metaData: { scope: 'SERVER_SCOPE' },
        data: { attributes: ['mode'] },
      }),
    );
    expect(await attrs(open, 'SERVER_SCOPE')).toEqual({ location: 'Hall' });

    await expect(n.send(msg({ type: 'POST_TELEMETRY_REQUEST', originator }))).rejects.toThrow(
      'Unsupported msg type [POST_TELEMETRY_REQUEST]',
    );
  });
});

describe('assign / unassign customer nodes', () => {
  it('assigns the originator to the customer named by the pattern, creating it when asked', async () => {
    const deviceId = (await createDevice(t, w.tokens.tenant, { name: `as-${randomUUID()}` })).id.id;
    const originator = { entityType: 'DEVICE', id: deviceId };
    const strict = await startNode(assignToCustomerNode, testServices(t), w.tenantId, {
      ...assignToCustomerNode.defaultConfiguration,
      customerNamePattern: '${customer}',
    });
    await expect(strict.send(msg({ originator, metaData: { customer: 'Nobody Ltd' } }))).rejects.toThrow(
      "Customer with title 'Nobody Ltd' doesn't exist!",
    );
    const creating = await startNode(assignToCustomerNode, testServices(t), w.tenantId, {
      ...assignToCustomerNode.defaultConfiguration,
      customerNamePattern: '${customer}',
      createCustomerIfNotExists: true,
    });
    expect(relations(await creating.send(msg({ originator, metaData: { customer: 'Nobody Ltd' } })))).toEqual([
      'Success',
    ]);
    const created = await t.db.query<{ id: string }>(
      `SELECT id FROM customer WHERE tenant_id = $1 AND title = 'Nobody Ltd'`,
      [w.tenantId],
    );
    expect(created).toHaveLength(1);
    expect(await customerOf('device', deviceId)).toBe(created[0]!.id);

    const unassign = await startNode(unassignFromCustomerNode, testServices(t), w.tenantId, {
      ...unassignFromCustomerNode.defaultConfiguration,
      customerNamePattern: 'Nobody Ltd',
    });
    expect(relations(await unassign.send(msg({ originator })))).toEqual(['Success']);
    expect(await customerOf('device', deviceId)).toBeNull();
  });

  it('refuses unsupported originators and unknown entities', async () => {
    const n = await startNode(assignToCustomerNode, testServices(t), w.tenantId, {
      ...assignToCustomerNode.defaultConfiguration,
      customerNamePattern: 'X',
      createCustomerIfNotExists: true,
    });
    await expect(n.send(msg({ originator: { entityType: 'USER', id: randomUUID() } }))).rejects.toThrow(
      "Unsupported originator type 'USER'!",
    );
    await expect(n.send(msg({ originator: { entityType: 'ASSET', id: randomUUID() } }))).rejects.toThrow(
      /was not found/,
    );
    await expect(startNode(assignToCustomerNode, testServices(t), w.tenantId)).rejects.toThrow(
      'Customer name pattern is required',
    );
  });
});
