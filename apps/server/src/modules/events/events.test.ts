import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { RuleEvent } from '../../rule-engine/rule-engine-types.ts';
import { createDevice, ok } from '../devices/devices-fixtures.ts';
import { expectError, expectForbidden, expectNotFound, setupWorld, type World } from '../users/users-fixtures.ts';
import { EventWriter } from './event-writer.ts';

interface EventDto {
  id: { id: string };
  createdTime: number;
  tenantId: { entityType: string; id: string };
  entityId: { entityType: string; id: string };
  type: string;
  uid: string;
  body: Record<string, unknown>;
}
interface Page<T> {
  data: T[];
  totalElements: number;
  totalPages: number;
  hasNext: boolean;
}

let t: TestApp;
let w: World;
let tok: string;
let nodeId: string;
let chainId: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  tok = w.tokens.tenant;
  const rows = await t.db.query<{ id: string; rule_chain_id: string }>(
    `SELECT n.id, n.rule_chain_id FROM rule_node n JOIN rule_chain c ON c.id = n.rule_chain_id
     WHERE c.tenant_id = $1 AND c.root AND n.name = 'Log Other'`,
    [w.tenantId],
  );
  nodeId = rows[0]!.id;
  chainId = rows[0]!.rule_chain_id;
});
afterAll(() => t.close());

// Recent: the writers prune events older than their age limit (7 days by default).
const T0 = Math.floor(Date.now() / 1000) * 1000 - 3600_000;
const debug = (i: number, type: 'IN' | 'OUT', extra: Record<string, unknown> = {}): RuleEvent => ({
  tenantId: w.tenantId,
  entityType: 'RULE_NODE',
  entityId: nodeId,
  eventType: 'DEBUG_RULE_NODE',
  ts: T0 + i * 1000,
  body: {
    type,
    server: 'sapo',
    entityId: w.tenantId,
    entityName: 'DEVICE',
    msgId: `m${i}`,
    msgType: 'POST_TELEMETRY_REQUEST',
    dataType: 'JSON',
    relationType: type === 'OUT' ? 'Success' : null,
    data: JSON.stringify({ temperature: 20 + i }),
    metadata: JSON.stringify({ deviceName: 'T1', deviceType: 'default' }),
    error: null,
    ...extra,
  },
});
const url = (suffix: string, type = 'DEBUG_RULE_NODE') =>
  `/api/events/RULE_NODE/${nodeId}/${type}?tenantId=${w.tenantId}&${suffix}`;

