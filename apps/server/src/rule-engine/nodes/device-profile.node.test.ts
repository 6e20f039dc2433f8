import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { AlarmRule, DeviceProfileAlarm } from '@sapo/common';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDevice } from '../../modules/devices/devices-fixtures.ts';
import { setupWorld, type World } from '../../modules/users/users-fixtures.ts';
import { invalidateDeviceProfile } from '../device-profile/invalidation.ts';
import { deviceProfileNode } from './device-profile.node.ts';
import { msg, relations, startNode, testServices, type StartedNode } from './node-test-kit.ts';

let t: TestApp;
let w: World;
const started: StartedNode[] = [];

beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
});
afterAll(async () => {
  for (const s of started) await s.node.destroy?.();
  await t.close();
});

const gt = (key: string, v: number, type: 'TIME_SERIES' | 'ATTRIBUTE' = 'TIME_SERIES', dynamic?: object) => ({
  key: { type, key },
  valueType: 'NUMERIC' as const,
  predicate: {
    type: 'NUMERIC' as const,
    operation: 'GREATER' as const,
    value: { defaultValue: v, ...(dynamic ? { dynamicValue: dynamic } : {}) },
  },
});
const lt = (key: string, v: number) => ({
  ...gt(key, v),
  predicate: { type: 'NUMERIC' as const, operation: 'LESS' as const, value: { defaultValue: v } },
});
const rule = (filters: object[], extra: Partial<AlarmRule> = {}, spec: object = { type: 'SIMPLE' }): AlarmRule =>
  ({ condition: { condition: filters, spec }, schedule: { type: 'ANY_TIME' }, ...extra }) as AlarmRule;

async function deviceWith(alarms: Partial<DeviceProfileAlarm>[]): Promise<{ deviceId: string; profileId: string }> {
  const profileId = randomUUID();
  const full = alarms.map((a, i) => ({
    id: `a${i}`,
    alarmType: 'High Temperature',
    createRules: {},
    propagate: false,
    ...a,
  }));
  await t.db.query(
    `INSERT INTO device_profile (id, created_time, tenant_id, name, profile_data) VALUES ($1, $2, $3, $4, $5)`,
    [profileId, Date.now(), w.tenantId, `p-${profileId}`, JSON.stringify({ alarms: full })],
  );
  const dev = await createDevice(t, w.tokens.tenant, {
    name: `d-${profileId}`,
    deviceProfileId: { entityType: 'DEVICE_PROFILE', id: profileId },
  });
  return { deviceId: dev.id.id, profileId };
}

async function node(over: Parameters<typeof testServices>[1] = {}) {
  const services = testServices(t, over);
  const n = await startNode(deviceProfileNode, services, w.tenantId);
  started.push(n);
  return { ...n, alarms: services.alarms };
}

const telemetry = (deviceId: string, data: object, ts?: number) =>
  msg({ originator: { entityType: 'DEVICE', id: deviceId }, data, metaData: ts ? { ts: String(ts) } : {} });

