import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { auditActions, ok } from '../devices/devices-fixtures.ts';
import { expectError, expectForbidden, expectNotFound, setupWorld, type World } from '../users/users-fixtures.ts';

interface Chain {
  id: { entityType: string; id: string };
  createdTime: number;
  tenantId: { entityType: string; id: string };
  name: string;
  root: boolean;
  debugMode: boolean;
  firstRuleNodeId: { entityType: string; id: string } | null;
  additionalInfo: Record<string, unknown> | null;
}
interface Page<T> {
  data: T[];
  totalElements: number;
  hasNext: boolean;
}
interface Metadata {
  ruleChainId: { id: string };
  firstNodeIndex: number | null;
  nodes: {
    id: { entityType: string; id: string };
    type: string;
    name: string;
    configuration: Record<string, unknown>;
    additionalInfo: { layoutX: number; layoutY: number };
  }[];
  connections: { fromIndex: number; toIndex: number; type: string }[];
  ruleChainConnections: { fromIndex: number; targetRuleChainId: { id: string }; type: string }[];
}

let t: TestApp;
let w: World;
let tok: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  tok = w.tokens.tenant;
});
afterAll(() => t.close());

const list = (query: string, token = tok) => ok<Page<Chain>>(t.request('GET', `/api/ruleChains?${query}`, { token }));
const create = (body: Record<string, unknown>, token = tok) =>
  ok<Chain>(t.request('POST', '/api/ruleChain', { token, body }));
const rootOf = async (token = tok) => (await list('pageSize=100&page=0', token)).data.find((c) => c.root)!;

