import { describe, expect, it } from 'vitest';
import { emptyLayout, type DashboardLayout, type WidgetLayout } from './dashboard-config';
import {
  addWidget,
  breakpointOf,
  compact,
  findFreeSpot,
  fromGridItems,
  gridColumns,
  hasOverlaps,
  moveWidget,
  overlaps,
  removeWidget,
  resizeWidget,
  toGridItems,
} from './grid-layout';

function layoutOf(widgets: Record<string, WidgetLayout>, columns = 24): DashboardLayout {
  const base = emptyLayout();
  return { ...base, widgets, gridSettings: { ...base.gridSettings, columns } };
}

describe('overlaps', () => {
  it('counts shared cells, not touching edges', () => {
    const a = { row: 0, col: 0, sizeX: 8, sizeY: 6 };
    expect(overlaps(a, { row: 5, col: 7, sizeX: 2, sizeY: 2 })).toBe(true);
    expect(overlaps(a, { row: 0, col: 8, sizeX: 8, sizeY: 6 })).toBe(false);
    expect(overlaps(a, { row: 6, col: 0, sizeX: 8, sizeY: 6 })).toBe(false);
  });
});

describe('addWidget', () => {
  it('fills rows left to right, then the next free row, without overlaps', () => {
    let layout = emptyLayout();
    for (const id of ['a', 'b', 'c', 'd']) layout = addWidget(layout, id, { sizeX: 8, sizeY: 6 });
    expect(layout.widgets).toEqual({
      a: { sizeX: 8, sizeY: 6, row: 0, col: 0 },
      b: { sizeX: 8, sizeY: 6, row: 0, col: 8 },
      c: { sizeX: 8, sizeY: 6, row: 0, col: 16 },
      d: { sizeX: 8, sizeY: 6, row: 6, col: 0 },
    });
    expect(hasOverlaps(layout)).toBe(false);
  });

  it('uses a gap above the bottom when the widget fits there', () => {
    const layout = layoutOf({
      tall: { sizeX: 12, sizeY: 10, row: 0, col: 0 },
      short: { sizeX: 12, sizeY: 2, row: 0, col: 12 },
    });
    expect(findFreeSpot(layout, { sizeX: 6, sizeY: 4 })).toEqual({ row: 2, col: 12 });
    expect(findFreeSpot(layout, { sizeX: 13, sizeY: 1 })).toEqual({ row: 10, col: 0 });
  });

  it('never overlaps, whatever the sizes', () => {
    let layout = emptyLayout();
    const sizes = [
      [5, 3],
      [24, 2],
      [7, 9],
      [13, 4],
      [1, 1],
      [30, 5],
      [8, 6],
      [11, 2],
      [3, 7],
    ] as const;
    sizes.forEach(([sizeX, sizeY], i) => {
      layout = addWidget(layout, `w${i}`, { sizeX, sizeY });
    });
    expect(Object.keys(layout.widgets)).toHaveLength(sizes.length);
    expect(hasOverlaps(layout)).toBe(false);
    for (const w of Object.values(layout.widgets)) expect(w.col + w.sizeX).toBeLessThanOrEqual(24);
  });

  it('clamps the size to the grid', () => {
    const layout = addWidget(emptyLayout(), 'wide', { sizeX: 40, sizeY: 0 }, 12);
    expect(layout.widgets.wide).toEqual({ sizeX: 12, sizeY: 1, row: 0, col: 0 });
  });

  it('does not change its input', () => {
    const before = emptyLayout();
    addWidget(before, 'a', { sizeX: 8, sizeY: 6 });
    expect(before.widgets).toEqual({});
  });
});

describe('moveWidget and resizeWidget', () => {
  const base = layoutOf({
    a: { sizeX: 8, sizeY: 6, row: 0, col: 0 },
    b: { sizeX: 8, sizeY: 6, row: 0, col: 8 },
    c: { sizeX: 8, sizeY: 4, row: 6, col: 8 },
  });

  it('moves inside the grid and pushes what is in the way down', () => {
    const moved = moveWidget(base, 'a', { row: 2, col: 10 });
    expect(moved.widgets.a).toMatchObject({ row: 2, col: 10 });
    expect(moved.widgets.b).toMatchObject({ row: 8, col: 8 });
    expect(moved.widgets.c).toMatchObject({ row: 14, col: 8 });
    expect(hasOverlaps(moved)).toBe(false);
    expect(moveWidget(base, 'a', { row: -4, col: 30 }).widgets.a).toMatchObject({ row: 0, col: 16 });
  });

  it('keeps other widgets where nothing collides', () => {
    const moved = moveWidget(base, 'a', { row: 0, col: 16 });
    expect(moved.widgets.b).toEqual(base.widgets.b);
    expect(moved.widgets.c).toEqual(base.widgets.c);
  });

  it('clamps a resize to at least 1 by 1 and the grid width', () => {
    expect(resizeWidget(base, 'c', { sizeX: 0, sizeY: -2 }).widgets.c).toMatchObject({ sizeX: 1, sizeY: 1 });
    const wide = resizeWidget(base, 'b', { sizeX: 30, sizeY: 6 });
    expect(wide.widgets.b).toMatchObject({ sizeX: 24, col: 0, row: 0 });
    expect(hasOverlaps(wide)).toBe(false);
    expect(resizeWidget(base, 'b', { sizeX: 20, sizeY: 6 }).widgets.b).toMatchObject({ sizeX: 20, col: 4 });
  });

  it('ignores unknown widgets', () => {
    expect(moveWidget(base, 'zzz', { row: 1, col: 1 })).toBe(base);
    expect(resizeWidget(base, 'zzz', { sizeX: 1, sizeY: 1 })).toBe(base);
  });
});

