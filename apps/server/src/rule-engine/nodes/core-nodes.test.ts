import { describe, expect, it, vi } from 'vitest';
import { isStorageFailure } from '../engine-events.ts';
import { attachParsed, newMsg } from '../msg.ts';
import type { NodeOutput, RuleEngineServices, RuleNodeDefinition, TbMsg } from '../rule-engine-types.ts';
import { checkMessageNode } from './check-message.node.ts';
import { CORE_NODES } from './core-nodes.ts';
import { DEFAULT_LOG_SCRIPT, logNode } from './log.node.ts';
import { msgTypeFilterNode } from './msg-type-filter.node.ts';
import { msgTypeSwitchNode } from './msg-type-switch.node.ts';
import { originatorTypeSwitchNode } from './originator-type-switch.node.ts';
import { saveAttributesNode } from './save-attributes.node.ts';
import { saveTimeseriesNode } from './save-timeseries.node.ts';

const TENANT = 't1';
const dev = { entityType: 'DEVICE', id: 'd1' };
const msg = (type: string, data: unknown, meta: Record<string, string> = {}, originator = dev): TbMsg =>
  newMsg(type, originator, meta, typeof data === 'string' ? data : JSON.stringify(data), 1000);

function fakeServices() {
  return {
    telemetry: { saveTimeseries: vi.fn(async (_target: unknown, _records: unknown) => {}) },
    attributeStore: { save: vi.fn(async (_target: unknown, _scope: unknown, _entries: unknown) => []) },
    scripts: { run: vi.fn(async (..._args: unknown[]) => 'logged text') },
    logger: { info: vi.fn() },
  };
}

async function node(
  def: RuleNodeDefinition,
  configuration: Record<string, unknown> = def.defaultConfiguration,
  services = fakeServices(),
) {
  const instance = await def.create({
    tenantId: TENANT,
    nodeId: 'n1',
    ruleChainId: 'c1',
    name: 'Node',
    configuration,
    services: services as unknown as RuleEngineServices,
    emit: () => {},
  });
  return { run: async (m: TbMsg) => (await instance.onMsg(m)) as NodeOutput, services };
}

describe('core nodes: descriptors', () => {
  it('carry ThingsBoard class names, UI names and relation types (reference §9)', () => {
    const byClass = Object.fromEntries(CORE_NODES.map((d) => [d.clazz.replace('org.thingsboard.rule.engine.', ''), d]));
    expect(Object.keys(byClass).sort()).toEqual([
      'action.TbLogNode',
      'filter.TbCheckMessageNode',
      'filter.TbMsgTypeFilterNode',
      'filter.TbMsgTypeSwitchNode',
      'filter.TbOriginatorTypeSwitchNode',
      'telemetry.TbMsgAttributesNode',
      'telemetry.TbMsgTimeseriesNode',
    ]);
    expect(byClass['filter.TbMsgTypeFilterNode']!.name).toBe('message type');
    expect(byClass['filter.TbCheckMessageNode']!.name).toBe('check existence fields');
    expect(byClass['telemetry.TbMsgTimeseriesNode']!.defaultConfiguration).toEqual({ defaultTTL: 0 });
    expect(byClass['telemetry.TbMsgAttributesNode']!.defaultConfiguration).toEqual({
      scope: 'SERVER_SCOPE',
      notifyDevice: false,
    });
    expect(msgTypeSwitchNode.relationTypes).toContain('Other');
    expect(msgTypeSwitchNode.relationTypes).toHaveLength(22);
    for (const d of CORE_NODES) for (const f of d.configurationFields) expect(f.label).toBeTruthy();
  });
});

