import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ok } from '../devices/devices-fixtures.ts';
import { expectError, expectForbidden, expectNotFound, setupWorld, type World } from '../users/users-fixtures.ts';

interface Ref {
  entityType: string;
  id: string;
}
interface Chain {
  id: Ref;
  name: string;
  root: boolean;
  firstRuleNodeId: Ref | null;
}
interface Node {
  id: Ref;
  ruleChainId: Ref;
  type: string;
  name: string;
  debugMode: boolean;
  configuration: Record<string, unknown>;
  additionalInfo: unknown;
  createdTime: number;
}
interface Metadata {
  ruleChainId: Ref;
  firstNodeIndex: number | null;
  nodes: Node[];
  connections: { fromIndex: number; toIndex: number; type: string }[];
  ruleChainConnections: { fromIndex: number; targetRuleChainId: Ref; type: string; additionalInfo: unknown }[];
  targetRuleChainsMap: Record<string, Chain | { id: Ref }>;
}
interface ImportResult {
  ruleChainId: Ref;
  ruleChainName: string;
  updated: boolean;
  error: string | null;
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

const E = 'org.thingsboard.rule.engine.';
const create = (name: string, token = tok) => ok<Chain>(t.request('POST', '/api/ruleChain', { token, body: { name } }));
const saveMd = (body: Record<string, unknown>, token = tok) =>
  t.request('POST', '/api/ruleChain/metadata', { token, body });
const getMd = (id: string, token = tok) => ok<Metadata>(t.request('GET', `/api/ruleChain/${id}/metadata`, { token }));
const names = async (token = tok) =>
  (await ok<{ data: Chain[] }>(t.request('GET', '/api/ruleChains?pageSize=100&page=0&sortProperty=name', { token })))
    .data;

const graph = (chainId: Ref, target: Ref) => ({
  ruleChainId: chainId,
  firstNodeIndex: 0,
  nodes: [
    {
      type: `${E}filter.TbJsFilterNode`,
      name: 'Hot?',
      debugMode: true,
      configuration: { jsScript: 'return msg.temperature > 20;' },
      additionalInfo: { layoutX: 100, layoutY: 150, description: 'checks heat' },
    },
    {
      type: `${E}action.TbLogNode`,
      name: 'Log hot',
      configuration: { jsScript: 'return "hot";' },
      additionalInfo: null,
    },
    { type: 'com.example.NotInstalledNode', name: 'Mystery', configuration: { any: [1, 2] }, additionalInfo: {} },
  ],
  connections: [
    { fromIndex: 0, toIndex: 1, type: 'True' },
    { fromIndex: 1, toIndex: 2, type: 'Success' },
  ],
  ruleChainConnections: [{ fromIndex: 0, targetRuleChainId: target, type: 'False', additionalInfo: { layoutX: 9 } }],
});

describe('metadata', () => {
  it('saves a graph and reads back the same graph, with the target chains resolved', async () => {
    const chain = await create('Graph');
    const target = await create('Graph target');
    const saved = await ok<Metadata>(saveMd(graph(chain.id, target.id)));
    const read = await getMd(chain.id.id);
    expect(read).toEqual(saved);
    expect(read.ruleChainId).toEqual(chain.id);
    expect(read.firstNodeIndex).toBe(0);
    expect(read.nodes.map((n) => [n.name, n.type, n.debugMode])).toEqual([
      ['Hot?', `${E}filter.TbJsFilterNode`, true],
      ['Log hot', `${E}action.TbLogNode`, false],
      ['Mystery', 'com.example.NotInstalledNode', false],
    ]);
    expect(read.nodes[0]).toMatchObject({
      id: { entityType: 'RULE_NODE' },
      ruleChainId: chain.id,
      configuration: { jsScript: 'return msg.temperature > 20;' },
      additionalInfo: { layoutX: 100, layoutY: 150, description: 'checks heat' },
    });
    expect(read.nodes[2]!.configuration).toEqual({ any: [1, 2] });
    expect(read.connections).toEqual(graph(chain.id, target.id).connections);
    expect(read.ruleChainConnections).toEqual([
      { fromIndex: 0, targetRuleChainId: target.id, type: 'False', additionalInfo: { layoutX: 9 } },
    ]);
    expect(read.targetRuleChainsMap[target.id.id]).toMatchObject({ id: target.id, name: 'Graph target', root: false });
    const after = await ok<Chain>(t.request('GET', `/api/ruleChain/${chain.id.id}`, { token: tok }));
    expect(after.firstRuleNodeId).toEqual(read.nodes[0]!.id);
  });

  it('keeps the ids of nodes sent back, gives new nodes ids and deletes the nodes left out', async () => {
    const chain = await create('Edited');
    const target = await create('Edited target');
    const first = await ok<Metadata>(saveMd(graph(chain.id, target.id)));
    const [hot, log, mystery] = first.nodes;
    const second = await ok<Metadata>(
      saveMd({
        ruleChainId: chain.id,
        firstNodeIndex: 1,
        nodes: [
          { ...mystery, name: 'Mystery renamed' },
          hot,
          { type: `${E}transform.TbTransformMsgNode`, name: 'New', configuration: {} },
        ],
        connections: [
          { fromIndex: 1, toIndex: 0, type: 'True' },
          { fromIndex: 1, toIndex: 2, type: 'False' },
        ],
        ruleChainConnections: [],
      }),
    );
    expect(second.nodes.map((n) => n.name)).toEqual(['Mystery renamed', 'Hot?', 'New']);
    expect(second.nodes[0]!.id).toEqual(mystery!.id);
    expect(second.nodes[1]!.id).toEqual(hot!.id);
    expect([hot!.id.id, mystery!.id.id, log!.id.id]).not.toContain(second.nodes[2]!.id.id);
    expect(second.firstNodeIndex).toBe(1);
    expect(second.ruleChainConnections).toEqual([]);
    expect(second.targetRuleChainsMap).toEqual({});
    expect(await t.db.query('SELECT 1 FROM rule_node WHERE id = $1', [log!.id.id])).toHaveLength(0);
    expectNotFound(await t.request('GET', `/api/ruleNode/${log!.id.id}/debugIn`, { token: tok }));
  });

  it('refuses a broken graph with a clear 400 and leaves the saved graph as it was', async () => {
    const chain = await create('Guarded');
    const target = await create('Guarded target');
    const good = graph(chain.id, target.id);
    const before = await ok<Metadata>(saveMd(good));
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ ...good, connections: [{ fromIndex: 0, toIndex: 3, type: 'True' }] }, /toIndex 3 is out of range/],
      [{ ...good, connections: [{ fromIndex: -1, toIndex: 1, type: 'True' }] }, /fromIndex -1 is out of range/],
      [{ ...good, connections: [{ fromIndex: 0, toIndex: 1, type: '' }] }, /Connection type should be specified/],
      [{ ...good, firstNodeIndex: 7 }, /firstNodeIndex 7 is out of range/],
      [{ ...good, nodes: [{ ...good.nodes[0], type: '' }] }, 'Rule node type should be specified!'],
      [{ ...good, nodes: [{ ...good.nodes[0], name: ' ' }] }, 'Rule node name should be specified!'],
      [{ ...good, nodes: [{ ...good.nodes[0], configuration: 'x' }] }, /configuration should be a JSON object/],
      [{ ...good, nodes: [{ ...good.nodes[0], configuration: [1] }] }, /configuration should be a JSON object/],
      [{ ...good, nodes: 'nope' }, /'nodes' should be an array/],
      [
        {
          ...good,
          ruleChainConnections: [{ fromIndex: 0, targetRuleChainId: { id: w.otherTenantId }, type: 'False' }],
        },
        /Target rule chain .* is not found/,
      ],
      [{ ...good, ruleChainConnections: [{ fromIndex: 0, type: 'False' }] }, /targetRuleChainId should be specified/],
      [{ ...good, ruleChainId: undefined }, 'Rule chain id should be specified!'],
    ];
    for (const [body, message] of cases) {
      expectError(await saveMd(body), 400, 31, message);
    }
    expect(await getMd(chain.id.id)).toEqual(before);
  });

  it('concurrent saves of one chain each succeed and leave one whole graph', async () => {
    const chain = await create('Busy');
    const target = await create('Busy target');
    const bodies = [1, 2, 3].map((n) => ({
      ...graph(chain.id, target.id),
      nodes: graph(chain.id, target.id).nodes.map((x) => ({ ...x, name: `${x.name} v${n}` })),
    }));
    const res = await Promise.all(bodies.map((b) => saveMd(b)));
    expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const md = await getMd(chain.id.id);
    expect(md.nodes).toHaveLength(3);
    expect(new Set(md.nodes.map((n) => n.name.split(' v')[1])).size).toBe(1);
    expect(md.connections).toHaveLength(2);
    expect(md.ruleChainConnections).toHaveLength(1);
  });

  it("another tenant's chain is forbidden as the chain saved and not found as a target", async () => {
    const mine = await create('Mine');
    const theirs = await create('Theirs', w.tokens.other);
    expectForbidden(await saveMd({ ruleChainId: mine.id, nodes: [] }, w.tokens.other));
    expectError(
      await saveMd({
        ruleChainId: mine.id,
        nodes: [{ type: `${E}action.TbLogNode`, name: 'l', configuration: {} }],
        ruleChainConnections: [{ fromIndex: 0, targetRuleChainId: theirs.id, type: 'Success' }],
      }),
      400,
      31,
      /not found/,
    );
    expectForbidden(await saveMd({ ruleChainId: mine.id, nodes: [] }, w.tokens.customer));
  });
});

