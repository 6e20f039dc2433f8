// Originator attributes, fields and telemetry nodes against a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { EntityRef } from '../rule-engine-types.ts';
import { getAttributesNode } from './get-attributes.node.ts';
import { getOriginatorFieldsNode } from './get-originator-fields.node.ts';
import { getTelemetryNode } from './get-telemetry.node.ts';
import { addDevice, demoWorld, saveAttrs, saveTs, type DemoWorld } from './data-db-fixtures.ts';
import { makeMsg, startNode } from './data-node-test-kit.ts';

let t: TestApp;
let w: DemoWorld;
let device: EntityRef;

beforeAll(async () => {
  t = await createTestApp();
  w = await demoWorld(t);
  device = await addDevice(t, w.tenantId, 'Enrich me');
  await saveAttrs(t, w.tenantId, device, 'CLIENT_SCOPE', { fw: '1.2', load: 0.5 });
  await saveAttrs(t, w.tenantId, device, 'SHARED_SCOPE', { limit: 30, cfg: { a: 1 } });
  await saveAttrs(t, w.tenantId, device, 'SERVER_SCOPE', { zone: 'north', active: true });
});
afterAll(() => t.close());

const start = (def: Parameters<typeof startNode>[0], config: Record<string, unknown>) =>
  startNode(def, config, w.services, w.tenantId);

describe('originator attributes node', () => {
  it('adds attributes with their scope prefix and latest telemetry by plain name', async () => {
    const now = t.clock.now();
    await saveTs(t, w.tenantId, device, now - 5000, { temperature: 21.5 });
    const n = await start(getAttributesNode, {
      ...getAttributesNode.defaultConfiguration,
      clientAttributeNames: ['fw', 'load'],
      sharedAttributeNames: ['limit', 'cfg'],
      serverAttributeNames: ['${zoneKey}', 'active'],
      latestTsKeyNames: ['temperature'],
    });
    const [out] = await n.send(makeMsg({ originator: device, metaData: { zoneKey: 'zone' } }));
    expect(out!.relation).toBe('Success');
    expect(out!.msg.metaData).toEqual({
      zoneKey: 'zone',
      cs_fw: '1.2',
      cs_load: '0.5',
      shared_limit: '30',
      shared_cfg: '{"a":1}',
      ss_zone: 'north',
      ss_active: 'true',
      temperature: '21.5',
    });
  });

  it('adds latest telemetry with its timestamp when asked', async () => {
    const ts = t.clock.now() - 1000;
    await saveTs(t, w.tenantId, device, ts, { humidity: 40 });
    const n = await start(getAttributesNode, { latestTsKeyNames: ['humidity'], getLatestValueWithTs: true });
    const [out] = await n.send(makeMsg({ originator: device, metaData: {} }));
    expect(JSON.parse(out!.msg.metaData.humidity!)).toEqual({ ts, value: 40 });
  });

  it('fails on missing keys unless told not to', async () => {
    const config = { clientAttributeNames: ['fw', 'nope'], latestTsKeyNames: ['ghost'] };
    const strict = await start(getAttributesNode, { ...config, tellFailureIfAbsent: true });
    await expect(strict.send(makeMsg({ originator: device }))).rejects.toThrow(
      'The following attribute/telemetry keys is not present in the DB: \n\t[CLIENT_SCOPE]:[nope]\n\t[LATEST_TS]:[ghost]',
    );
    const lenient = await start(getAttributesNode, { ...config, tellFailureIfAbsent: false });
    const [out] = await lenient.send(makeMsg({ originator: device, metaData: {} }));
    expect(out!.msg.metaData).toEqual({ cs_fw: '1.2' });
  });
});

describe('originator fields node', () => {
  it('copies the mapped entity fields into metadata', async () => {
    const n = await start(getOriginatorFieldsNode, {
      fieldsMapping: {
        name: 'originatorName',
        type: 'originatorType',
        label: 'lbl',
        createdTime: 'created',
        nope: 'x',
      },
    });
    const [out] = await n.send(makeMsg({ originator: device, metaData: {} }));
    expect(out!.relation).toBe('Success');
    expect(out!.msg.metaData).toEqual({
      originatorName: 'Enrich me',
      originatorType: 'thermostat',
      lbl: 'Label of Enrich me',
      created: '1234',
    });
  });

  it("reads nothing from another tenant's entity", async () => {
    const foreign = await addDevice(t, w.otherTenantId, 'Foreign');
    const n = await start(getOriginatorFieldsNode, getOriginatorFieldsNode.defaultConfiguration);
    const [out] = await n.send(makeMsg({ originator: foreign, metaData: {} }));
    expect(out!.msg.metaData).toEqual({});
  });
});

describe('originator telemetry node', () => {
  let sensor: EntityRef;
  let now: number;
  beforeAll(async () => {
    sensor = await addDevice(t, w.tenantId, 'Sensor');
    now = t.clock.now();
    await saveTs(t, w.tenantId, sensor, now - 150_000, { t: 1 }); // before the window
    await saveTs(t, w.tenantId, sensor, now - 100_000, { t: 2 });
    await saveTs(t, w.tenantId, sensor, now - 90_000, { t: 3 });
    await saveTs(t, w.tenantId, sensor, now - 80_000, { t: 4 });
    await saveTs(t, w.tenantId, sensor, now - 30_000, { t: 5 }); // after the window
  });
  const base = { ...getTelemetryNode.defaultConfiguration, latestTsKeyNames: ['t'] };

  it('takes the first, last or all points between 2 and 1 minutes ago', async () => {
    const first = await start(getTelemetryNode, { ...base, fetchMode: 'FIRST' });
    expect((await first.send(makeMsg({ originator: sensor })))[0]!.msg.metaData.t).toBe('2');
    const last = await start(getTelemetryNode, { ...base, fetchMode: 'LAST' });
    expect((await last.send(makeMsg({ originator: sensor })))[0]!.msg.metaData.t).toBe('4');
    const all = await start(getTelemetryNode, { ...base, fetchMode: 'ALL', orderBy: 'DESC' });
    const [out] = await all.send(makeMsg({ originator: sensor }));
    expect(JSON.parse(out!.msg.metaData.t!)).toEqual([
      { ts: now - 80_000, value: 4 },
      { ts: now - 90_000, value: 3 },
      { ts: now - 100_000, value: 2 },
    ]);
  });

  it('takes the interval from metadata with the pattern option', async () => {
    const n = await start(getTelemetryNode, {
      ...base,
      fetchMode: 'ALL',
      useMetadataIntervalPatterns: true,
      startIntervalPattern: '${from}',
      endIntervalPattern: '${to}',
    });
    const [out] = await n.send(
      makeMsg({ originator: sensor, metaData: { from: String(now - 40_000), to: String(now) } }),
    );
    expect(JSON.parse(out!.msg.metaData.t!)).toEqual([{ ts: now - 30_000, value: 5 }]);
    await expect(n.send(makeMsg({ originator: sensor, metaData: {} }))).rejects.toThrow(
      "Can't parse start interval from pattern: ${from}",
    );
  });

  it('fails without keys', async () => {
    const n = await start(getTelemetryNode, getTelemetryNode.defaultConfiguration);
    await expect(n.send(makeMsg({ originator: sensor }))).rejects.toThrow('Telemetry is not selected!');
  });
});
