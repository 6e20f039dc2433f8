import { describe, expect, it } from 'vitest';
import { compareLibraryTypes, widgetLibraryLayout } from './widget-library-layout';

const at = (types: { sizeY?: number }[]) => widgetLibraryLayout(types).map(({ row, col }) => [row, col]);

describe('widgetLibraryLayout', () => {
  it('stacks a group until it is more than 10 rows past its previous height, then moves on', () => {
    // group 0: 6 (≤10, stay), 12 (>10, leave at 12); group 1 likewise; group 2 likewise.
    expect(at(Array.from({ length: 6 }, () => ({ sizeY: 6 })))).toEqual([
      [0, 0],
      [6, 0],
      [0, 8],
      [6, 8],
      [0, 16],
      [6, 16],
    ]);
  });

  it('returns to the first group at the height it was left, then needs another 11 rows there', () => {
    const placed = at(Array.from({ length: 9 }, () => ({ sizeY: 6 })));
    expect(placed.slice(6)).toEqual([
      [12, 0],
      [18, 0],
      [12, 8],
    ]);
  });

  it('leaves after a single tall widget and after exactly 11 rows, not after 10', () => {
    expect(at([{ sizeY: 11 }, { sizeY: 4 }])).toEqual([
      [0, 0],
      [0, 8],
    ]);
    expect(at([{ sizeY: 5 }, { sizeY: 5 }, { sizeY: 3 }, { sizeY: 2 }])).toEqual([
      [0, 0],
      [5, 0],
      [10, 0],
      [0, 8],
    ]);
  });

  it('makes every widget 8 columns wide, its height the type’s sizeY rounded down (default 6)', () => {
    const placed = widgetLibraryLayout([{ alias: 'a', sizeY: 4.7 }, { alias: 'b' }, { alias: 'c', sizeY: 0.2 }]);
    expect(placed.map(({ alias, sizeX, sizeY }) => [alias, sizeX, sizeY])).toEqual([
      ['a', 8, 4],
      ['b', 8, 6],
      ['c', 8, 1],
    ]);
  });

  it('places nothing for an empty bundle', () => {
    expect(widgetLibraryLayout([])).toEqual([]);
  });
});

describe('compareLibraryTypes', () => {
  it('lists kinds in reverse alphabetical order, newest first within a kind', () => {
    const types = [
      { name: 'card', type: 'latest', createdTime: 1 },
      { name: 'chart-old', type: 'timeseries', createdTime: 1 },
      { name: 'alarms', type: 'alarm', createdTime: 5 },
      { name: 'chart-new', type: 'timeseries', createdTime: 2 },
      { name: 'html', type: 'static', createdTime: 3 },
    ];
    expect([...types].sort(compareLibraryTypes).map((t) => t.name)).toEqual([
      'chart-new',
      'chart-old',
      'html',
      'card',
      'alarms',
    ]);
  });
});
