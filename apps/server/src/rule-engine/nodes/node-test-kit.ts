// Test helpers for rule nodes: an in-memory AlarmOps (until the alarms module's is wired), services
// built on a test app's database, message and node factories.
import { randomUUID } from 'node:crypto';
import type { Alarm, AlarmSeverity } from '@sapo/common';
import type { TestApp } from '../../test/test-app.ts';
import type {
  AlarmOps,
  EntityRef,
  NodeOutput,
  NodeResult,
  RuleEngineServices,
  RuleNodeDefinition,
  RuleNodeInstance,
  TbMsg,
} from '../rule-engine-types.ts';

const ORDER: AlarmSeverity[] = ['CRITICAL', 'MAJOR', 'MINOR', 'WARNING', 'INDETERMINATE'];

export class FakeAlarmOps implements AlarmOps {
  readonly alarms: Alarm[] = [];
  constructor(private readonly now: () => number = Date.now) {}

  async findActive(tenantId: string, originator: EntityRef, type: string) {
    return (
      this.alarms.find(
        (a) =>
          a.tenantId.id === tenantId &&
          a.originator.id === originator.id &&
          a.type === type &&
          !a.status.startsWith('CLEARED'),
      ) ?? null
    );
  }

  async createOrUpdate(input: Parameters<AlarmOps['createOrUpdate']>[0]) {
    const cur = await this.findActive(input.tenantId, input.originator, input.type);
    if (cur) {
      const severityChanged = cur.severity !== input.severity;
      Object.assign(cur, {
        severity: input.severity,
        endTs: input.endTs ?? this.now(),
        ...(input.details !== undefined ? { details: input.details } : {}),
        propagate: input.propagate ?? cur.propagate,
        propagateRelationTypes: input.propagateRelationTypes ?? cur.propagateRelationTypes,
      });
      return { alarm: { ...cur }, created: false, severityChanged };
    }
    const ts = input.startTs ?? this.now();
    const alarm: Alarm = {
      id: { entityType: 'ALARM', id: randomUUID() },
      createdTime: this.now(),
      tenantId: { entityType: 'TENANT', id: input.tenantId },
      type: input.type,
      name: input.type,
      originator: { entityType: input.originator.entityType, id: input.originator.id } as Alarm['originator'],
      severity: input.severity,
      status: 'ACTIVE_UNACK',
      startTs: ts,
      endTs: input.endTs ?? ts,
      ackTs: 0,
      clearTs: 0,
      details: input.details ?? null,
      propagate: !!input.propagate,
      propagateRelationTypes: input.propagateRelationTypes ?? null,
    };
    this.alarms.push(alarm);
    return { alarm: { ...alarm }, created: true, severityChanged: false };
  }

  async clearActive(tenantId: string, originator: EntityRef, type: string, details?: unknown, clearTs?: number) {
    const cur = await this.findActive(tenantId, originator, type);
    if (!cur) return null;
    cur.status = cur.status === 'ACTIVE_ACK' ? 'CLEARED_ACK' : 'CLEARED_UNACK';
    cur.clearTs = clearTs ?? this.now();
    if (details !== undefined) cur.details = details;
    return { ...cur };
  }

  active(type?: string): Alarm[] {
    return this.alarms.filter((a) => !a.status.startsWith('CLEARED') && (!type || a.type === type));
  }
  static rank(s: AlarmSeverity): number {
    return ORDER.indexOf(s);
  }
}

export interface TestClockLike {
  now(): number;
}

/** Services on the test app's database; script runner evaluates with `new Function` (tests only). */
export function testServices(
  t: TestApp,
  over: Partial<RuleEngineServices> = {},
): RuleEngineServices & { alarms: FakeAlarmOps } {
  const clock = over.clock ?? { now: () => Date.now() };
  const s = t.app.services as unknown as Record<string, unknown>;
  return {
    db: t.db,
    logger: {
      warn: () => {},
      info: () => {},
      error: () => {},
      debug: () => {},
    } as unknown as RuleEngineServices['logger'],
    clock,
    scripts: {
      async run(_tenant, script, msg, metadata, msgType) {
        return new Function('msg', 'metadata', 'msgType', script)(msg, metadata, msgType);
      },
    },
    telemetry: s.telemetry as RuleEngineServices['telemetry'],
    attributeStore: s.attributeStore as RuleEngineServices['attributeStore'],
    mail: s.mail as RuleEngineServices['mail'],
    rpc: s.rpc as RuleEngineServices['rpc'],
    replyToDeviceRpc: () => {},
    submit: async () => {},
    restAllowPrivateNetworks: false,
    ...over,
    alarms: (over.alarms as FakeAlarmOps | undefined) ?? new FakeAlarmOps(() => clock.now()),
  };
}

export function msg(partial: Partial<Omit<TbMsg, 'data'>> & { data?: unknown }): TbMsg {
  const { data, ...rest } = partial;
  return {
    id: randomUUID(),
    ts: Date.now(),
    type: 'POST_TELEMETRY_REQUEST',
    originator: { entityType: 'DEVICE', id: randomUUID() },
    metaData: {},
    dataType: 'JSON',
    ...rest,
    data: typeof data === 'string' ? data : JSON.stringify(data ?? {}),
  };
}

export interface StartedNode {
  node: RuleNodeInstance;
  emitted: NodeOutput[];
  /** onMsg with the result normalised to an array. */
  send(m: TbMsg): Promise<NodeOutput[]>;
}

export async function startNode(
  def: RuleNodeDefinition,
  services: RuleEngineServices,
  tenantId: string,
  configuration: Record<string, unknown> = def.defaultConfiguration,
): Promise<StartedNode> {
  const emitted: NodeOutput[] = [];
  const node = await def.create({
    tenantId,
    nodeId: randomUUID(),
    ruleChainId: randomUUID(),
    name: def.name,
    configuration,
    services,
    emit: (o) => emitted.push(o),
  });
  const norm = (r: NodeResult): NodeOutput[] => (r === null ? [] : Array.isArray(r) ? [...r] : [r as NodeOutput]);
  return { node, emitted, send: async (m) => norm(await node.onMsg(m)) };
}

/** The relation names of outputs (one string per output; arrays joined by '|'). */
export const relations = (outs: NodeOutput[]): string[] =>
  outs.map((o) => (typeof o.relation === 'string' ? o.relation : o.relation.join('|')));
