import type { RuleChain, RuleChainExport, RuleChainMetaData } from '../rule-chain-types';
import { jsonFileName } from '../../../lib/download';

/** ThingsBoard's export file: the chain without ids/tenant/root, and its metadata without ids. */
export function toExportFile(chain: RuleChain, metadata: RuleChainMetaData): RuleChainExport {
  return {
    ruleChain: {
      name: chain.name,
      firstRuleNodeId: null,
      root: false,
      debugMode: chain.debugMode,
      configuration: chain.configuration ?? null,
      additionalInfo: chain.additionalInfo ?? null,
    },
    metadata: {
      firstNodeIndex: metadata.firstNodeIndex,
      nodes: metadata.nodes.map(({ id: _id, createdTime: _t, ruleChainId: _r, ...node }) => node),
      connections: metadata.connections ?? [],
      ruleChainConnections: metadata.ruleChainConnections ?? [],
    },
  };
}

/** File name like ThingsBoard's: the chain name in snake case. */
export const exportFileName = (name: string) => jsonFileName(name, 'rule_chain');

/** Reads an export file; throws the translation key of the problem. */
export function parseImportFile(text: string): RuleChainExport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('rulechain.invalid-rulechain-file-error');
  }
  const file = parsed as Partial<RuleChainExport> | null;
  const chain = file?.ruleChain;
  const metadata = file?.metadata;
  if (
    !chain ||
    typeof chain.name !== 'string' ||
    !metadata ||
    !Array.isArray(metadata.nodes) ||
    metadata.nodes.some((node) => !node || typeof node.type !== 'string' || typeof node.name !== 'string')
  ) {
    throw new Error('rulechain.invalid-rulechain-file-error');
  }
  return {
    ruleChain: { ...chain, root: false },
    metadata: {
      firstNodeIndex: metadata.firstNodeIndex ?? null,
      nodes: metadata.nodes.map((node) => ({
        type: node.type,
        name: node.name,
        debugMode: Boolean(node.debugMode),
        configuration: node.configuration ?? {},
        additionalInfo: node.additionalInfo ?? null,
      })),
      connections: metadata.connections ?? [],
      ruleChainConnections: metadata.ruleChainConnections ?? [],
    },
  };
}
