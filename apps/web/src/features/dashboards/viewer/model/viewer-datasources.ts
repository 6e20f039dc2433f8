import type { WidgetConfig } from '../../model/dashboard-config';
import type { Datasource } from '../../model/datasource-query';
import { isRecord } from '../../model/json-guards';

/** A widget's datasources as stored; entries that are not objects with a type are skipped. */
export function viewerDatasources(config: WidgetConfig): Datasource[] {
  const list = config.datasources;
  if (!Array.isArray(list)) return [];
  return list.filter((d): d is Datasource => isRecord(d) && typeof d.type === 'string');
}