describe('the default root chain', () => {
  it('the demo tenant and a newly created tenant each have a "Root Rule Chain" as in ThingsBoard', async () => {
    for (const token of [tok, w.tokens.other]) {
      const page = await list('pageSize=10&page=0', token);
      expect(page.data.map((c) => [c.name, c.root])).toEqual([['Root Rule Chain', true]]);
      const root = page.data[0]!;
      const md = await ok<Metadata>(t.request('GET', `/api/ruleChain/${root.id.id}/metadata`, { token }));
      expect(md.firstNodeIndex).toBe(6);
      expect(md.nodes.map((n) => [n.type.replace('org.thingsboard.rule.engine.', ''), n.name])).toEqual([
        ['telemetry.TbMsgTimeseriesNode', 'Save Timeseries'],
        ['telemetry.TbMsgAttributesNode', 'Save Client Attributes'],
        ['filter.TbMsgTypeSwitchNode', 'Message Type Switch'],
        ['action.TbLogNode', 'Log RPC from Device'],
        ['action.TbLogNode', 'Log Other'],
        ['rpc.TbSendRPCRequestNode', 'RPC Call Request'],
        ['profile.TbDeviceProfileNode', 'Device Profile Node'],
      ]);
      expect(md.nodes[1]!.configuration).toEqual({ scope: 'CLIENT_SCOPE', notifyDevice: 'false' });
      expect(md.nodes.every((n) => typeof n.additionalInfo.layoutX === 'number')).toBe(true);
      expect(root.firstRuleNodeId).toEqual(md.nodes[6]!.id);
      expect(md.connections).toEqual(
        expect.arrayContaining([
          { fromIndex: 6, toIndex: 2, type: 'Success' },
          { fromIndex: 2, toIndex: 4, type: 'Other' },
          { fromIndex: 2, toIndex: 1, type: 'Post attributes' },
          { fromIndex: 2, toIndex: 0, type: 'Post telemetry' },
          { fromIndex: 2, toIndex: 3, type: 'RPC Request from Device' },
          { fromIndex: 2, toIndex: 5, type: 'RPC Request to Device' },
        ]),
      );
      expect(md.connections).toHaveLength(6);
      expect(md.ruleChainConnections).toEqual([]);
    }
  });

  it('deleting a tenant deletes its chains, nodes and events', async () => {
    const tenant = await ok(t.request('POST', '/api/tenant', { token: w.tokens.sysadmin, body: { title: 'Doomed' } }));
    const id = tenant.id.id;
    const chains = await t.db.query<{ id: string }>('SELECT id FROM rule_chain WHERE tenant_id = $1', [id]);
    expect(chains).toHaveLength(1);
    t.app.services.events.record({
      tenantId: id,
      entityType: 'RULE_CHAIN',
      entityId: chains[0]!.id,
      eventType: 'LC_EVENT',
      body: { event: 'STARTED' },
      ts: Date.now(),
    });
    await t.app.services.events.flush();
    await ok(t.request('DELETE', `/api/tenant/${id}`, { token: w.tokens.sysadmin }));
    const left = await t.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM rule_chain WHERE tenant_id = $1)::int + (SELECT count(*) FROM event WHERE tenant_id = $1)::int
         + (SELECT count(*) FROM rule_node WHERE rule_chain_id = $2)::int AS n`,
      [id, chains[0]!.id],
    );
    expect(left[0]!.n).toBe(0);
  });

  it("the engine source loads a tenant's chains with nodes and connections by id", async () => {
    const chains = await t.app.services.ruleChainSource.loadTenantChains(w.tenantId);
    const root = chains.find((c) => c.root)!;
    expect(root.nodes).toHaveLength(7);
    expect(root.connections).toHaveLength(6);
    const first = root.nodes.find((n) => n.id === root.firstRuleNodeId)!;
    expect(first.type).toBe('org.thingsboard.rule.engine.profile.TbDeviceProfileNode');
    const sw = root.nodes.find((n) => n.name === 'Message Type Switch')!;
    expect(root.connections).toContainEqual({ fromId: first.id, toId: sw.id, type: 'Success' });
  });
});

describe('saving, reading, listing', () => {
  it('creates and updates a chain; the name is required', async () => {
    const c = await create({ name: 'Alpha', debugMode: true, additionalInfo: { description: 'first' } });
    expect(c).toMatchObject({
      id: { entityType: 'RULE_CHAIN' },
      tenantId: { entityType: 'TENANT', id: w.tenantId },
      name: 'Alpha',
      root: false,
      debugMode: true,
      firstRuleNodeId: null,
      additionalInfo: { description: 'first' },
    });
    const updated = await create({ ...c, name: 'Alpha 2', root: true, additionalInfo: { description: 'second' } });
    // root is changed only by POST /root
    expect(updated).toMatchObject({ name: 'Alpha 2', root: false, additionalInfo: { description: 'second' } });
    expect(await ok<Chain>(t.request('GET', `/api/ruleChain/${c.id.id}`, { token: tok }))).toEqual(updated);
    expect(await auditActions(t, c.id.id)).toEqual(['ADDED', 'UPDATED']);
    for (const name of [undefined, '', '  ']) {
      expectError(
        await t.request('POST', '/api/ruleChain', { token: tok, body: { name } }),
        400,
        31,
        'Rule chain name should be specified!',
      );
    }
    expectError(
      await t.request('POST', '/api/ruleChain', { token: tok, body: { name: 'Second root', root: true } }),
      400,
      31,
      'Another root rule chain is present in scope of current tenant!',
    );
  });

  it('lists with prefix search and sorting by name, createdTime and root', async () => {
    await create({ name: 'beta one' });
    await create({ name: 'Beta two' });
    const found = await list('pageSize=10&page=0&textSearch=BETA&sortProperty=name&sortOrder=DESC');
    expect(found.data.map((c) => c.name)).toEqual(['Beta two', 'beta one']);
    const paged = await list('pageSize=1&page=0&textSearch=beta&sortProperty=createdTime&sortOrder=ASC');
    expect(paged).toMatchObject({ totalElements: 2, hasNext: true });
    expect(paged.data[0]!.name).toBe('beta one');
    const byRoot = await list('pageSize=100&page=0&sortProperty=root&sortOrder=DESC');
    expect(byRoot.data[0]!.root).toBe(true);
    expectError(
      await t.request('GET', '/api/ruleChains?pageSize=10&page=0&sortProperty=bogus', { token: tok }),
      400,
      31,
    );
    expectError(await t.request('GET', '/api/ruleChains?pageSize=10&page=0&sortOrder=UP', { token: tok }), 400, 31);
  });

  it("only the tenant administrator reaches rule chains; another tenant's chain is not found", async () => {
    const c = await create({ name: 'Private' });
    for (const token of [w.tokens.customer, w.tokens.sysadmin]) {
      expectForbidden(await t.request('GET', '/api/ruleChains?pageSize=10&page=0', { token }));
      expectForbidden(await t.request('GET', `/api/ruleChain/${c.id.id}`, { token }));
      expectForbidden(await t.request('POST', '/api/ruleChain', { token, body: { name: 'x' } }));
      expectForbidden(await t.request('DELETE', `/api/ruleChain/${c.id.id}`, { token }));
      expectForbidden(await t.request('POST', `/api/ruleChain/${c.id.id}/root`, { token }));
      expectForbidden(await t.request('GET', `/api/ruleChain/${c.id.id}/metadata`, { token }));
      expectForbidden(await t.request('POST', '/api/ruleChain/device/default', { token, body: { name: 'x' } }));
      expectForbidden(await t.request('GET', '/api/ruleChains/export?limit=10', { token }));
    }
    const other = w.tokens.other;
    expectForbidden(await t.request('GET', `/api/ruleChain/${c.id.id}`, { token: other }));
    expectForbidden(await t.request('GET', `/api/ruleChain/${c.id.id}/metadata`, { token: other }));
    expectForbidden(await t.request('DELETE', `/api/ruleChain/${c.id.id}`, { token: other }));
    expectForbidden(await t.request('POST', `/api/ruleChain/${c.id.id}/root`, { token: other }));
    expectForbidden(await t.request('POST', '/api/ruleChain', { token: other, body: { ...c, name: 'stolen' } }));
    expect((await ok<Chain>(t.request('GET', `/api/ruleChain/${c.id.id}`, { token: tok }))).name).toBe('Private');
    expectError(await t.request('GET', '/api/ruleChain/not-a-uuid', { token: tok }), 400, 31);
  });
});

describe('root and deletion', () => {
  it('makes another chain root, unsetting the old one; the root chain cannot be deleted', async () => {
    const oldRoot = await rootOf();
    const c = await create({ name: 'New root' });
    const made = await ok<Chain>(t.request('POST', `/api/ruleChain/${c.id.id}/root`, { token: tok }));
    expect(made).toMatchObject({ id: c.id, root: true });
    expect((await ok<Chain>(t.request('GET', `/api/ruleChain/${oldRoot.id.id}`, { token: tok }))).root).toBe(false);
    expect((await rootOf()).id).toEqual(c.id);
    // again: no change
    expect((await ok<Chain>(t.request('POST', `/api/ruleChain/${c.id.id}/root`, { token: tok }))).root).toBe(true);
    expectError(
      await t.request('DELETE', `/api/ruleChain/${c.id.id}`, { token: tok }),
      400,
      31,
      'Deletion of Root Tenant Rule Chain is prohibited!',
    );
    await ok(t.request('POST', `/api/ruleChain/${oldRoot.id.id}/root`, { token: tok }));
    await ok(t.request('DELETE', `/api/ruleChain/${c.id.id}`, { token: tok }));
    expectNotFound(await t.request('GET', `/api/ruleChain/${c.id.id}`, { token: tok }));
    expect(await auditActions(t, c.id.id)).toContain('DELETED');
  });

  it('concurrent root switches leave exactly one root chain', async () => {
    const oldRoot = await rootOf();
    const chains = await Promise.all(['Race 1', 'Race 2', 'Race 3'].map((name) => create({ name })));
    const res = await Promise.all(
      chains.map((c) => t.request('POST', `/api/ruleChain/${c.id.id}/root`, { token: tok })),
    );
    expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const roots = (await list('pageSize=100&page=0')).data.filter((c) => c.root);
    expect(roots).toHaveLength(1);
    await ok(t.request('POST', `/api/ruleChain/${oldRoot.id.id}/root`, { token: tok }));
  });

  it('refuses to delete a chain a device profile sends its devices to', async () => {
    const c = await create({ name: 'For profile' });
    const profile = await ok(
      t.request('POST', '/api/deviceProfile', {
        token: tok,
        body: { name: 'Uses chain', defaultRuleChainId: { entityType: 'RULE_CHAIN', id: c.id.id } },
      }),
    );
    expectError(
      await t.request('DELETE', `/api/ruleChain/${c.id.id}`, { token: tok }),
      400,
      31,
      /referenced by the device profiles cannot be deleted!.*Uses chain/,
    );
    await ok(t.request('DELETE', `/api/deviceProfile/${profile.id.id}`, { token: tok }));
    await ok(t.request('DELETE', `/api/ruleChain/${c.id.id}`, { token: tok }));
  });

  it('deleting a chain removes the connections other chains had to it', async () => {
    const target = await create({ name: 'Target' });
    const source = await create({ name: 'Source' });
    await ok(
      t.request('POST', '/api/ruleChain/metadata', {
        token: tok,
        body: {
          ruleChainId: source.id,
          firstNodeIndex: 0,
          nodes: [{ type: 'org.thingsboard.rule.engine.action.TbLogNode', name: 'log', configuration: {} }],
          connections: [],
          ruleChainConnections: [{ fromIndex: 0, targetRuleChainId: target.id, type: 'Success', additionalInfo: {} }],
        },
      }),
    );
    await ok(t.request('DELETE', `/api/ruleChain/${target.id.id}`, { token: tok }));
    const md = await ok<Metadata>(t.request('GET', `/api/ruleChain/${source.id.id}/metadata`, { token: tok }));
    expect(md.nodes).toHaveLength(1);
    expect(md.ruleChainConnections).toEqual([]);
  });
});

describe('change notifications', () => {
  it('tells listeners which tenant changed after each committed change, not after a refused one', async () => {
    const seen: string[] = [];
    const off = t.app.services.ruleChains.onChange((tenantId) => seen.push(tenantId));
    const c = await create({ name: 'Watched' });
    await ok(
      t.request('POST', '/api/ruleChain/metadata', {
        token: tok,
        body: { ruleChainId: c.id, nodes: [], connections: [] },
      }),
    );
    const root = await rootOf();
    await ok(t.request('POST', `/api/ruleChain/${c.id.id}/root`, { token: tok }));
    await ok(t.request('POST', `/api/ruleChain/${root.id.id}/root`, { token: tok }));
    await ok(t.request('DELETE', `/api/ruleChain/${c.id.id}`, { token: tok }));
    expect(seen).toEqual(Array(5).fill(w.tenantId));
    expectError(await t.request('DELETE', `/api/ruleChain/${root.id.id}`, { token: tok }), 400, 31);
    await create({ name: 'Other tenant chain' }, w.tokens.other);
    expect(seen.slice(5)).toEqual([w.otherTenantId]);
    off();
    await create({ name: 'Unwatched' });
    expect(seen).toHaveLength(6);
  });
});