describe('events of a rule node', () => {
  it('has no recorded input before debug events exist: debugIn is empty', async () => {
    const res = await t.request('GET', `/api/ruleNode/${nodeId}/debugIn`, { token: tok });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('pages debug events newest first, filters by time and type', async () => {
    const events = t.app.services.events;
    for (let i = 0; i < 5; i++) {
      events.record(debug(i, 'IN'));
      events.record(debug(i, 'OUT', { ts: 1 }));
    }
    events.record({ ...debug(9, 'IN'), eventType: 'ERROR', body: { method: 'onMsg', error: 'boom' } });
    await events.flush();

    const page = await ok<Page<EventDto>>(t.request('GET', url('pageSize=4&page=0'), { token: tok }));
    expect(page).toMatchObject({ totalElements: 10, totalPages: 3, hasNext: true });
    expect(page.data[0]).toMatchObject({
      id: { id: expect.any(String) },
      tenantId: { entityType: 'TENANT', id: w.tenantId },
      entityId: { entityType: 'RULE_NODE', id: nodeId },
      type: 'DEBUG_RULE_NODE',
      uid: expect.any(String),
      createdTime: T0 + 4000,
      body: { msgId: 'm4', msgType: 'POST_TELEMETRY_REQUEST' },
    });
    const times = page.data.map((e) => e.createdTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const window = await ok<Page<EventDto>>(
      t.request('GET', url(`pageSize=100&page=0&startTime=${T0 + 1000}&endTime=${T0 + 2000}`), { token: tok }),
    );
    expect(window.totalElements).toBe(4);
    const asc = await ok<Page<EventDto>>(
      t.request('GET', url('pageSize=1&page=0&sortProperty=createdTime&sortOrder=ASC'), { token: tok }),
    );
    expect(asc.data[0]!.createdTime).toBe(T0);

    const errors = await ok<Page<EventDto>>(t.request('GET', url('pageSize=10&page=0', 'ERROR'), { token: tok }));
    expect(errors.data.map((e) => e.body.error)).toEqual(['boom']);
    const all = await ok<Page<EventDto>>(
      t.request('GET', `/api/events/RULE_NODE/${nodeId}?tenantId=${w.tenantId}&pageSize=100&page=0`, { token: tok }),
    );
    expect(all.totalElements).toBe(11);
    expect(all.data[0]!.type).toBe('ERROR');
    expectError(
      await t.request('GET', url('pageSize=10&page=0', 'NOPE'), { token: tok }),
      400,
      31,
      /Unsupported event type/,
    );
    expectError(
      await t.request('GET', url(`pageSize=10&page=0&startTime=${T0 + 5}&endTime=${T0}`), { token: tok }),
      400,
      31,
    );
  });

  it("debugIn gives the node's last incoming message ready for the script test dialog", async () => {
    const res = await ok<Record<string, unknown>>(t.request('GET', `/api/ruleNode/${nodeId}/debugIn`, { token: tok }));
    expect(res).toMatchObject({
      type: 'IN',
      msgId: 'm4',
      msg: { temperature: 24 },
      metadata: { deviceName: 'T1', deviceType: 'default' },
      msgType: 'POST_TELEMETRY_REQUEST',
      data: JSON.stringify({ temperature: 24 }),
    });
  });

  it('only the owning tenant administrator reads rule node events', async () => {
    for (const token of [w.tokens.customer, w.tokens.sysadmin]) {
      expectForbidden(await t.request('GET', url('pageSize=10&page=0'), { token }));
      expectForbidden(await t.request('GET', `/api/ruleNode/${nodeId}/debugIn`, { token }));
    }
    expectForbidden(await t.request('GET', url('pageSize=10&page=0'), { token: w.tokens.other }));
    expectForbidden(await t.request('GET', `/api/ruleNode/${nodeId}/debugIn`, { token: w.tokens.other }));
    expectForbidden(
      await t.request('GET', `/api/events/RULE_CHAIN/${chainId}?pageSize=10&page=0`, { token: w.tokens.other }),
    );
    const chainPage = await ok<Page<EventDto>>(
      t.request('GET', `/api/events/RULE_CHAIN/${chainId}?pageSize=10&page=0`, { token: tok }),
    );
    expect(chainPage.totalElements).toBe(0);
  });

  it('reads events of other entities with the usual access rules', async () => {
    const device = await createDevice(t, tok, { name: 'Evented' });
    t.app.services.events.record({
      ...debug(0, 'IN'),
      entityType: 'DEVICE' as 'RULE_NODE',
      entityId: device.id.id,
      eventType: 'LC_EVENT',
      body: { event: 'STARTED', success: true },
    });
    await t.app.services.events.flush();
    const page = await ok<Page<EventDto>>(
      t.request('GET', `/api/events/DEVICE/${device.id.id}/LC_EVENT?tenantId=${w.tenantId}&pageSize=10&page=0`, {
        token: tok,
      }),
    );
    expect(page.data.map((e) => e.entityId)).toEqual([{ entityType: 'DEVICE', id: device.id.id }]);
    expectNotFound(
      await t.request('GET', `/api/events/DEVICE/${device.id.id}/LC_EVENT?pageSize=10&page=0`, {
        token: w.tokens.other,
      }),
    );
    expectError(
      await t.request('GET', `/api/events/BOGUS/${device.id.id}?pageSize=10&page=0`, { token: tok }),
      400,
      31,
      /Unsupported entity type/,
    );
  });
});

describe('the event writer', () => {
  const count = async (entityId: string) =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM event WHERE entity_id = $1', [entityId]))[0]!.n;

  it('keeps at most N events per entity and type, the newest ones, and drops events past the age limit', async () => {
    const now = Date.now();
    const writer = new EventWriter(t.db, { now: () => now }, { maxPerEntity: 5, ttlMs: 3600_000, flushMs: 10 });
    const entityId = '0b6a3f52-7c1e-4c3e-9a55-2f8f0e6a1d11';
    for (let i = 0; i < 12; i++) {
      writer.record({ ...debug(i, 'IN'), entityId, ts: now - 1000 * (12 - i) });
    }
    writer.record({ ...debug(0, 'IN'), entityId, eventType: 'STATS', ts: now - 2 * 3600_000 });
    await writer.flush();
    const rows = await t.db.query<{ created_time: number; event_type: string }>(
      'SELECT created_time, event_type FROM event WHERE entity_id = $1 ORDER BY created_time',
      [entityId],
    );
    expect(rows.map((r) => r.created_time)).toEqual([7, 8, 9, 10, 11].map((i) => now - 1000 * (12 - i)));
    await writer.close();
  });

  it('flushes on its own within the linger time, caps its queue, and flushes on close', async () => {
    const entityId = '0b6a3f52-7c1e-4c3e-9a55-2f8f0e6a1d12';
    const timed = new EventWriter(t.db, { now: () => Date.now() }, { flushMs: 20 });
    timed.record({ ...debug(0, 'IN'), entityId });
    await expect.poll(() => count(entityId), { timeout: 3000, interval: 20 }).toBe(1);
    await timed.close();

    const capped = new EventWriter(t.db, { now: () => Date.now() }, { flushMs: 60_000, maxQueue: 3 });
    const other = '0b6a3f52-7c1e-4c3e-9a55-2f8f0e6a1d13';
    for (let i = 0; i < 5; i++) capped.record({ ...debug(i, 'IN'), entityId: other });
    expect(capped.pending).toBe(3);
    expect(capped.dropped).toBe(2);
    await capped.close();
    const kept = await t.db.query<{ created_time: number }>(
      'SELECT created_time FROM event WHERE entity_id = $1 ORDER BY created_time',
      [other],
    );
    expect(kept.map((r) => r.created_time)).toEqual([T0 + 2000, T0 + 3000, T0 + 4000]);
    capped.record({ ...debug(9, 'IN'), entityId: other });
    expect(capped.dropped).toBe(3);
  });

  it('stores a body holding a NUL character instead of failing the batch', async () => {
    const entityId = '0b6a3f52-7c1e-4c3e-9a55-2f8f0e6a1d14';
    const writer = new EventWriter(t.db, { now: () => Date.now() });
    writer.record({ ...debug(0, 'IN'), entityId, body: { data: 'a\u0000b' } });
    writer.record({ ...debug(1, 'IN'), entityId });
    await writer.close();
    expect(await count(entityId)).toBe(2);
    expect(writer.dropped).toBe(0);
  });
});
