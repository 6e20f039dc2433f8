/**
 * Operations on one state layout's grid, and its conversion to react-grid-layout items per
 * breakpoint (spec 2-calls §9). Pure: every operation returns a new layout and leaves its input as
 * it was. Positions are in grid cells: `col`/`sizeX` across `gridSettings.columns`, `row`/`sizeY` down.
 */
import type { DashboardLayout, WidgetLayout } from './dashboard-config';

export type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** Smallest width (px) of each breakpoint: xs < 600, sm 600-959, md 960-1279, lg 1280-1919, xl 1920+. */
export const BREAKPOINTS: Readonly<Record<Breakpoint, number>> = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 };

export function breakpointOf(widthPx: number): Breakpoint {
  if (!(widthPx >= BREAKPOINTS.sm)) return 'xs'; // NaN and negatives count as the narrowest
  if (widthPx < BREAKPOINTS.md) return 'sm';
  if (widthPx < BREAKPOINTS.lg) return 'md';
  if (widthPx < BREAKPOINTS.xl) return 'lg';
  return 'xl';
}

/** On xs and sm the dashboard is a single column of widgets, as on a phone. */
export const isMobileBreakpoint = (bp: Breakpoint): boolean => bp === 'xs' || bp === 'sm';

export interface GridPosition {
  row: number;
  col: number;
}

export interface WidgetSize {
  sizeX: number;
  sizeY: number;
}

export type Rect = GridPosition & WidgetSize;

/** A react-grid-layout item (its `Layout` shape): x/w in columns, y/h in rows. */
export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  static?: boolean;
}

export function overlaps(a: Rect, b: Rect): boolean {
  return a.col < b.col + b.sizeX && b.col < a.col + a.sizeX && a.row < b.row + b.sizeY && b.row < a.row + a.sizeY;
}

/** True when any two widgets of the layout share a cell. */
export function hasOverlaps(layout: DashboardLayout): boolean {
  const rects = Object.values(layout.widgets);
  return rects.some((a, i) => rects.slice(i + 1).some((b) => overlaps(a, b)));
}

const columnsOf = (layout: DashboardLayout, columns?: number): number =>
  Math.max(1, Math.round(columns ?? layout.gridSettings.columns));

/** Whole cells, at least one, no wider than the grid. */
function clampSize(size: WidgetSize, columns: number): WidgetSize {
  const whole = (n: number) => (Number.isFinite(n) ? Math.round(n) : 1);
  return { sizeX: Math.min(columns, Math.max(1, whole(size.sizeX))), sizeY: Math.max(1, whole(size.sizeY)) };
}

function clampPosition(pos: GridPosition, sizeX: number, columns: number): GridPosition {
  const whole = (n: number) => (Number.isFinite(n) ? Math.round(n) : 0);
  return {
    row: Math.max(0, whole(pos.row)),
    col: Math.min(Math.max(0, columns - sizeX), Math.max(0, whole(pos.col))),
  };
}

const byPosition = ([ia, a]: [string, Rect], [ib, b]: [string, Rect]): number =>
  a.row - b.row || a.col - b.col || ia.localeCompare(ib);

/**
 * The first spot, scanning rows top-down and each row left to right, where a widget of `size`
 * overlaps nothing. Below the lowest widget is always free, so the scan ends.
 */
export function findFreeSpot(layout: DashboardLayout, size: WidgetSize, columns?: number): GridPosition {
  const cols = columnsOf(layout, columns);
  const { sizeX, sizeY } = clampSize(size, cols);
  const rects = Object.values(layout.widgets);
  const bottom = rects.reduce((max, r) => Math.max(max, r.row + r.sizeY), 0);
  for (let row = 0; row < bottom; row++) {
    for (let col = 0; col + sizeX <= cols; col++) {
      const candidate = { row, col, sizeX, sizeY };
      if (!rects.some((r) => overlaps(r, candidate))) return { row, col };
    }
  }
  return { row: bottom, col: 0 };
}

/**
 * Keeps `fixedId` where it is and pushes every other widget it (or a pushed one) now covers down,
 * below what it collides with — how a grid editor makes room during a drag.
 */
function pushDown(widgets: Record<string, WidgetLayout>, fixedId: string): Record<string, WidgetLayout> {
  const fixed = widgets[fixedId];
  if (!fixed) return widgets;
  const placed: WidgetLayout[] = [fixed];
  const out: Record<string, WidgetLayout> = { [fixedId]: fixed };
  const others = Object.entries(widgets)
    .filter(([id]) => id !== fixedId)
    .sort(byPosition);
  for (const [id, w] of others) {
    let rect = w;
    for (;;) {
      const hits = placed.filter((p) => overlaps(p, rect));
      if (hits.length === 0) break;
      rect = { ...rect, row: Math.max(...hits.map((p) => p.row + p.sizeY)) };
    }
    placed.push(rect);
    out[id] = rect;
  }
  // Keep the caller's key order: layouts are stored JSON and diffs should stay small.
  return Object.fromEntries(Object.keys(widgets).map((id) => [id, out[id] as WidgetLayout]));
}

/** Adds (or re-adds) a widget at the first free spot, sized to fit the grid. */
export function addWidget(
  layout: DashboardLayout,
  widgetId: string,
  size: WidgetSize,
  columns?: number,
): DashboardLayout {
  const cols = columnsOf(layout, columns);
  const rest = removeWidget(layout, widgetId);
  const clamped = clampSize(size, cols);
  const spot = findFreeSpot(rest, clamped, cols);
  return { ...rest, widgets: { ...rest.widgets, [widgetId]: { ...clamped, ...spot } } };
}

