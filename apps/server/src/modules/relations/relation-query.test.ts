import { describe, expect, it } from 'vitest';
import { findByQuery, matchesFilters, walkRelations, type FetchLevel } from './relation-query.ts';
import type { RelationRow } from './relation.repository.ts';

/** An in-memory relation table of "a>b" edges between assets named by letters-as-ids. */
function graph(edges: string[]): { fetch: FetchLevel; calls: number[] } {
  const rows: RelationRow[] = edges.map((e) => {
    const [from, to] = e.split('>') as [string, string];
    return {
      from_id: from,
      from_type: 'ASSET',
      to_id: to,
      to_type: to.startsWith('d') ? 'DEVICE' : 'ASSET',
      relation_type: 'Contains',
      relation_type_group: 'COMMON',
      additional_info: null,
    };
  });
  const calls: number[] = [];
  const fetch: FetchLevel = async (entities, direction) => {
    calls.push(entities.length);
    const ids = new Set(entities.map((e) => e.id));
    return rows.filter((r) => ids.has(direction === 'FROM' ? r.from_id : r.to_id));
  };
  return { fetch, calls };
}
const show = (rows: RelationRow[]) => rows.map((r) => `${r.from_id}>${r.to_id}`).sort();

describe('walkRelations', () => {
  it('expands every entity once, so a cycle ends and a diamond is walked once', async () => {
    const g = graph(['r>a', 'a>b', 'b>r', 'r>c', 'c>e', 'a>e', 'e>f']);
    const levels = await walkRelations(g.fetch, { rootId: 'r', rootType: 'ASSET', direction: 'FROM' });
    expect(levels.map(show)).toEqual([
      ['r>a', 'r>c'],
      ['a>b', 'a>e', 'c>e'],
      ['b>r', 'e>f'],
    ]);
    // One query per level; the root is not expanded again when the cycle returns to it.
    expect(g.calls).toEqual([1, 2, 2, 1]);
  });

  it('stops at maxLevel', async () => {
    const g = graph(['r>a', 'a>b', 'b>c']);
    const levels = await walkRelations(g.fetch, { rootId: 'r', rootType: 'ASSET', direction: 'FROM', maxLevel: 2 });
    expect(levels.map(show)).toEqual([['r>a'], ['a>b']]);
  });

  it('walks backwards with direction TO', async () => {
    const g = graph(['r>a', 'a>b', 'x>b']);
    const levels = await walkRelations(g.fetch, { rootId: 'b', rootType: 'ASSET', direction: 'TO' });
    expect(levels.map(show)).toEqual([['a>b', 'x>b'], ['r>a']]);
  });
});

describe('findByQuery', () => {
  it('keeps only the last level when asked, bounded or not', async () => {
    const g = graph(['r>a', 'a>b', 'b>c']);
    const p = { rootId: 'r', rootType: 'ASSET', direction: 'FROM' as const, fetchLastLevelOnly: true };
    expect(show(await findByQuery(g.fetch, { ...p, maxLevel: 2 }, []))).toEqual(['a>b']);
    expect(show(await findByQuery(g.fetch, { ...p, maxLevel: 5 }, []))).toEqual([]);
    expect(show(await findByQuery(g.fetch, p, []))).toEqual(['b>c']);
  });

  it('filters by the type of the far end and the relation type', () => {
    const row = (to_type: string, relation_type: string) =>
      ({ from_type: 'ASSET', to_type, relation_type }) as RelationRow;
    expect(matchesFilters(row('DEVICE', 'Contains'), [], 'FROM')).toBe(true);
    expect(matchesFilters(row('DEVICE', 'Contains'), [{ entityTypes: ['DEVICE'] }], 'FROM')).toBe(true);
    expect(matchesFilters(row('DEVICE', 'Contains'), [{ entityTypes: ['DEVICE'] }], 'TO')).toBe(false);
    expect(matchesFilters(row('DEVICE', 'Contains'), [{ relationType: 'Manages' }], 'FROM')).toBe(false);
    expect(
      matchesFilters(
        row('DEVICE', 'Contains'),
        [{ relationType: 'Manages' }, { relationType: '', entityTypes: [] }],
        'FROM',
      ),
    ).toBe(true);
  });
});
