/**
 * Where the widget library (a bundle's widget types, spec 1-client §3.7) draws each type on its
 * 24-column preview grid: "each widget 8 columns wide, 3 column groups, wrapping when the row
 * exceeds the group's previous height by 10".
 *
 * Our reading, which is also how ThingsBoard 3.2 places its library:
 * - The grid has 3 column groups, 8 columns each (cols 0, 8, 16). Every widget is 8 columns wide
 *   whatever the type's own sizeX; its height is the type's sizeY rounded down (default 6).
 * - Types are placed in the given order, stacked downwards in the current group.
 * - Each group remembers its "previous height": where it stopped when it was last left (0 at first).
 * - After placing a widget, if the stack's bottom is now more than 10 rows below that previous
 *   height, the group is left: its previous height becomes the bottom, and placing continues in the
 *   next group (cycling 0 → 1 → 2 → 0) at that group's previous height.
 * So each group receives a run of widgets at least 11 rows tall before the next group starts,
 * spreading a bundle over three columns of roughly equal height.
 */
import { DEFAULT_WIDGET_SIZE_Y } from './dashboard-config';

export const LIBRARY_WIDGET_WIDTH = 8;
export const LIBRARY_GROUPS = 3;
/** Rows a group may grow past its previous height before placing moves to the next group. */
export const LIBRARY_WRAP_ROWS = 10;

export interface LibraryWidgetType {
  sizeY?: number;
}

export interface LibraryPosition {
  row: number;
  col: number;
  sizeX: number;
  sizeY: number;
}

function libraryHeight(sizeY: unknown): number {
  const n = typeof sizeY === 'number' && Number.isFinite(sizeY) ? Math.floor(sizeY) : DEFAULT_WIDGET_SIZE_Y;
  return Math.max(1, n);
}

/** Positions of `types` in the library grid, one per type, in the same order. */
export function widgetLibraryLayout<T extends LibraryWidgetType>(types: readonly T[]): (T & LibraryPosition)[] {
  const previousHeight: number[] = Array.from({ length: LIBRARY_GROUPS }, () => 0);
  let group = 0;
  let top = 0;
  return types.map((type) => {
    const sizeY = libraryHeight(type.sizeY);
    const placed = { ...type, row: top, col: group * LIBRARY_WIDGET_WIDTH, sizeX: LIBRARY_WIDGET_WIDTH, sizeY };
    top += sizeY;
    if (top > (previousHeight[group] ?? 0) + LIBRARY_WRAP_ROWS) {
      previousHeight[group] = top;
      group = (group + 1) % LIBRARY_GROUPS;
      top = previousHeight[group] ?? 0;
    }
    return placed;
  });
}

export interface LibrarySortable {
  /** The widget type's kind: timeseries, latest, rpc, alarm, static, … */
  type: string;
  createdTime: number;
}

/**
 * The order ThingsBoard lists a bundle's types in before laying them out: by kind, reverse
 * alphabetical (timeseries, static, rpc, latest, alarm…), newest first within a kind.
 */
export function compareLibraryTypes(a: LibrarySortable, b: LibrarySortable): number {
  return b.type.localeCompare(a.type) || b.createdTime - a.createdTime;
}
