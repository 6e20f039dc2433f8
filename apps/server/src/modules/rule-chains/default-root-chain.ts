// The tenant's default "Root Rule Chain" (reference §9) and the identical device-profile template
// that POST /api/ruleChain/device/default copies. Layout positions keep the editor tidy:
// device profile → message type switch on the left, the five handlers in a column on the right.
import type { Queryable } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { RuleChainRepository } from './rule-chain.repository.ts';
import type { GraphInput, RuleChainRow } from './rule-chain-wire.ts';

const P = 'org.thingsboard.rule.engine.';
const LOG_SCRIPT =
  "return '\\nIncoming message:\\n' + JSON.stringify(msg) + '\\nIncoming metadata:\\n' + JSON.stringify(metadata);";

const node = (
  type: string,
  name: string,
  configuration: Record<string, unknown>,
  layoutX: number,
  layoutY: number,
) => ({
  type: P + type,
  name,
  debugMode: false,
  configuration,
  additionalInfo: { layoutX, layoutY },
});

/** The template graph (new objects on each call: callers may keep or change them). */
export function defaultChainGraph(): GraphInput {
  return {
    firstNodeIndex: 6,
    nodes: [
      node('telemetry.TbMsgTimeseriesNode', 'Save Timeseries', { defaultTTL: 0 }, 824, 156),
      node(
        'telemetry.TbMsgAttributesNode',
        'Save Client Attributes',
        { scope: 'CLIENT_SCOPE', notifyDevice: 'false' },
        824,
        52,
      ),
      node('filter.TbMsgTypeSwitchNode', 'Message Type Switch', { version: 0 }, 347, 149),
      node('action.TbLogNode', 'Log RPC from Device', { jsScript: LOG_SCRIPT }, 824, 260),
      node('action.TbLogNode', 'Log Other', { jsScript: LOG_SCRIPT }, 824, 468),
      node('rpc.TbSendRPCRequestNode', 'RPC Call Request', { timeoutInSeconds: 60 }, 824, 364),
      node(
        'profile.TbDeviceProfileNode',
        'Device Profile Node',
        { persistAlarmRulesState: false, fetchAlarmRulesStateOnStart: false },
        100,
        149,
      ),
    ],
    connections: [
      { fromIndex: 6, toIndex: 2, type: 'Success' },
      { fromIndex: 2, toIndex: 4, type: 'Other' },
      { fromIndex: 2, toIndex: 1, type: 'Post attributes' },
      { fromIndex: 2, toIndex: 0, type: 'Post telemetry' },
      { fromIndex: 2, toIndex: 3, type: 'RPC Request from Device' },
      { fromIndex: 2, toIndex: 5, type: 'RPC Request to Device' },
    ],
    ruleChainConnections: [],
  };
}

export const ROOT_CHAIN_NAME = 'Root Rule Chain';
export const DEVICE_PROFILE_TEMPLATE_NAME = 'Device Profile Rule Chain Template';

/** Inserts a chain with the template graph; returns the new chain row. */
export async function insertTemplateChain(
  q: Queryable,
  tenantId: string,
  name: string,
  root: boolean,
  now: number,
): Promise<RuleChainRow> {
  const repo = new RuleChainRepository(q);
  const row: RuleChainRow = {
    id: newId(),
    created_time: now,
    tenant_id: tenantId,
    name,
    type: 'CORE',
    first_rule_node_id: null,
    root,
    debug_mode: false,
    configuration: null,
    additional_info: null,
  };
  await repo.insert(q, row);
  await repo.replaceGraph(q, row.id, defaultChainGraph(), now);
  return (await repo.findById(tenantId, row.id, q))!;
}

/**
 * Creates the tenant's "Root Rule Chain" unless it already has a root chain. Called in the
 * transaction that creates the tenant (tenant service, demo data).
 */
export async function insertDefaultRootChain(q: Queryable, tenantId: string, now: number): Promise<void> {
  const existing = await q.query('SELECT 1 FROM rule_chain WHERE tenant_id = $1 AND root', [tenantId]);
  if (existing.length) return;
  await insertTemplateChain(q, tenantId, ROOT_CHAIN_NAME, true, now);
}
