import { describe, expect, it } from 'vitest';
import type { DashboardWidget } from '../../../model/dashboard-config';
import { aliasList, aliasMap, setResolveMultiple, upsertAlias, widgetsUsingAlias } from './alias-list';

describe('alias list', () => {
  it('reads stored aliases, taking the key when an entry has no id, and writes them back by id', () => {
    const list = aliasList({ k1: { alias: 'A', filter: { type: 'entityType' } }, junk: 5 });
    expect(list).toEqual([{ id: 'k1', alias: 'A', filter: { type: 'entityType' } }]);
    expect(
      Object.keys(aliasMap(upsertAlias(list, { id: 'k2', alias: 'B', filter: { type: 'apiUsageState' } }))),
    ).toEqual(['k1', 'k2']);
  });

  it('replaces an edited alias in place', () => {
    const list = aliasList({
      a: { id: 'a', alias: 'A', filter: { type: 'entityType' } },
      b: { id: 'b', alias: 'B', filter: { type: 'entityType' } },
    });
    expect(upsertAlias(list, { id: 'a', alias: 'Z', filter: { type: 'entityType' } }).map((a) => a.alias)).toEqual([
      'Z',
      'B',
    ]);
  });

  it('sets "resolve as multiple" only where it means something', () => {
    const list = aliasList({
      s: { id: 's', alias: 'S', filter: { type: 'singleEntity' } },
      t: { id: 't', alias: 'T', filter: { type: 'entityType' } },
    });
    const next = setResolveMultiple(setResolveMultiple(list, 's', true), 't', true);
    expect(next.map((a) => a.filter.resolveMultiple)).toEqual([undefined, true]);
  });

  it('finds the widgets that read an alias', () => {
    const widget = (id: string, config: DashboardWidget['config']): DashboardWidget => ({ id, config });
    const widgets = {
      w1: widget('w1', { title: 'Temps', datasources: [{ type: 'entity', entityAliasId: 'a' }] }),
      w2: widget('w2', { targetDeviceAliasIds: ['a'] }),
      w3: widget('w3', { datasources: [{ type: 'entity', entityAliasId: 'b' }] }),
    };
    expect(widgetsUsingAlias(widgets, 'a')).toEqual(['Temps', 'w2']);
    expect(widgetsUsingAlias(widgets, 'c')).toEqual([]);
  });
});
