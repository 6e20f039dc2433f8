// The dashboard's aliases as the aliases dialog edits them: a list in stored order, and which widgets
// read an alias (ThingsBoard refuses to delete an alias that widgets still use).
import type { DashboardWidget } from '../../../model/dashboard-config';
import type { EntityAlias, EntityAliases } from '../../../model/entity-alias';
import { SINGLE_ENTITY_FILTERS, type AliasFilterType } from './alias-filter-types';
import { isRecord } from '../../../model/json-guards';

type Rec = Record<string, unknown>;

/** Stored aliases as a list; an entry without its own id takes its key (old exports lack it). */
export function aliasList(aliases: Rec | null | undefined): EntityAlias[] {
  const out: EntityAlias[] = [];
  for (const [key, raw] of Object.entries(aliases ?? {})) {
    if (!isRecord(raw)) continue;
    const filter = isRecord(raw.filter) ? raw.filter : { type: '' };
    out.push({
      ...raw,
      id: typeof raw.id === 'string' && raw.id ? raw.id : key,
      alias: typeof raw.alias === 'string' ? raw.alias : key,
      filter: filter as EntityAlias['filter'],
    });
  }
  return out;
}

/** Back to the stored map, keyed by id. */
export function aliasMap(list: readonly EntityAlias[]): EntityAliases {
  const out: EntityAliases = {};
  for (const alias of list) out[alias.id] = alias;
  return out;
}

/** Adds the alias, or replaces the one with its id in place. */
export function upsertAlias(list: readonly EntityAlias[], alias: EntityAlias): EntityAlias[] {
  return list.some((a) => a.id === alias.id) ? list.map((a) => (a.id === alias.id ? alias : a)) : [...list, alias];
}

export function canResolveMultiple(alias: EntityAlias): boolean {
  return !SINGLE_ENTITY_FILTERS.includes(alias.filter.type as AliasFilterType);
}

export function setResolveMultiple(list: readonly EntityAlias[], id: string, value: boolean): EntityAlias[] {
  return list.map((a) =>
    a.id === id && canResolveMultiple(a) ? { ...a, filter: { ...a.filter, resolveMultiple: value } } : a,
  );
}

function readsAlias(config: Rec, aliasId: string): boolean {
  const sources = Array.isArray(config.datasources) ? config.datasources : [];
  if (sources.some((d) => isRecord(d) && d.entityAliasId === aliasId)) return true;
  // RPC widgets name their target device alias separately.
  const targets = Array.isArray(config.targetDeviceAliasIds) ? config.targetDeviceAliasIds : [];
  if (targets.includes(aliasId)) return true;
  const alarmSource = config.alarmSource;
  return isRecord(alarmSource) && alarmSource.entityAliasId === aliasId;
}

/** Titles of the widgets that read the alias (empty when it can be deleted). */
export function widgetsUsingAlias(widgets: Record<string, DashboardWidget> | undefined, aliasId: string): string[] {
  const titles: string[] = [];
  for (const widget of Object.values(widgets ?? {})) {
    if (!isRecord(widget.config) || !readsAlias(widget.config, aliasId)) continue;
    const title = typeof widget.config.title === 'string' && widget.config.title ? widget.config.title : widget.id;
    titles.push(title);
  }
  return titles;
}