/** Moves a widget (kept inside the grid); widgets in the way move down. Unknown ids change nothing. */
export function moveWidget(
  layout: DashboardLayout,
  widgetId: string,
  to: GridPosition,
  columns?: number,
): DashboardLayout {
  const current = layout.widgets[widgetId];
  if (!current) return layout;
  const moved = {
    ...current,
    ...clampPosition(to, Math.min(current.sizeX, columnsOf(layout, columns)), columnsOf(layout, columns)),
  };
  return { ...layout, widgets: pushDown({ ...layout.widgets, [widgetId]: moved }, widgetId) };
}

/**
 * Resizes a widget: at least 1 by 1 and no wider than the grid; a widget that would cross the
 * right edge moves left. Widgets in the way move down.
 */
export function resizeWidget(
  layout: DashboardLayout,
  widgetId: string,
  size: WidgetSize,
  columns?: number,
): DashboardLayout {
  const current = layout.widgets[widgetId];
  if (!current) return layout;
  const cols = columnsOf(layout, columns);
  const clamped = clampSize(size, cols);
  const resized = { ...current, ...clamped, ...clampPosition(current, clamped.sizeX, cols) };
  return { ...layout, widgets: pushDown({ ...layout.widgets, [widgetId]: resized }, widgetId) };
}

export function removeWidget(layout: DashboardLayout, widgetId: string): DashboardLayout {
  if (!(widgetId in layout.widgets)) return layout;
  const widgets = Object.fromEntries(Object.entries(layout.widgets).filter(([id]) => id !== widgetId));
  return { ...layout, widgets };
}

/** Moves every widget up as far as it goes, top-down, without reordering or overlapping. */
export function compact(layout: DashboardLayout): DashboardLayout {
  const placed: WidgetLayout[] = [];
  const out: Record<string, WidgetLayout> = {};
  for (const [id, w] of Object.entries(layout.widgets).sort(byPosition)) {
    let row = w.row;
    while (row > 0 && !placed.some((p) => overlaps(p, { ...w, row: row - 1 }))) row--;
    const rect = { ...w, row };
    placed.push(rect);
    out[id] = rect;
  }
  return {
    ...layout,
    widgets: Object.fromEntries(Object.keys(layout.widgets).map((id) => [id, out[id] as WidgetLayout])),
  };
}

/** Grid columns at a breakpoint: one on mobile, else the layout's own. */
export function gridColumns(layout: DashboardLayout, bp: Breakpoint): number {
  return isMobileBreakpoint(bp) ? 1 : columnsOf(layout);
}

/**
 * Mobile order: widgets with a mobileOrder first, ascending; then the others in desktop reading
 * order (row, then column). Ties fall back to row, column and id, so the order is stable.
 */
function mobileSorted(layout: DashboardLayout): [string, WidgetLayout][] {
  const key = (w: WidgetLayout) => w.mobileOrder ?? Number.POSITIVE_INFINITY;
  return Object.entries(layout.widgets)
    .filter(([, w]) => w.mobileHide !== true)
    .sort((a, b) => {
      const ka = key(a[1]);
      const kb = key(b[1]);
      return ka === kb ? byPosition(a, b) : ka < kb ? -1 : 1;
    });
}

/**
 * The items react-grid-layout draws at `bp`. Desktop (md, lg, xl) uses each widget's position and
 * size. Mobile (xs, sm) stacks visible widgets in one column, in mobile order, each mobileHeight
 * rows high (else its sizeY); they are static because the order there is not edited by dragging.
 */
export function toGridItems(layout: DashboardLayout, bp: Breakpoint): GridItem[] {
  if (!isMobileBreakpoint(bp)) {
    return Object.entries(layout.widgets)
      .sort(byPosition)
      .map(([i, w]) => ({ i, x: w.col, y: w.row, w: w.sizeX, h: w.sizeY }));
  }
  let y = 0;
  return mobileSorted(layout).map(([i, w]) => {
    const h = w.mobileHeight ?? w.sizeY;
    const item = { i, x: 0, y, w: 1, h, static: true };
    y += h;
    return item;
  });
}

/**
 * Writes back positions after a desktop drag or resize. Items of unknown widgets are ignored;
 * on mobile breakpoints nothing changes, since those items are only a view of the desktop grid.
 */
export function fromGridItems(layout: DashboardLayout, items: readonly GridItem[], bp: Breakpoint): DashboardLayout {
  if (isMobileBreakpoint(bp)) return layout;
  const cols = columnsOf(layout);
  const widgets = { ...layout.widgets };
  let changed = false;
  for (const item of items) {
    const current = widgets[item.i];
    if (!current) continue;
    const size = clampSize({ sizeX: item.w, sizeY: item.h }, cols);
    const pos = clampPosition({ row: item.y, col: item.x }, size.sizeX, cols);
    if (
      pos.row === current.row &&
      pos.col === current.col &&
      size.sizeX === current.sizeX &&
      size.sizeY === current.sizeY
    ) {
      continue;
    }
    widgets[item.i] = { ...current, ...size, ...pos };
    changed = true;
  }
  return changed ? { ...layout, widgets } : layout;
}
