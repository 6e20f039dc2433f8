import { describe, expect, it } from 'vitest';
import type { RuleChain, RuleChainMetaData } from '../rule-chain-types';
import { exportFileName, parseImportFile, toExportFile } from './rule-chain-file';
import { setPath, getPath } from './config-path';

const chain: RuleChain = {
  id: { entityType: 'RULE_CHAIN', id: 'rc' },
  createdTime: 1,
  name: 'Root Rule Chain',
  root: true,
  debugMode: false,
  additionalInfo: { description: 'd' },
};
const metadata: RuleChainMetaData = {
  ruleChainId: { entityType: 'RULE_CHAIN', id: 'rc' },
  firstNodeIndex: 0,
  nodes: [
    { id: { entityType: 'RULE_NODE', id: 'n1' }, type: 'a.B', name: 'B', debugMode: false, configuration: { x: 1 } },
  ],
  connections: [],
  ruleChainConnections: null,
};

describe('rule chain export and import', () => {
  it('exports {ruleChain, metadata} without ids and not as root', () => {
    const file = toExportFile(chain, metadata);
    expect(file.ruleChain.root).toBe(false);
    expect(file.ruleChain).not.toHaveProperty('id');
    expect(file.metadata.nodes[0]).not.toHaveProperty('id');
    expect(file.metadata.ruleChainConnections).toEqual([]);
    expect(exportFileName('Root Rule Chain')).toBe('root_rule_chain.json');
  });

  it('reads back what it exported', () => {
    const file = parseImportFile(JSON.stringify(toExportFile(chain, metadata)));
    expect(file.ruleChain.name).toBe('Root Rule Chain');
    expect(file.metadata.nodes[0]?.configuration).toEqual({ x: 1 });
  });

  it('refuses files that are not rule chains', () => {
    for (const text of ['nope', '{}', '{"ruleChain":{"name":"x"},"metadata":{"nodes":[{}]}}']) {
      expect(() => parseImportFile(text)).toThrow('rulechain.invalid-rulechain-file-error');
    }
  });
});

describe('configuration paths', () => {
  it('reads and writes dotted keys without mutating', () => {
    const config = { credentials: { type: 'anonymous' }, a: 1 };
    const next = setPath(config, 'credentials.username', 'u');
    expect(getPath(next, 'credentials.username')).toBe('u');
    expect(getPath(next, 'credentials.type')).toBe('anonymous');
    expect(config.credentials).toEqual({ type: 'anonymous' });
    expect(getPath(config, 'missing.deep')).toBeUndefined();
  });
});