describe('device profile node', () => {
  it('passes messages of a device without alarm rules straight to Success', async () => {
    const { deviceId } = await deviceWith([]);
    const n = await node();
    const m = telemetry(deviceId, { temperature: 99 });
    const outs = await n.send(m);
    expect(relations(outs)).toEqual(['Success']);
    expect(outs[0]?.msg).toBe(m);
    // warm: answered synchronously without touching the database
    expect(n.node.onMsg(telemetry(deviceId, { temperature: 1 }))).toMatchObject({ relation: 'Success' });
  });

  it('creates, updates and clears an alarm with SIMPLE rules and details substitution', async () => {
    const { deviceId } = await deviceWith([
      {
        createRules: { MAJOR: rule([gt('temperature', 25)], { alarmDetails: 'Current temperature = ${temperature}' }) },
        clearRule: rule([lt('temperature', 20)]),
        propagate: true,
        propagateRelationTypes: ['Contains'],
      },
    ]);
    const n = await node();
    let outs = await n.send(telemetry(deviceId, { temperature: 22 }));
    expect(relations(outs)).toEqual(['Success']);
    outs = await n.send(telemetry(deviceId, { temperature: 30 }));
    expect(relations(outs)).toEqual(['Alarm Created', 'Success']);
    const created = outs[0]!.msg;
    expect(created.type).toBe('ALARM');
    expect(created.metaData.isNewAlarm).toBe('true');
    const alarm = JSON.parse(created.data);
    expect(alarm).toMatchObject({
      type: 'High Temperature',
      severity: 'MAJOR',
      status: 'ACTIVE_UNACK',
      details: { data: 'Current temperature = 30' },
      propagate: true,
      propagateRelationTypes: ['Contains'],
    });
    outs = await n.send(telemetry(deviceId, { temperature: 31 }));
    expect(relations(outs)).toEqual(['Alarm Updated', 'Success']);
    expect(outs[0]!.msg.metaData.isExistingAlarm).toBe('true');
    outs = await n.send(telemetry(deviceId, { temperature: 21 }));
    expect(relations(outs)).toEqual(['Success']); // neither rule true: alarm stays
    outs = await n.send(telemetry(deviceId, { temperature: 10 }));
    expect(relations(outs)).toEqual(['Alarm Cleared', 'Success']);
    expect(outs[0]!.msg.metaData.isClearedAlarm).toBe('true');
    expect(JSON.parse(outs[0]!.msg.data).status).toBe('CLEARED_UNACK');
    expect(n.alarms.active()).toHaveLength(0);
  });

  it('escalates severity and ignores a lower one while the alarm is active', async () => {
    const { deviceId } = await deviceWith([
      { createRules: { CRITICAL: rule([gt('temperature', 40)]), MAJOR: rule([gt('temperature', 25)]) } },
    ]);
    const n = await node();
    expect(relations(await n.send(telemetry(deviceId, { temperature: 30 })))).toEqual(['Alarm Created', 'Success']);
    const outs = await n.send(telemetry(deviceId, { temperature: 50 }));
    expect(relations(outs)).toEqual(['Alarm Severity Updated', 'Success']);
    expect(outs[0]!.msg.metaData.isSeverityUpdated).toBe('true');
    expect(JSON.parse(outs[0]!.msg.data).severity).toBe('CRITICAL');
    expect(relations(await n.send(telemetry(deviceId, { temperature: 30 })))).toEqual(['Success']);
    expect(n.alarms.active()[0]?.severity).toBe('CRITICAL');
  });

  it('uses a dynamic threshold from a device attribute and follows attribute updates', async () => {
    const dyn = { sourceType: 'CURRENT_DEVICE', sourceAttribute: 'threshold', inherit: true };
    const { deviceId } = await deviceWith([
      { createRules: { MAJOR: rule([gt('temperature', 25, 'TIME_SERIES', dyn)]) } },
    ]);
    await t.app.services.attributeStore.save(
      { tenantId: w.tenantId, entityType: 'DEVICE', id: deviceId },
      'SERVER_SCOPE',
      [{ key: 'threshold', type: 'LONG', value: 50 }],
    );
    const n = await node();
    expect(relations(await n.send(telemetry(deviceId, { temperature: 40 })))).toEqual(['Success']);
    const upd = msg({
      type: 'ATTRIBUTES_UPDATED',
      originator: { entityType: 'DEVICE', id: deviceId },
      data: { threshold: 35 },
    });
    expect(relations(await n.send(upd))).toEqual(['Alarm Created', 'Success']); // 40 (kept) > 35
  });

  it('falls back through customer to tenant attributes with inherit', async () => {
    const dyn = { sourceType: 'CURRENT_DEVICE', sourceAttribute: 'tenantLimit', inherit: true };
    const { deviceId } = await deviceWith([{ createRules: { MINOR: rule([gt('humidity', 90, 'TIME_SERIES', dyn)]) } }]);
    await t.app.services.attributeStore.save(
      { tenantId: w.tenantId, entityType: 'TENANT', id: w.tenantId },
      'SERVER_SCOPE',
      [{ key: 'tenantLimit', type: 'LONG', value: 60 }],
    );
    const n = await node();
    expect(relations(await n.send(telemetry(deviceId, { humidity: 70 })))).toEqual(['Alarm Created', 'Success']);
  });

  it('reads keys missing from the message from stored attributes on first use', async () => {
    const flag = {
      key: { type: 'ATTRIBUTE', key: 'alarmEnabled' },
      valueType: 'BOOLEAN',
      predicate: { type: 'BOOLEAN', operation: 'EQUAL', value: { defaultValue: true } },
    };
    const { deviceId } = await deviceWith([{ createRules: { MAJOR: rule([flag, gt('temperature', 25)]) } }]);
    await t.app.services.attributeStore.save(
      { tenantId: w.tenantId, entityType: 'DEVICE', id: deviceId },
      'SHARED_SCOPE',
      [{ key: 'alarmEnabled', type: 'BOOLEAN', value: true }],
    );
    const n = await node();
    expect(relations(await n.send(telemetry(deviceId, { temperature: 30 })))).toEqual(['Alarm Created', 'Success']);
  });

  it('does not count events that change no key the rules read (activity after the first message)', async () => {
    const { deviceId } = await deviceWith([
      { createRules: { WARNING: rule([gt('temperature', 25)], {}, { type: 'REPEATING', count: 2 }) } },
    ]);
    const n = await node();
    const originator = { entityType: 'DEVICE', id: deviceId };
    expect(relations(await n.send(telemetry(deviceId, { temperature: 30 })))).toEqual(['Success']);
    const activity = msg({ originator, type: 'ACTIVITY_EVENT', data: { active: true, lastActivityTime: Date.now() } });
    expect(relations(await n.send(activity))).toEqual(['Success']);
    expect(relations(await n.send(telemetry(deviceId, { temperature: 31 })))).toEqual(['Alarm Created', 'Success']);
  });

  it('raises a REPEATING alarm on the n-th matching message', async () => {
    const { deviceId } = await deviceWith([
      { createRules: { WARNING: rule([gt('temperature', 25)], {}, { type: 'REPEATING', count: 3 }) } },
    ]);
    const n = await node();
    expect(relations(await n.send(telemetry(deviceId, { temperature: 30 })))).toEqual(['Success']);
    expect(relations(await n.send(telemetry(deviceId, { temperature: 30 })))).toEqual(['Success']);
    expect(relations(await n.send(telemetry(deviceId, { temperature: 30 })))).toEqual(['Alarm Created', 'Success']);
  });

  it('raises a DURATION alarm by the periodic check when no further message arrives', async () => {
    const { deviceId } = await deviceWith([
      { createRules: { MAJOR: rule([gt('temperature', 25)], {}, { type: 'DURATION', unit: 'SECONDS', value: 2 }) } },
    ]);
    let offset = 0;
    const clock = { now: () => Date.now() + offset };
    const n = await node({ clock });
    const start = clock.now();
    expect(relations(await n.send(telemetry(deviceId, { temperature: 30 }, start)))).toEqual(['Success']);
    offset = 5_000; // the condition has now held for 5 s
    await expect.poll(() => relations(n.emitted), { timeout: 3000, interval: 100 }).toEqual(['Alarm Created']);
    expect(n.emitted[0]!.msg.type).toBe('ALARM');
    expect(n.emitted[0]!.msg.metaData.isNewAlarm).toBe('true');
  });

  it('raises a DURATION alarm on a later message and resets when the condition breaks', async () => {
    const { deviceId } = await deviceWith([
      { createRules: { MAJOR: rule([gt('temperature', 25)], {}, { type: 'DURATION', unit: 'MINUTES', value: 1 }) } },
    ]);
    const n = await node();
    const t0 = 1_700_000_000_000;
    await n.send(telemetry(deviceId, { temperature: 30 }, t0));
    await n.send(telemetry(deviceId, { temperature: 20 }, t0 + 50_000)); // breaks: duration resets
    expect(relations(await n.send(telemetry(deviceId, { temperature: 30 }, t0 + 70_000)))).toEqual(['Success']);
    expect(relations(await n.send(telemetry(deviceId, { temperature: 30 }, t0 + 140_000)))).toEqual([
      'Alarm Created',
      'Success',
    ]);
  });

  it('raises no alarm outside the rule schedule', async () => {
    // active 00:00–01:00 UTC every day
    const schedule = {
      type: 'SPECIFIC_TIME',
      timezone: 'UTC',
      daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
      startsOn: 0,
      endsOn: 3_600_000,
    };
    const { deviceId } = await deviceWith([
      { createRules: { MAJOR: rule([gt('temperature', 25)], { schedule } as Partial<AlarmRule>) } },
    ]);
    const n = await node();
    const noon = Date.UTC(2024, 0, 10, 12, 0, 0);
    expect(relations(await n.send(telemetry(deviceId, { temperature: 30 }, noon)))).toEqual(['Success']);
    const halfPastMidnight = Date.UTC(2024, 0, 11, 0, 30, 0);
    expect(relations(await n.send(telemetry(deviceId, { temperature: 30 }, halfPastMidnight)))).toEqual([
      'Alarm Created',
      'Success',
    ]);
  });

  it('creates a new alarm when the active one was cleared elsewhere', async () => {
    const { deviceId } = await deviceWith([{ createRules: { MAJOR: rule([gt('temperature', 25)]) } }]);
    const n = await node();
    await n.send(telemetry(deviceId, { temperature: 30 }));
    await n.alarms.clearActive(w.tenantId, { entityType: 'DEVICE', id: deviceId }, 'High Temperature');
    expect(relations(await n.send(telemetry(deviceId, { temperature: 31 })))).toEqual(['Alarm Created', 'Success']);
    expect(n.alarms.alarms).toHaveLength(2);
  });

  it('picks up an existing active alarm and changed rules after invalidation', async () => {
    const { deviceId, profileId } = await deviceWith([]);
    const n = await node();
    expect(relations(await n.send(telemetry(deviceId, { temperature: 30 })))).toEqual(['Success']);
    const alarms = [{ id: 'x', alarmType: 'Hot', createRules: { MAJOR: rule([gt('temperature', 25)]) } }];
    await t.db.query(`UPDATE device_profile SET profile_data = $2 WHERE id = $1`, [
      profileId,
      JSON.stringify({ alarms }),
    ]);
    await n.alarms.createOrUpdate({
      tenantId: w.tenantId,
      originator: { entityType: 'DEVICE', id: deviceId },
      type: 'Hot',
      severity: 'MAJOR',
    });
    invalidateDeviceProfile(w.tenantId, profileId);
    expect(relations(await n.send(telemetry(deviceId, { temperature: 30 })))).toEqual(['Alarm Updated', 'Success']);
  });

  it('forgets an alarm cleared elsewhere on ALARM_CLEAR, so a lower severity raises a new one', async () => {
    const { deviceId } = await deviceWith([
      { createRules: { CRITICAL: rule([gt('temperature', 40)]), MAJOR: rule([gt('temperature', 25)]) } },
    ]);
    const n = await node();
    const originator = { entityType: 'DEVICE', id: deviceId };
    await n.send(telemetry(deviceId, { temperature: 50 }));
    const alarm = await n.alarms.clearActive(w.tenantId, originator, 'High Temperature');
    expect(relations(await n.send(msg({ type: 'ALARM_CLEAR', originator, data: alarm })))).toEqual(['Success']);
    const outs = await n.send(telemetry(deviceId, { temperature: 30 }));
    expect(relations(outs)).toEqual(['Alarm Created', 'Success']);
    expect(JSON.parse(outs[0]!.msg.data).severity).toBe('MAJOR');
  });

  it('follows a changed tenant attribute used as a dynamic threshold', async () => {
    const dyn = { sourceType: 'CURRENT_TENANT', sourceAttribute: 'pressureLimit' };
    const { deviceId } = await deviceWith([
      { createRules: { MINOR: rule([gt('pressure', 1000, 'TIME_SERIES', dyn)]) } },
    ]);
    const tenant = { tenantId: w.tenantId, entityType: 'TENANT', id: w.tenantId };
    await t.app.services.attributeStore.save(tenant, 'SERVER_SCOPE', [
      { key: 'pressureLimit', type: 'LONG', value: 100 },
    ]);
    const n = await node();
    expect(relations(await n.send(telemetry(deviceId, { pressure: 50 })))).toEqual(['Success']);
    await t.app.services.attributeStore.save(tenant, 'SERVER_SCOPE', [
      { key: 'pressureLimit', type: 'LONG', value: 40 },
    ]);
    expect(relations(await n.send(telemetry(deviceId, { pressure: 50 })))).toEqual(['Alarm Created', 'Success']);
  });

  it('sends non-device messages to Success', async () => {
    const n = await node();
    const outs = await n.send(msg({ originator: { entityType: 'ASSET', id: randomUUID() }, data: { temperature: 1 } }));
    expect(relations(outs)).toEqual(['Success']);
  });
});
