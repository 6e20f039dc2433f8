import type { ComponentType } from '../rule-chain-types';

/** How a node is drawn: the five component types plus the built-ins of spec 1-client §3.8. */
export type NodeKind = ComponentType | 'RULE_CHAIN' | 'UNKNOWN' | 'INPUT';

/** Class name the editor gives to the built-in 'rule chain' node (a connection to another chain). */
export const RULE_CHAIN_NODE_CLASS = 'org.thingsboard.rule.engine.flow.TbRuleChainInputNode';

/** ThingsBoard's node colours (ruleNodeTypeDescriptors in the original UI). */
export const NODE_COLORS: Record<NodeKind, string> = {
  FILTER: '#f1e861',
  ENRICHMENT: '#cdf14e',
  TRANSFORMATION: '#79cef1',
  ACTION: '#f1928f',
  EXTERNAL: '#fbc766',
  RULE_CHAIN: '#d6c4f1',
  UNKNOWN: '#f16c29',
  INPUT: '#a3eaa9',
};

/** Translation keys of the palette section titles (ThingsBoard's rulenode.type-* keys). */
export const KIND_LABEL_KEYS: Record<NodeKind, string> = {
  FILTER: 'rulenode.type-filter',
  ENRICHMENT: 'rulenode.type-enrichment',
  TRANSFORMATION: 'rulenode.type-transformation',
  ACTION: 'rulenode.type-action',
  EXTERNAL: 'rulenode.type-external',
  RULE_CHAIN: 'rulenode.type-rule-chain',
  UNKNOWN: 'rulenode.type-unknown',
  INPUT: 'rulenode.type-input',
};

export const unknownDetails = (clazz: string) => `Unknown Rule Node class: ${clazz}`;

/**
 * ThingsBoard's node details carry a little HTML (<b>, <code>, <br/>); shown as plain text, line
 * breaks kept, so nothing from a descriptor is ever injected as markup.
 */
export function detailsText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();
}
