// Checks a RuleChainMetaData body (POST /api/ruleChain/metadata, import) and turns it into a GraphInput.
// Pure: whether target chains exist is the service's question.
import { badRequest } from '../../lib/app-error.ts';
import type { GraphInput } from './rule-chain-wire.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{id}` / `{entityType, id}` / a bare uuid string → the uuid, else undefined. */
export function refId(v: unknown): string | undefined {
  const id = isObject(v) ? v.id : v;
  return typeof id === 'string' && UUID.test(id) ? id.toLowerCase() : undefined;
}

function list(v: unknown, what: string): unknown[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw badRequest(`Rule chain metadata '${what}' should be an array!`);
  return v;
}

function index(v: unknown, size: number, what: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) throw badRequest(`${what} should be an integer!`);
  if (v < 0 || v >= size) throw badRequest(`${what} ${v} is out of range: the chain has ${size} node(s)!`);
  return v;
}

function relationType(v: unknown, at: string): string {
  if (typeof v !== 'string' || !v.trim()) throw badRequest(`Connection type should be specified (${at})!`);
  if (v.length > 255) throw badRequest(`Connection type is too long (${at})!`);
  return v;
}

/**
 * Validates the graph: node type and name present, configuration an object, every index in range,
 * every connection type non-empty. Unknown node classes pass: the engine runs them as 'unknown'.
 */
export function parseGraph(body: Record<string, unknown>): GraphInput {
  const rawNodes = list(body.nodes, 'nodes');
  const nodes = rawNodes.map((n, i) => {
    if (!isObject(n)) throw badRequest(`Rule node #${i} should be an object!`);
    const type = typeof n.type === 'string' ? n.type.trim() : '';
    if (!type) throw badRequest('Rule node type should be specified!');
    if (type.length > 255) throw badRequest(`Rule node #${i} type is too long!`);
    const name = typeof n.name === 'string' ? n.name.trim() : '';
    if (!name) throw badRequest('Rule node name should be specified!');
    if (name.length > 255) throw badRequest(`Rule node '${name.slice(0, 40)}…' name is too long!`);
    if (n.configuration === undefined || n.configuration === null) {
      throw badRequest(`Rule node '${name}' configuration should be specified!`);
    }
    if (!isObject(n.configuration)) throw badRequest(`Rule node '${name}' configuration should be a JSON object!`);
    if (n.debugMode !== undefined && n.debugMode !== null && typeof n.debugMode !== 'boolean') {
      throw badRequest(`Rule node '${name}' debugMode should be a boolean!`);
    }
    return {
      id: refId(n.id),
      type,
      name,
      debugMode: n.debugMode === true,
      configuration: n.configuration,
      additionalInfo: n.additionalInfo ?? null,
    };
  });
  const size = nodes.length;
  const firstNodeIndex =
    body.firstNodeIndex === undefined || body.firstNodeIndex === null || body.firstNodeIndex === -1
      ? null
      : index(body.firstNodeIndex, size, 'firstNodeIndex');

  const seen = new Set<string>();
  const connections: GraphInput['connections'] = [];
  list(body.connections, 'connections').forEach((c, i) => {
    if (!isObject(c)) throw badRequest(`Connection #${i} should be an object!`);
    const fromIndex = index(c.fromIndex, size, `Connection #${i} fromIndex`);
    const toIndex = index(c.toIndex, size, `Connection #${i} toIndex`);
    const type = relationType(c.type, `connection #${i}`);
    const key = `${fromIndex}/${toIndex}/${type}`;
    if (seen.has(key)) return; // the same arrow twice carries a message twice: keep one
    seen.add(key);
    connections.push({ fromIndex, toIndex, type });
  });

  const ruleChainConnections: GraphInput['ruleChainConnections'] = [];
  list(body.ruleChainConnections, 'ruleChainConnections').forEach((c, i) => {
    if (!isObject(c)) throw badRequest(`Rule chain connection #${i} should be an object!`);
    const fromIndex = index(c.fromIndex, size, `Rule chain connection #${i} fromIndex`);
    const targetRuleChainId = refId(c.targetRuleChainId);
    if (!targetRuleChainId) throw badRequest(`Rule chain connection #${i} targetRuleChainId should be specified!`);
    const type = relationType(c.type, `rule chain connection #${i}`);
    ruleChainConnections.push({ fromIndex, targetRuleChainId, type, additionalInfo: c.additionalInfo ?? null });
  });
  return { firstNodeIndex, nodes, connections, ruleChainConnections };
}
