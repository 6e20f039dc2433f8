import { describe, expect, it } from 'vitest';
import {
  dropIndex,
  filterSuggestions,
  insertItem,
  keyListValue,
  moveItem,
  newEntries,
  removeItem,
  splitEntries,
} from './chip-list-model';

describe('reorder', () => {
  const list = ['a', 'b', 'c', 'd'];

  it('moves an item left and right', () => {
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(list, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(list, 1, 99)).toEqual(['a', 'c', 'd', 'b']);
    expect(moveItem(list, 9, 0)).toEqual(list);
  });

  it('drops on the left or right half of a chip', () => {
    // 'a' dropped after 'c' → b c a d ; before 'c' → b a c d
    expect(moveItem(list, 0, dropIndex(0, 2, true))).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(list, 0, dropIndex(0, 2, false))).toEqual(['b', 'a', 'c', 'd']);
    // 'd' dropped before 'a' → d a b c ; after 'a' → a d b c
    expect(moveItem(list, 3, dropIndex(3, 0, false))).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(list, 3, dropIndex(3, 0, true))).toEqual(['a', 'd', 'b', 'c']);
    // dropped on itself: no change
    expect(moveItem(list, 1, dropIndex(1, 1, true))).toEqual(list);
  });

  it('inserts and removes', () => {
    expect(insertItem(['a', 'b'], 'x', 1)).toEqual(['a', 'x', 'b']);
    expect(insertItem(['a'], 'x')).toEqual(['a', 'x']);
    expect(removeItem(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });
});

describe('typed entries', () => {
  it('splits on comma and semicolon, keeping the unfinished rest', () => {
    expect(splitEntries('temp, hum;  ;press')).toEqual({ entries: ['temp', 'hum'], rest: 'press' });
    expect(splitEntries('temp')).toEqual({ entries: [], rest: 'temp' });
    expect(splitEntries('a,b', [])).toEqual({ entries: [], rest: 'a,b' });
  });

  it('ignores empties and duplicates', () => {
    expect(newEntries([' temp ', 'hum', 'temp', ''], ['hum'])).toEqual(['temp']);
  });

  it('suggests by case-insensitive prefix, without chosen ones', () => {
    expect(filterSuggestions(['Temperature', 'temp2', 'humidity'], 'TEM', ['temp2'])).toEqual(['Temperature']);
    expect(filterSuggestions(['a', 'b', 'c'], '', [], 2)).toEqual(['a', 'b']);
  });

  it('yields null when the last key is removed', () => {
    expect(keyListValue([])).toBeNull();
    expect(keyListValue(['a'])).toEqual(['a']);
  });
});