describe('core nodes: filters', () => {
  it('message type: True for the configured types, False otherwise', async () => {
    const { run } = await node(msgTypeFilterNode);
    expect((await run(msg('POST_TELEMETRY_REQUEST', {}))).relation).toBe('True');
    expect((await run(msg('CONNECT_EVENT', {}))).relation).toBe('False');
    const custom = await node(msgTypeFilterNode, { messageTypes: ['MY_TYPE'] });
    expect((await custom.run(msg('MY_TYPE', {}))).relation).toBe('True');
    await expect(node(msgTypeFilterNode, { messageTypes: 'POST' })).rejects.toThrow(
      "'messageTypes' must be a list of strings",
    );
  });

  it("message type switch: ThingsBoard's relation names, 'Other' for the rest", async () => {
    const { run } = await node(msgTypeSwitchNode);
    const rel = async (t: string) => (await run(msg(t, {}))).relation;
    expect(await rel('POST_TELEMETRY_REQUEST')).toBe('Post telemetry');
    expect(await rel('POST_ATTRIBUTES_REQUEST')).toBe('Post attributes');
    expect(await rel('TO_SERVER_RPC_REQUEST')).toBe('RPC Request from Device');
    expect(await rel('ALARM_ACK')).toBe('Alarm Acknowledged');
    expect(await rel('INACTIVITY_EVENT')).toBe('Inactivity Event');
    expect(await rel('SOMETHING_ELSE')).toBe('Other');
  });

  it('originator type switch: routes by entity type; an unsupported type is a failure', async () => {
    const { run } = await node(originatorTypeSwitchNode);
    expect((await run(msg('X', {}, {}, { entityType: 'ASSET', id: 'a' }))).relation).toBe('Asset');
    expect((await run(msg('X', {}, {}, { entityType: 'ENTITY_VIEW', id: 'a' }))).relation).toBe('Entity View');
    await expect(run(msg('X', {}, {}, { entityType: 'WIDGET_TYPE', id: 'a' }))).rejects.toThrow(
      'Unsupported originator type',
    );
  });

  it('check existence fields: all keys or any key of data and metadata', async () => {
    const all = await node(checkMessageNode, {
      messageNames: ['temperature'],
      metadataNames: ['deviceName'],
      checkAllKeys: true,
    });
    expect((await all.run(msg('X', { temperature: 1 }, { deviceName: 'a' }))).relation).toBe('True');
    expect((await all.run(msg('X', { humidity: 1 }, { deviceName: 'a' }))).relation).toBe('False');
    const any = await node(checkMessageNode, {
      messageNames: ['temperature'],
      metadataNames: ['deviceName'],
      checkAllKeys: false,
    });
    expect((await any.run(msg('X', { humidity: 1 }, { deviceName: 'a' }))).relation).toBe('True');
    expect((await any.run(msg('X', 'not json', {}))).relation).toBe('False');
    await expect(node(checkMessageNode)).rejects.toThrow('Message or Message Metadata key names should be specified!');
  });
});

