import { useCallback } from 'react';
import { RULE_CHAIN_ITEM, type PaletteItem } from '../model/palette';
import type { ComponentDescriptor } from '../rule-chain-types';

export { newNodeData, removeFromGraph } from '../model/graph-edits';

/** Finds the palette item of a dropped class name. */
export function usePaletteItem(components: readonly ComponentDescriptor[]) {
  return useCallback(
    (clazz: string): PaletteItem | undefined => {
      if (clazz === RULE_CHAIN_ITEM.clazz) return RULE_CHAIN_ITEM;
      const descriptor = components.find((c) => c.clazz === clazz);
      if (!descriptor) return undefined;
      return {
        kind: descriptor.type,
        name: descriptor.name,
        clazz,
        description: descriptor.configurationDescriptor?.nodeDefinition?.description ?? '',
        descriptor,
      };
    },
    [components],
  );
}