describe('POST /api/ruleChain/device/default', () => {
  it('creates a chain copied from the device-profile template (the root chain graph)', async () => {
    const c = await ok<Chain>(
      t.request('POST', '/api/ruleChain/device/default', { token: tok, body: { name: 'Thermostat' } }),
    );
    expect(c).toMatchObject({ name: 'Thermostat', root: false });
    const md = await getMd(c.id.id);
    const root = (await names()).find((x) => x.root)!;
    const rootMd = await getMd(root.id.id);
    const shape = (m: Metadata) => ({
      first: m.firstNodeIndex,
      nodes: m.nodes.map((n) => [n.type, n.name, n.configuration]),
      connections: m.connections,
    });
    expect(shape(md)).toEqual(shape(rootMd));
    expect(md.nodes[0]!.id).not.toEqual(rootMd.nodes[0]!.id);
    expect(c.firstRuleNodeId).toEqual(md.nodes[6]!.id);
    expectError(
      await t.request('POST', '/api/ruleChain/device/default', { token: tok, body: {} }),
      400,
      31,
      "Parameter 'name' can't be empty!",
    );
  });
});

describe('export and import', () => {
  it('exports chains with their graphs and imports them into another tenant with new ids and remapped targets', async () => {
    const a = await create('Export A');
    const b = await create('Export B');
    await ok(saveMd(graph(a.id, b.id)));
    const data = await ok<{ ruleChains: Chain[]; metadata: Metadata[] }>(
      t.request('GET', '/api/ruleChains/export?limit=100', { token: tok }),
    );
    expect(data.ruleChains.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Export A', 'Export B', 'Root Rule Chain']),
    );
    expect(data.metadata).toHaveLength(data.ruleChains.length);
    const limited = await ok<{ ruleChains: Chain[] }>(
      t.request('GET', '/api/ruleChains/export?limit=1', { token: tok }),
    );
    expect(limited.ruleChains).toHaveLength(1);

    const pick = {
      ruleChains: data.ruleChains.filter((c) => c.name.startsWith('Export')),
      metadata: data.metadata.filter((m) => m.ruleChainId.id === a.id.id || m.ruleChainId.id === b.id.id),
    };
    const other = w.tokens.other;
    const results = await ok<ImportResult[]>(
      t.request('POST', '/api/ruleChains/import?overwrite=false', { token: other, body: pick }),
    );
    expect(results.map((r) => [r.ruleChainName, r.updated, r.error])).toEqual([
      ['Export A', false, null],
      ['Export B', false, null],
    ]);
    const [ia, ib] = results;
    expect([a.id.id, b.id.id]).not.toContain(ia!.ruleChainId.id);
    const imported = await getMd(ia!.ruleChainId.id, other);
    expect(imported.nodes.map((n) => n.name)).toEqual(['Hot?', 'Log hot', 'Mystery']);
    expect(imported.connections).toEqual(graph(a.id, b.id).connections);
    expect(imported.ruleChainConnections[0]!.targetRuleChainId).toEqual(ib!.ruleChainId);
    expect(imported.targetRuleChainsMap[ib!.ruleChainId.id]).toMatchObject({ name: 'Export B' });
    expect((await names(other)).filter((c) => c.root).map((c) => c.name)).toEqual(['Root Rule Chain']);

    // Overwrite: same names → the same chains are replaced.
    const again = await ok<ImportResult[]>(
      t.request('POST', '/api/ruleChains/import?overwrite=true', { token: other, body: pick }),
    );
    expect(again.map((r) => [r.ruleChainId.id, r.updated])).toEqual([
      [ia!.ruleChainId.id, true],
      [ib!.ruleChainId.id, true],
    ]);
    const count = (await names(other)).length;
    // Without overwrite a name clash imports new chains.
    await ok(t.request('POST', '/api/ruleChains/import', { token: other, body: pick }));
    expect((await names(other)).length).toBe(count + 2);
  });

  it('imports all or nothing and explains what is wrong', async () => {
    const before = (await names()).length;
    const bad = {
      ruleChains: [
        { id: { entityType: 'RULE_CHAIN', id: '11111111-1111-4111-8111-111111111111' }, name: 'Imp ok' },
        { id: { entityType: 'RULE_CHAIN', id: '22222222-2222-4222-8222-222222222222' }, name: 'Imp bad' },
      ],
      metadata: [
        {
          ruleChainId: { id: '22222222-2222-4222-8222-222222222222' },
          nodes: [{ type: `${E}action.TbLogNode`, name: 'l', configuration: {} }],
          connections: [{ fromIndex: 0, toIndex: 5, type: 'Success' }],
        },
      ],
    };
    expectError(
      await t.request('POST', '/api/ruleChains/import', { token: tok, body: bad }),
      400,
      31,
      /Metadata #0: .*toIndex 5 is out of range/,
    );
    expectError(
      await t.request('POST', '/api/ruleChains/import', { token: tok, body: { ruleChains: [] } }),
      400,
      31,
      /non-empty 'ruleChains'/,
    );
    expectError(
      await t.request('POST', '/api/ruleChains/import', {
        token: tok,
        body: { ruleChains: [{ name: 'x' }], metadata: [{ ruleChainId: { id: w.tenantId }, nodes: [] }] },
      }),
      400,
      31,
      /does not belong to a rule chain of the import/,
    );
    expect((await names()).length).toBe(before);
    expectForbidden(await t.request('POST', '/api/ruleChains/import', { token: w.tokens.customer, body: bad }));
  });
});