describe('core nodes: save time series / attributes', () => {
  it('stores the three payload forms; metadata ts sets the time of values without one', async () => {
    const { run, services } = await node(saveTimeseriesNode);
    const save = services.telemetry.saveTimeseries;
    const out = await run(msg('POST_TELEMETRY_REQUEST', { temperature: 21.5, n: '7' }, { ts: '5000' }));
    expect(out.relation).toBe('Success');
    expect(save).toHaveBeenLastCalledWith({ tenantId: TENANT, entityType: 'DEVICE', id: 'd1' }, [
      {
        ts: 5000,
        values: [
          { key: 'temperature', type: 'DOUBLE', value: 21.5 },
          { key: 'n', type: 'LONG', value: 7 },
        ],
      },
    ]);
    await run(msg('POST_TELEMETRY_REQUEST', { ts: 7000, values: { a: true } }));
    expect(save.mock.lastCall![1]).toEqual([{ ts: 7000, values: [{ key: 'a', type: 'BOOLEAN', value: true }] }]);
    await run(msg('POST_TELEMETRY_REQUEST', [{ ts: 1, values: { a: 1 } }, { b: 'x' }]));
    expect(save.mock.lastCall![1]).toEqual([
      { ts: 1, values: [{ key: 'a', type: 'LONG', value: 1 }] },
      { ts: 1000, values: [{ key: 'b', type: 'STRING', value: 'x' }] },
    ]);
  });

  it("uses the transport's typed values while the data is unchanged (21.0 stays a DOUBLE)", async () => {
    const { run, services } = await node(saveTimeseriesNode);
    const m = msg('POST_TELEMETRY_REQUEST', { t: 21 }, { ts: '9' });
    attachParsed(m, { t: 21 }, [{ key: 't', type: 'DOUBLE', value: 21 }]);
    await run(m);
    expect(services.telemetry.saveTimeseries.mock.lastCall![1]).toEqual([
      { ts: 9, values: [{ key: 't', type: 'DOUBLE', value: 21 }] },
    ]);
    await run({ ...m, data: '{"t":22}' });
    expect(services.telemetry.saveTimeseries.mock.lastCall![1]).toEqual([
      { ts: 9, values: [{ key: 't', type: 'LONG', value: 22 }] },
    ]);
  });

  it('refuses other message types; a failed write is a storage failure', async () => {
    const { run, services } = await node(saveTimeseriesNode);
    await expect(run(msg('POST_ATTRIBUTES_REQUEST', { a: 1 }))).rejects.toThrow(
      'Unsupported msg type: POST_ATTRIBUTES_REQUEST',
    );
    services.telemetry.saveTimeseries.mockRejectedValueOnce(new Error('disk full'));
    const err = await run(msg('POST_TELEMETRY_REQUEST', { a: 1 })).catch((e: unknown) => e);
    expect(isStorageFailure(err)).toBe(true);
  });

  it('save attributes: the configured scope; refuses other types and unknown scopes', async () => {
    const { run, services } = await node(saveAttributesNode, { scope: 'CLIENT_SCOPE', notifyDevice: 'false' });
    expect((await run(msg('POST_ATTRIBUTES_REQUEST', { fw: '1.2', on: true }))).relation).toBe('Success');
    expect(services.attributeStore.save).toHaveBeenCalledWith(
      { tenantId: TENANT, entityType: 'DEVICE', id: 'd1' },
      'CLIENT_SCOPE',
      [
        { key: 'fw', type: 'DOUBLE', value: 1.2 },
        { key: 'on', type: 'BOOLEAN', value: true },
      ],
    );
    await expect(run(msg('POST_TELEMETRY_REQUEST', { a: 1 }))).rejects.toThrow('Unsupported msg type');
    await expect(node(saveAttributesNode, { scope: 'WRONG' })).rejects.toThrow("Unknown attributes scope 'WRONG'");
  });
});

describe('core nodes: log', () => {
  it("logs its script's string at info; the script sees msg, metadata and msgType", async () => {
    const { run, services } = await node(logNode);
    const m = msg('POST_TELEMETRY_REQUEST', { temperature: 5 }, { deviceName: 'A' });
    expect((await run(m)).relation).toBe('Success');
    expect(services.scripts.run).toHaveBeenCalledWith(
      TENANT,
      DEFAULT_LOG_SCRIPT,
      { temperature: 5 },
      { deviceName: 'A' },
      'POST_TELEMETRY_REQUEST',
      'n1',
    );
    expect(services.logger.info).toHaveBeenCalledWith(expect.objectContaining({ ruleNodeId: 'n1' }), 'logged text');
  });

  it('a failing script fails the message (Failure)', async () => {
    const services = fakeServices();
    services.scripts.run.mockRejectedValueOnce(new Error('Script engine not available'));
    const { run } = await node(logNode, logNode.defaultConfiguration, services);
    await expect(run(msg('X', {}))).rejects.toThrow('Script engine not available');
    await expect(node(logNode, { jsScript: ' ' })).rejects.toThrow('Log node needs a script');
  });
});
