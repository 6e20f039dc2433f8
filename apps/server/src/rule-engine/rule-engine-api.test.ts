// The engine inside the app: device traffic and entity changes run through the tenant's chains.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDevice, credentialsOf, type DeviceDto } from '../modules/devices/devices-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { RuntimeRuleChain, TbMsg } from './rule-engine-types.ts';

const P = 'org.thingsboard.rule.engine.';
let t: TestApp;
let tenant: string;
let dev: DeviceDto;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant } = await t.demoTokens());
  dev = await createDevice(t, tenant, { name: 'RE device', type: 'default' });
  token = (await credentialsOf(t, tenant, dev.id.id)).credentialsId;
});
afterAll(() => t.close());

const post = (path: string, body: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/${token}/${path}`,
    headers: { 'content-type': 'application/json' },
    payload: body,
  });
const latestKeys = async (keys: string[]) => (await t.app.services.telemetry.latest(dev.id.id, keys)).map((e) => e.key);

/** switch → one handler per relation; ids are UUIDs as in storage. */
function switchChain(
  handlers: Record<string, { type: string; configuration?: Record<string, unknown> }>,
): RuntimeRuleChain {
  const sw = randomUUID();
  const nodes = [
    { id: sw, type: `${P}filter.TbMsgTypeSwitchNode`, name: 'Switch', debugMode: false, configuration: {} },
  ];
  const connections = [];
  for (const [relation, h] of Object.entries(handlers)) {
    const id = randomUUID();
    nodes.push({ id, type: P + h.type, name: relation, debugMode: false, configuration: h.configuration ?? {} });
    connections.push({ fromId: sw, toId: id, type: relation });
  }
  return {
    id: randomUUID(),
    tenantId: dev.tenantId.id,
    name: 'Test root',
    root: true,
    firstRuleNodeId: sw,
    nodes,
    connections,
    chainConnections: [],
  };
}

async function withChain(chain: RuntimeRuleChain, fn: () => Promise<void>) {
  const spy = vi.spyOn(t.app.services.ruleChains, 'loadTenantChains').mockResolvedValue([chain]);
  await t.app.services.ruleEngine.engine.reloadTenant(dev.tenantId.id);
  try {
    await fn();
  } finally {
    spy.mockRestore();
    await t.app.services.ruleEngine.engine.reloadTenant(dev.tenantId.id);
  }
}

describe('rule engine in the app', () => {
  it("device telemetry over HTTP is stored by the root chain's Save Timeseries, and only by it", async () => {
    expect((await post('telemetry', '{"ts":1609459200000,"values":{"viaRoot":1}}')).statusCode).toBe(200);
    // 200 means stored: readable at once
    expect(await latestKeys(['viaRoot'])).toEqual(['viaRoot']);

    await withChain(
      switchChain({
        'Post attributes': { type: 'telemetry.TbMsgAttributesNode', configuration: { scope: 'CLIENT_SCOPE' } },
      }),
      async () => {
        expect((await post('telemetry', '{"notStored":1}')).statusCode).toBe(200);
        expect(await latestKeys(['notStored'])).toEqual([]);
        expect((await post('attributes', '{"fw":"v2"}')).statusCode).toBe(200);
        const attrs = await t.app.services.attributeStore.find(dev.id.id, 'CLIENT_SCOPE', ['fw']);
        expect(attrs.map((a) => a.value)).toEqual(['v2']);
      },
    );
    expect((await post('telemetry', '{"storedAgain":1}')).statusCode).toBe(200);
    expect(await latestKeys(['storedAgain'])).toEqual(['storedAgain']);
  });

  it("a device profile's default rule chain takes its devices' messages; a profile change applies at once", async () => {
    const root = switchChain({});
    // A stored chain's id: a profile refuses a rule chain that does not exist (its graph is mocked below).
    const stored = await t.request('POST', '/api/ruleChain', { token: tenant, body: { name: 'Profile chain' } });
    expect(stored.statusCode).toBe(200);
    const profileChain = {
      ...switchChain({ 'Post telemetry': { type: 'telemetry.TbMsgTimeseriesNode' } }),
      id: (stored.json() as { id: { id: string } }).id.id,
      root: false,
    };
    const profileId = dev.deviceProfileId.id;
    const profile = (await t.request('GET', `/api/deviceProfile/${profileId}`, { token: tenant })).json();
    const saveProfile = async (chainId: string | null) =>
      expect(
        (
          await t.request('POST', '/api/deviceProfile', {
            token: tenant,
            body: { ...profile, defaultRuleChainId: chainId ? { entityType: 'RULE_CHAIN', id: chainId } : null },
          })
        ).statusCode,
      ).toBe(200);
    const spy = vi.spyOn(t.app.services.ruleChains, 'loadTenantChains').mockResolvedValue([root, profileChain]);
    await t.app.services.ruleEngine.engine.reloadTenant(dev.tenantId.id);
    try {
      await post('telemetry', '{"rootOnly":1}');
      expect(await latestKeys(['rootOnly'])).toEqual([]);
      await saveProfile(profileChain.id);
      await post('telemetry', '{"viaProfile":1}');
      expect(await latestKeys(['viaProfile'])).toEqual(['viaProfile']);
    } finally {
      spy.mockRestore();
      await saveProfile(null);
      await t.app.services.ruleEngine.engine.reloadTenant(dev.tenantId.id);
    }
  });

  it("client-side RPC is answered by an 'rpc call reply' node; without one, at once with an error", async () => {
    const rpc = await post('rpc', '{"method":"getTime","params":{"tz":"UTC"}}');
    expect(rpc.json()).toEqual({ error: "Client-side RPC 'getTime' was not handled: no rule node replied to it" });
    await withChain(switchChain({ 'RPC Request from Device': { type: 'rpc.TbSendRPCReplyNode' } }), async () => {
      const res = await post('rpc', '{"method":"getTime","params":{"tz":"UTC"}}');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ method: 'getTime', params: { tz: 'UTC' } });
    });
  });

  it('device messages carry deviceName, deviceType and ts; entity changes become ENTITY_* and ATTRIBUTES_UPDATED messages', async () => {
    const engine = t.app.services.ruleEngine.engine;
    const seen: TbMsg[] = [];
    const submit = engine.submit.bind(engine);
    const spy = vi
      .spyOn(engine, 'submit')
      .mockImplementation((tenantId, msg) => (seen.push(msg), submit(tenantId, msg)));
    try {
      await post('telemetry', '{"ts":1609459260000,"values":{"m":1}}');
      const telemetry = seen.find((m) => m.type === 'POST_TELEMETRY_REQUEST')!;
      expect(telemetry.metaData).toEqual({ deviceName: 'RE device', deviceType: 'default', ts: '1609459260000' });
      expect(JSON.parse(telemetry.data)).toEqual({ m: 1 });

      const created = await createDevice(t, tenant, { name: 'Announced device' });
      const res = await t.request('POST', `/api/plugins/telemetry/DEVICE/${created.id.id}/attributes/SERVER_SCOPE`, {
        token: tenant,
        body: { floor: 3 },
      });
      expect(res.statusCode).toBe(200);
      await vi.waitFor(() => expect(seen.some((m) => m.type === 'ATTRIBUTES_UPDATED')).toBe(true));
      const entity = seen.find((m) => m.type === 'ENTITY_CREATED')!;
      expect(entity.originator).toEqual({ entityType: 'DEVICE', id: created.id.id });
      const attrs = seen.find((m) => m.type === 'ATTRIBUTES_UPDATED')!;
      expect(attrs.metaData.scope).toBe('SERVER_SCOPE');
      expect(JSON.parse(attrs.data)).toEqual({ floor: 3 });
    } finally {
      spy.mockRestore();
    }
  });

  it('a device going active becomes an ACTIVITY_EVENT message with its state', async () => {
    const engine = t.app.services.ruleEngine.engine;
    const seen: TbMsg[] = [];
    const submit = engine.submit.bind(engine);
    const spy = vi
      .spyOn(engine, 'submit')
      .mockImplementation((tenantId, msg) => (seen.push(msg), submit(tenantId, msg)));
    try {
      const fresh = await createDevice(t, tenant, { name: 'Waking device' });
      const freshToken = (await credentialsOf(t, tenant, fresh.id.id)).credentialsId;
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/${freshToken}/telemetry`,
        headers: { 'content-type': 'application/json' },
        payload: '{"x":1}',
      });
      await vi.waitFor(() =>
        expect(seen.some((m) => m.type === 'ACTIVITY_EVENT' && m.originator.id === fresh.id.id)).toBe(true),
      );
      const activity = seen.find((m) => m.type === 'ACTIVITY_EVENT')!;
      expect(activity.metaData.deviceName).toBe('Waking device');
      expect(JSON.parse(activity.data)).toMatchObject({ active: true, lastActivityTime: expect.any(Number) });
    } finally {
      spy.mockRestore();
    }
  });
});
