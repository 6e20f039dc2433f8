import type SvgIcon from '@mui/material/SvgIcon';
import { COMMON_ICON_COMPONENTS } from './common-icons';
import { componentKey, componentToIconName, iconNameKeys, isFilledIconExport } from './icon-names';

export type IconComponent = typeof SvgIcon;

export interface IconSet {
  /** Ligature-style names of every filled icon, sorted. */
  names: string[];
  /** Lookup key (see icon-names) → component. */
  byKey: Map<string, IconComponent>;
}

let allIcons: Promise<IconSet> | undefined;
let loaded: IconSet | undefined;

/**
 * Every Material icon, loaded once on demand: the whole @mui/icons-material index is one large
 * chunk, so only the "show all" list and icons outside the common 40 ever fetch it.
 */
export function loadAllIcons(): Promise<IconSet> {
  allIcons ??= import('@mui/icons-material').then((module) => {
    const byKey = new Map<string, IconComponent>();
    const names: string[] = [];
    for (const [exportName, component] of Object.entries(module as Record<string, unknown>)) {
      if (!isFilledIconExport(exportName)) continue;
      byKey.set(componentKey(exportName), component as IconComponent);
      names.push(componentToIconName(exportName));
    }
    names.sort();
    loaded = { names, byKey };
    return loaded;
  });
  return allIcons;
}

/** The component of an icon name if it is available without loading (common, or already loaded). */
export function iconComponentNow(name: string): IconComponent | undefined {
  const common = (COMMON_ICON_COMPONENTS as Record<string, IconComponent>)[name];
  if (common) return common;
  return loaded && findIn(loaded, name);
}

export function findIn(set: IconSet, name: string): IconComponent | undefined {
  for (const key of iconNameKeys(name)) {
    const found = set.byKey.get(key);
    if (found) return found;
  }
  return undefined;
}
