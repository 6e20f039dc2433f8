// Settings shared by the table widgets (ThingsBoard 3.2 names, read defensively: imports may lack them).
import { boolSetting, numSetting, optionalNumSetting, strSetting } from '../shared/settings-readers';
import type { DataTableOptions } from './data-table';
import type { ValueFormat } from './table-model';

export function tableOptions(settings: Record<string, unknown>): DataTableOptions {
  return {
    enableSearch: boolSetting(settings, 'enableSearch', true),
    enableSelectColumnDisplay: boolSetting(settings, 'enableSelectColumnDisplay', true),
    displayPagination: boolSetting(settings, 'displayPagination', true),
    defaultPageSize: Math.min(1000, Math.max(1, Math.round(numSetting(settings, 'defaultPageSize', 10)))),
  };
}

export function widgetValueFormat(settings: Record<string, unknown>): ValueFormat {
  return { units: strSetting(settings, 'units', '') || null, decimals: optionalNumSetting(settings, 'decimals') };
}

/** Below this width the table's pager drops its page-size select. */
export const COMPACT_WIDTH = 480;
