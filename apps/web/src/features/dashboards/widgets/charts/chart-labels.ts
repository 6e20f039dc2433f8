// Series labels of chart widgets. Dashboard authors write ThingsBoard's `${…}` placeholders in key
// labels so that one key over an alias of many devices gives one readable series per device.
import { dataKeyLabel, type DataKey } from '../../model/data-key';
import type { Datasource } from '../../model/datasource-query';
import type { WidgetEntity, WidgetSeries } from '../widget-types';

const PLACEHOLDER = /\$\{([^}]*)\}/g;
const ENTITY_PLACEHOLDERS = new Set(['entityName', 'deviceName', 'entityLabel']);

function aliasNameOf(datasource: Datasource | undefined): string {
  const alias = datasource?.aliasName;
  if (typeof alias === 'string') return alias;
  return typeof datasource?.name === 'string' ? datasource.name : '';
}

/**
 * A key label with `${entityName}` / `${deviceName}` (the entity's name), `${entityLabel}` (its
 * label, else its name), `${entityType}` and `${aliasName}` substituted; other placeholders stay as
 * written, so a typo shows instead of vanishing. With `appendEntity` (several entities on one chart)
 * a label without any entity placeholder gets the entity name after it: two devices' "Temperature"
 * would otherwise be two identical legend rows.
 */
export function substituteLabel(
  label: string,
  entity: WidgetEntity | null,
  options: { aliasName?: string; appendEntity?: boolean } = {},
): string {
  let usedEntity = false;
  const text = label.replace(PLACEHOLDER, (whole, rawName: string) => {
    const name = rawName.trim();
    if (ENTITY_PLACEHOLDERS.has(name)) usedEntity = true;
    switch (name) {
      case 'entityName':
      case 'deviceName':
        return entity?.name ?? '';
      case 'entityLabel':
        return entity?.label?.trim() ? entity.label : (entity?.name ?? '');
      case 'entityType':
        return entity?.entityType ?? '';
      case 'aliasName':
        return options.aliasName ?? '';
      default:
        return whole;
    }
  });
  return options.appendEntity && !usedEntity && entity ? `${text} (${entity.name})` : text;
}

/** How many distinct entities the series come from (function datasources count as none). */
export function entityCount(series: readonly Pick<WidgetSeries, 'entity'>[]): number {
  const ids = new Set<string>();
  for (const s of series) if (s.entity) ids.add(s.entity.id);
  return ids.size;
}

/** The legend / tooltip label of one series of a chart. */
export function seriesLabel(
  series: Pick<WidgetSeries, 'entity' | 'datasource'> & { dataKey: Pick<DataKey, 'name' | 'label'> },
  severalEntities: boolean,
): string {
  return substituteLabel(dataKeyLabel(series.dataKey), series.entity, {
    aliasName: aliasNameOf(series.datasource),
    appendEntity: severalEntities,
  });
}
