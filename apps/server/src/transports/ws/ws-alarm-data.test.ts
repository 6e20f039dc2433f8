import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertDevice } from '../../modules/entities/entity-fixtures.ts';
import { WsTestClient, wsUrl, type Msg } from './ws-test-client.ts';

let t: TestApp;
let url: string;
let token: string;
let tenantId: string;
let dev: string;
let otherDev: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.demoTokens()).tenant;
  tenantId = (await t.request('GET', '/api/auth/user', { token })).json().tenantId.id;
  dev = await insertDevice(t, tenantId, 'WS Alarm Device');
  otherDev = await insertDevice(t, tenantId, 'WS Quiet Device');
  url = `${await wsUrl(t)}?token=${token}`;
});
afterAll(() => t.close());

const query = (entityId: string) => ({
  entityFilter: { type: 'singleEntity', singleEntity: { entityType: 'DEVICE', id: entityId } },
  pageLink: {
    page: 0,
    pageSize: 10,
    statusList: ['ACTIVE'],
    sortOrder: { key: { type: 'ALARM_FIELD', key: 'createdTime' }, direction: 'DESC' },
  },
});
const raise = (originator: string, type: string) =>
  t.app.services.alarmOps.createOrUpdate({
    tenantId,
    originator: { entityType: 'DEVICE', id: originator },
    type,
    severity: 'MAJOR',
  });

describe('WebSocket alarmDataCmds', () => {
  it('sends the page of alarms, then the page again after an alarm changes; unsubscribe stops it', async () => {
    const first = await raise(dev, 'WS One');
    const ws = await WsTestClient.connect(url);
    ws.send({ alarmDataCmds: [{ cmdId: 7, query: query(dev) }] });
    const initial: Msg = await ws.sub(7);
    expect(initial).toMatchObject({
      cmdId: 7,
      cmdUpdateType: 'ALARM_DATA',
      update: null,
      allowedEntities: 10000,
      totalEntities: 1,
      errorCode: 0,
      errorMsg: null,
      data: { totalElements: 1, hasNext: false },
    });
    expect(initial.data.data[0]).toMatchObject({
      id: first.alarm.id,
      status: 'ACTIVE_UNACK',
      entityId: { entityType: 'DEVICE', id: dev },
      originatorName: 'WS Alarm Device',
    });

    // Acknowledging through the REST API reaches the subscriber.
    const acked = await t.request('POST', `/api/alarm/${first.alarm.id.id}/ack`, { token });
    expect(acked.statusCode).toBe(200);
    const afterAck: Msg = await ws.sub(7);
    expect(afterAck.cmdUpdateType).toBe('ALARM_DATA');
    expect(afterAck.data.data[0]).toMatchObject({ id: first.alarm.id, status: 'ACTIVE_ACK' });
    expect(afterAck.data.data[0].ackTs).toBeGreaterThan(0);

    // A new alarm enters the page; clearing one leaves the ACTIVE list.
    const second = await raise(dev, 'WS Two');
    const withNew: Msg = await ws.sub(7);
    expect(withNew.data.data.map((a: Msg) => a.id.id)).toEqual([second.alarm.id.id, first.alarm.id.id]);
    await t.app.services.alarmOps.clearActive(tenantId, { entityType: 'DEVICE', id: dev }, 'WS One');
    const afterClear: Msg = await ws.sub(7);
    expect(afterClear.data.data.map((a: Msg) => a.id.id)).toEqual([second.alarm.id.id]);

    // Other entities' alarms are not sent.
    await raise(otherDev, 'WS Elsewhere');
    await ws.nothingFor(7, 400);

    ws.send({ alarmDataUnsubscribeCmds: [{ cmdId: 7 }] });
    await new Promise((r) => setTimeout(r, 100));
    await raise(dev, 'WS Three');
    await ws.nothingFor(7, 400);
    ws.close();
  });

  it('answers a bad query with an ALARM_DATA error and an empty query in the v1 shape', async () => {
    const ws = await WsTestClient.connect(url);
    ws.send({
      alarmDataCmds: [
        { cmdId: 3, query: { ...query(dev), pageLink: { page: 0, pageSize: 10, statusList: ['NOPE'] } } },
      ],
    });
    const bad: Msg = await ws.sub(3);
    expect(bad).toMatchObject({ cmdId: 3, cmdUpdateType: 'ALARM_DATA', errorCode: 2, data: null });
    expect(bad.errorMsg).toMatch(/statusList/);
    ws.send({ alarmDataCmds: [{ cmdId: 4 }] });
    expect(await ws.sub(4)).toMatchObject({ subscriptionId: 4, errorCode: 2, errorMsg: 'Query is empty!' });
    ws.close();
  });
});