describe('removeWidget and compact', () => {
  it('removes one widget and keeps the rest', () => {
    const layout = layoutOf({ a: { sizeX: 8, sizeY: 6, row: 0, col: 0 }, b: { sizeX: 8, sizeY: 6, row: 6, col: 0 } });
    expect(Object.keys(removeWidget(layout, 'a').widgets)).toEqual(['b']);
    expect(removeWidget(layout, 'missing')).toBe(layout);
  });

  it('moves widgets up into gaps', () => {
    const layout = layoutOf({
      a: { sizeX: 8, sizeY: 6, row: 3, col: 0 },
      b: { sizeX: 8, sizeY: 2, row: 20, col: 4 },
      c: { sizeX: 8, sizeY: 2, row: 5, col: 16 },
    });
    expect(compact(layout).widgets).toEqual({
      a: { sizeX: 8, sizeY: 6, row: 0, col: 0 },
      b: { sizeX: 8, sizeY: 2, row: 6, col: 4 },
      c: { sizeX: 8, sizeY: 2, row: 0, col: 16 },
    });
  });
});

describe('breakpoints', () => {
  it('follows xs<600, sm 600-959, md 960-1279, lg 1280-1919, xl 1920+', () => {
    const cases: [number, string][] = [
      [0, 'xs'],
      [599, 'xs'],
      [600, 'sm'],
      [959, 'sm'],
      [960, 'md'],
      [1279, 'md'],
      [1280, 'lg'],
      [1919, 'lg'],
      [1920, 'xl'],
      [5000, 'xl'],
      [Number.NaN, 'xs'],
    ];
    for (const [width, bp] of cases) expect(breakpointOf(width), String(width)).toBe(bp);
  });
});

describe('grid items', () => {
  const layout = layoutOf({
    chart: { sizeX: 16, sizeY: 8, row: 0, col: 0 },
    card: { sizeX: 8, sizeY: 3, row: 0, col: 16, mobileOrder: 2 },
    table: { sizeX: 24, sizeY: 6, row: 8, col: 0, mobileHeight: 4 },
    gauge: { sizeX: 8, sizeY: 5, row: 3, col: 16, mobileOrder: 0 },
    hidden: { sizeX: 8, sizeY: 5, row: 14, col: 0, mobileHide: true },
  });

  it('uses positions and sizes on desktop', () => {
    expect(gridColumns(layout, 'lg')).toBe(24);
    expect(toGridItems(layout, 'md')).toEqual([
      { i: 'chart', x: 0, y: 0, w: 16, h: 8 },
      { i: 'card', x: 16, y: 0, w: 8, h: 3 },
      { i: 'gauge', x: 16, y: 3, w: 8, h: 5 },
      { i: 'table', x: 0, y: 8, w: 24, h: 6 },
      { i: 'hidden', x: 0, y: 14, w: 8, h: 5 },
    ]);
  });

  it('stacks visible widgets in mobile order on xs and sm, mobileHeight first', () => {
    expect(gridColumns(layout, 'xs')).toBe(1);
    // ordered gauge (0) and card (2) first, then chart and table by row; hidden is left out
    expect(toGridItems(layout, 'sm')).toEqual([
      { i: 'gauge', x: 0, y: 0, w: 1, h: 5, static: true },
      { i: 'card', x: 0, y: 5, w: 1, h: 3, static: true },
      { i: 'chart', x: 0, y: 8, w: 1, h: 8, static: true },
      { i: 'table', x: 0, y: 16, w: 1, h: 4, static: true },
    ]);
  });

  it('orders by row and column when no widget has a mobile order', () => {
    const plain = layoutOf({
      right: { sizeX: 12, sizeY: 2, row: 0, col: 12 },
      below: { sizeX: 24, sizeY: 2, row: 2, col: 0 },
      left: { sizeX: 12, sizeY: 2, row: 0, col: 0 },
    });
    expect(toGridItems(plain, 'xs').map((item) => item.i)).toEqual(['left', 'right', 'below']);
  });

  it('writes a desktop drag back, clamped, and ignores mobile and unknown items', () => {
    const items = toGridItems(layout, 'lg').map((item) => (item.i === 'card' ? { ...item, x: 20, y: 1, w: 9 } : item));
    const next = fromGridItems(layout, [...items, { i: 'ghost', x: 0, y: 0, w: 1, h: 1 }], 'lg');
    expect(next.widgets.card).toEqual({ sizeX: 9, sizeY: 3, row: 1, col: 15, mobileOrder: 2 });
    expect(next.widgets.ghost).toBeUndefined();
    expect(fromGridItems(layout, toGridItems(layout, 'lg'), 'lg')).toBe(layout);
    expect(fromGridItems(layout, toGridItems(layout, 'xs'), 'xs')).toBe(layout);
  });
});
