import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { boolSetting, strSetting } from '../shared/settings-readers';
import { WidgetMessage } from '../shared/widget-message';
import type { WidgetProps } from '../widget-types';
import { DataTable } from './data-table';
import { COMPACT_WIDTH, tableOptions, widgetValueFormat } from './table-settings';
import {
  ENTITY_LABEL,
  ENTITY_NAME,
  ENTITY_TYPE,
  entityKeyColumns,
  entityRows,
  parseSortOrder,
  type TableColumn,
} from './table-model';

/** cards.entities_table: one row per entity of the datasources with the latest value of each key. */
export function EntitiesTableWidget({ ctx }: WidgetProps) {
  const { t } = useTranslation();
  const { settings } = ctx;
  const title = strSetting(settings, 'entitiesTitle', '');
  const showName = boolSetting(settings, 'displayEntityName', true);
  const nameTitle = strSetting(settings, 'entityNameColumnTitle', '');
  const showLabel = boolSetting(settings, 'displayEntityLabel', false);
  const showType = boolSetting(settings, 'displayEntityType', false);
  const { units, decimals } = widgetValueFormat(settings);
  const options = tableOptions(settings);
  const sortSetting = strSetting(settings, 'defaultSortOrder', 'entityName');
  const { series, entities } = ctx.data;

  const columns = useMemo<TableColumn[]>(
    () => [
      ...(showName ? [{ id: ENTITY_NAME, label: nameTitle || t('entity.entity-name') }] : []),
      ...(showLabel ? [{ id: ENTITY_LABEL, label: t('widget-table.entity-label') }] : []),
      ...(showType ? [{ id: ENTITY_TYPE, label: t('entity.entity-type') }] : []),
      ...entityKeyColumns(series).columns,
    ],
    [series, showName, nameTitle, showLabel, showType, t],
  );
  const rows = useMemo(() => entityRows(entities, series, { units, decimals }), [entities, series, units, decimals]);

  if (ctx.data.error) return <WidgetMessage text={ctx.data.error} />;
  if (rows.length === 0 || columns.length === 0) {
    return <WidgetMessage text={ctx.data.loading ? 'common.loading' : (ctx.noDataMessage ?? 'widget.no-data')} />;
  }

  // The viewer runs nothing while the dashboard is edited; rows only point when an action is set.
  const clickable = !ctx.editing && ctx.hasAction('rowClick');
  return (
    <DataTable
      columns={columns}
      rows={rows}
      initialSort={parseSortOrder(sortSetting, columns)}
      options={options}
      exportName={title || ctx.widget.config.title || 'entities'}
      compact={ctx.width < COMPACT_WIDTH}
      onRowClick={clickable ? (row) => ctx.action('rowClick', row.entity ?? null) : undefined}
      header={
        title ? (
          <Typography variant="subtitle2" noWrap>
            {title}
          </Typography>
        ) : null
      }
    />
  );
}
