// Test helpers for the data nodes: a message factory, fake services and a node runner.
// (Imported by *.node.test.ts only.)
import { randomUUID } from 'node:crypto';
import { startNode as startNodeWith, type StartedNode } from './node-test-kit.ts';
import type { NodeOutput, RuleEngineServices, RuleNodeDefinition, ScriptRunner, TbMsg } from '../rule-engine-types.ts';

/** Runs scripts with `new Function` — tests only; the real runner is the sandbox. */
export const fakeScripts: ScriptRunner = {
  async run(_tenantId, script, msg, metadata, msgType) {
    const fn = new Function('msg', 'metadata', 'msgType', script) as (...a: unknown[]) => unknown;
    return fn(structuredClone(msg), { ...metadata }, msgType);
  },
};

export const TENANT = '11111111-1111-1111-1111-111111111111';

export function makeMsg(patch: Partial<TbMsg> & { json?: unknown } = {}): TbMsg {
  const { json, ...rest } = patch;
  return {
    id: randomUUID(),
    ts: 1000,
    type: 'POST_TELEMETRY_REQUEST',
    originator: { entityType: 'DEVICE', id: randomUUID() },
    metaData: { deviceName: 'Thermo 1' },
    dataType: 'JSON',
    data: JSON.stringify(json ?? { temperature: 25 }),
    ...rest,
  };
}

/** Services where only what a test passes exists (anything else throws when touched). */
export function fakeServices(parts: Partial<RuleEngineServices> = {}): RuleEngineServices {
  const base: Partial<RuleEngineServices> = {
    clock: { now: () => Date.now() },
    scripts: fakeScripts,
    logger: { warn() {}, info() {}, error() {}, debug() {} } as unknown as RuleEngineServices['logger'],
    ...parts,
  };
  return new Proxy(base, {
    get(target, key) {
      if (key in target) return target[key as keyof RuleEngineServices];
      throw new Error(`service ${String(key)} not provided to this test`);
    },
  }) as RuleEngineServices;
}

export type NodeUnderTest = StartedNode;

/** Starts a node with a fake set of services unless given (argument order of the data-node tests). */
export function startNode(
  def: RuleNodeDefinition,
  configuration: Record<string, unknown>,
  services: RuleEngineServices = fakeServices(),
  tenantId = TENANT,
): Promise<NodeUnderTest> {
  return startNodeWith(def, services, tenantId, configuration);
}

export const dataOf = (out: NodeOutput): unknown => JSON.parse(out.msg.data);
