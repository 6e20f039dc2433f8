import { COMPONENT_TYPES } from '@sapo/common';
import type { ComponentDescriptor } from '../rule-chain-types';
import { RULE_CHAIN_NODE_CLASS, type NodeKind } from './node-kinds';

/** One palette entry: a server component, or the built-in 'rule chain' node. */
export interface PaletteItem {
  kind: NodeKind;
  name: string;
  clazz: string;
  description: string;
  descriptor?: ComponentDescriptor;
}

export interface PaletteSection {
  kind: NodeKind;
  items: PaletteItem[];
}

/** The built-in node forwarding messages to another rule chain (input only). */
export const RULE_CHAIN_ITEM: PaletteItem = {
  kind: 'RULE_CHAIN',
  name: 'rule chain',
  clazz: RULE_CHAIN_NODE_CLASS,
  description: 'Forwards incoming messages to the specified rule chain',
};

/**
 * Palette sections in the spec's display order (FILTER, ENRICHMENT, TRANSFORMATION, ACTION, EXTERNAL,
 * then the built-in rule chain), items by name. A search keeps items whose name or description contains
 * the text (case-insensitive) and drops empty sections.
 */
export function buildPalette(components: readonly ComponentDescriptor[], search = ''): PaletteSection[] {
  const text = search.trim().toLowerCase();
  const matches = (item: PaletteItem) =>
    !text || item.name.toLowerCase().includes(text) || item.description.toLowerCase().includes(text);
  const sections: PaletteSection[] = COMPONENT_TYPES.map((kind) => ({
    kind,
    items: components
      .filter((component) => component.type === kind)
      .map((descriptor): PaletteItem => ({
        kind,
        name: descriptor.name,
        clazz: descriptor.clazz,
        description: descriptor.configurationDescriptor?.nodeDefinition?.description ?? '',
        descriptor,
      }))
      .filter(matches)
      .sort((a, b) => a.name.localeCompare(b.name)),
  }));
  sections.push({ kind: 'RULE_CHAIN', items: [RULE_CHAIN_ITEM].filter(matches) });
  return sections.filter((section) => section.items.length > 0);
}
