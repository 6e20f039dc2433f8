import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { clearAlarmNode, createAlarmNode } from './alarm-nodes.node.ts';
import { msg, relations, startNode, testServices } from './node-test-kit.ts';

let t: TestApp;
const tenantId = randomUUID();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const device = () => ({ entityType: 'DEVICE', id: randomUUID() });

describe('create alarm node', () => {
  it('creates then updates an alarm, with details built from the previous ones', async () => {
    const services = testServices(t);
    const script =
      'var d = metadata.prevAlarmDetails ? JSON.parse(metadata.prevAlarmDetails) : {count: 0};' +
      'd.count = d.count + 1; d.temp = msg.temperature; return d;';
    const n = await startNode(createAlarmNode, services, tenantId, {
      ...createAlarmNode.defaultConfiguration,
      alarmType: 'High ${sensor}',
      severity: 'MAJOR',
      propagate: true,
      relationTypes: ['Contains'],
      alarmDetailsBuildJs: script,
    });
    const originator = device();
    let outs = await n.send(msg({ originator, metaData: { sensor: 'Temp' }, data: { temperature: 30 } }));
    expect(relations(outs)).toEqual(['Created']);
    const m = outs[0]!.msg;
    expect(m.type).toBe('ALARM');
    expect(m.metaData).toMatchObject({ sensor: 'Temp', isNewAlarm: 'true' });
    expect(JSON.parse(m.data)).toMatchObject({
      type: 'High Temp',
      severity: 'MAJOR',
      details: { count: 1, temp: 30 },
      propagate: true,
      propagateRelationTypes: ['Contains'],
    });
    outs = await n.send(msg({ originator, metaData: { sensor: 'Temp' }, data: { temperature: 35 } }));
    expect(relations(outs)).toEqual(['Updated']);
    expect(outs[0]!.msg.metaData.isExistingAlarm).toBe('true');
    expect(outs[0]!.msg.metaData.prevAlarmDetails).toBeUndefined();
    expect(JSON.parse(outs[0]!.msg.data).details).toEqual({ count: 2, temp: 35 });
    expect(services.alarms.alarms).toHaveLength(1);
  });

  it('keeps the previous details with the default script in the sandbox', async () => {
    const services = testServices(t, { scripts: t.app.services.scripts });
    const originator = device();
    await services.alarms.createOrUpdate({
      tenantId,
      originator,
      type: 'General Alarm',
      severity: 'MINOR',
      details: { note: 'kept' },
    });
    const n = await startNode(createAlarmNode, services, tenantId);
    const outs = await n.send(msg({ originator, data: { temperature: 1 } }));
    expect(relations(outs)).toEqual(['Updated']);
    expect(JSON.parse(outs[0]!.msg.data)).toMatchObject({ severity: 'CRITICAL', details: { note: 'kept' } });
  });

  it('takes the alarm from the message data when useMessageAlarmData is set', async () => {
    const services = testServices(t);
    const n = await startNode(createAlarmNode, services, tenantId, {
      ...createAlarmNode.defaultConfiguration,
      useMessageAlarmData: true,
    });
    const outs = await n.send(
      msg({ originator: device(), data: { type: 'Door open', severity: 'WARNING', details: { door: 2 } } }),
    );
    expect(relations(outs)).toEqual(['Created']);
    expect(JSON.parse(outs[0]!.msg.data)).toMatchObject({
      type: 'Door open',
      severity: 'WARNING',
      details: { door: 2 },
    });
  });

  it('sends a failing details script to Failure (throws) and rejects a bad severity at start', async () => {
    const services = testServices(t);
    const n = await startNode(createAlarmNode, services, tenantId, {
      ...createAlarmNode.defaultConfiguration,
      alarmDetailsBuildJs: 'return 5;',
    });
    await expect(n.send(msg({ originator: device() }))).rejects.toThrow('Alarm details script must return an object');
    await expect(
      startNode(createAlarmNode, services, tenantId, { ...createAlarmNode.defaultConfiguration, severity: 'HUGE' }),
    ).rejects.toThrow(/Invalid alarm severity/);
  });
});

describe('clear alarm node', () => {
  it('clears the active alarm, or answers False when there is none', async () => {
    const services = testServices(t);
    const originator = device();
    const clear = await startNode(clearAlarmNode, services, tenantId, {
      ...clearAlarmNode.defaultConfiguration,
      alarmType: 'General Alarm',
    });
    const none = msg({ originator });
    const outs0 = await clear.send(none);
    expect(relations(outs0)).toEqual(['False']);
    expect(outs0[0]!.msg).toBe(none);

    await services.alarms.createOrUpdate({
      tenantId,
      originator,
      type: 'General Alarm',
      severity: 'CRITICAL',
      details: { a: 1 },
    });
    const outs = await clear.send(msg({ originator }));
    expect(relations(outs)).toEqual(['Cleared']);
    expect(outs[0]!.msg.metaData.isClearedAlarm).toBe('true');
    expect(JSON.parse(outs[0]!.msg.data)).toMatchObject({ status: 'CLEARED_UNACK', details: { a: 1 } });
    expect(relations(await clear.send(msg({ originator })))).toEqual(['False']);
  });
});
