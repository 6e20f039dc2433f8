import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDevice } from '../devices/devices-fixtures.ts';
import { DeviceStateRepository } from './device-state.repository.ts';
import { DeviceStateService } from './device-state.service.ts';

let t: TestApp;
let tenant: string;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenant } = await t.demoTokens());
});
afterAll(() => t.close());

async function newDevice() {
  const d = await createDevice(t, tenant, { name: `State device ${++n}` });
  return { id: d.id.id, tenantId: d.tenantId.id };
}

async function serverAttrs(id: string) {
  const rows = await t.app.services.attributeStore.find(id, 'SERVER_SCOPE');
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** Counts attribute writes, to show that activity is cheap per message. */
function countWrites() {
  const store = t.app.services.attributeStore;
  const save = store.save.bind(store);
  const writes: string[][] = [];
  const saveMany = store.saveMany.bind(store);
  store.save = (target, scope, entries, ...rest) => {
    writes.push(entries.map((e) => e.key));
    return save(target, scope, entries, ...rest);
  };
  // Activity times of the devices due in a tick go in one statement: one write per device listed.
  store.saveMany = (scope, items, ...rest) => {
    for (const item of items) writes.push([item.entry.key]);
    return saveMany(scope, items, ...rest);
  };
  return {
    writes,
    restore: () => {
      store.save = save;
      store.saveMany = saveMany;
    },
  };
}

describe('device activity', () => {
  it('marks a device active at once and writes lastActivityTime at most every 10 s, not per message', async () => {
    const state = t.app.services.deviceState;
    const dev = await newDevice();
    const counter = countWrites();
    try {
      state.onActivity(dev);
      await state.flush();
      expect(await serverAttrs(dev.id)).toMatchObject({ active: true, lastActivityTime: expect.any(Number) });
      counter.writes.length = 0;
      for (let i = 0; i < 500; i++) {
        t.clock.advance(1);
        state.onActivity(dev);
      }
      expect(counter.writes).toEqual([]);
      // Not yet due (the activation wrote it 0.5 s ago) …
      await state.tick();
      expect(counter.writes).toEqual([]);
      // … then once, with the newest time.
      t.clock.advance(10_000);
      state.onActivity(dev);
      const last = state.snapshot(dev.id)!.lastActivityTime;
      await state.tick();
      expect(counter.writes).toEqual([['lastActivityTime']]);
      expect((await serverAttrs(dev.id)).lastActivityTime).toBe(last);
    } finally {
      counter.restore();
    }
  });

  it('marks a silent device inactive after 600 s, or after its own inactivityTimeout', async () => {
    const state = t.app.services.deviceState;
    const a = await newDevice();
    const b = await newDevice();
    await t.app.services.attributeStore.save({ ...b, entityType: 'DEVICE' }, 'SERVER_SCOPE', [
      { key: 'inactivityTimeout', type: 'LONG', value: 5_000 },
    ]);
    state.onConnect(a);
    state.onConnect(b);
    await state.flush();
    t.clock.advance(6_000);
    await state.flush();
    expect((await serverAttrs(a.id)).active).toBe(true);
    const bAttrs = await serverAttrs(b.id);
    expect(bAttrs).toMatchObject({
      active: false,
      inactivityAlarmTime: expect.any(Number),
      lastConnectTime: expect.any(Number),
    });

    t.clock.advance(600_000);
    await state.flush();
    expect((await serverAttrs(a.id)).active).toBe(false);

    // Activity brings it back; a changed timeout applies at once.
    state.onActivity(a);
    await state.flush();
    expect((await serverAttrs(a.id)).active).toBe(true);
    await t.app.services.attributeStore.save({ ...a, entityType: 'DEVICE' }, 'SERVER_SCOPE', [
      { key: 'inactivityTimeout', type: 'LONG', value: 1_000 },
    ]);
    t.clock.advance(1_500);
    await state.flush();
    expect((await serverAttrs(a.id)).active).toBe(false);
  });

  it('after a restart, devices still marked active go inactive when they stay silent', async () => {
    const dev = await newDevice();
    t.app.services.deviceState.onActivity(dev);
    await t.app.services.deviceState.flush();
    expect((await serverAttrs(dev.id)).active).toBe(true);
    // A new service instance plays the restarted server.
    const restarted = new DeviceStateService(
      t.app.services.attributeStore,
      new DeviceStateRepository(t.db),
      t.app.services.bus,
      t.clock,
      { tickMs: 60_000 },
    );
    await restarted.start();
    t.clock.advance(601_000);
    await restarted.tick();
    await restarted.close();
    expect((await serverAttrs(dev.id)).active).toBe(false);
  });
});
