import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boolSetting, strSetting } from '../shared/settings-readers';
import { WidgetMessage } from '../shared/widget-message';
import type { WidgetProps } from '../widget-types';
import { DataTable } from './data-table';
import { COMPACT_WIDTH, tableOptions, widgetValueFormat } from './table-settings';
import { groupSeries, keyColumns, parseSortOrder, timeseriesRows, TS_COLUMN, type TableColumn } from './table-model';

/** cards.timeseries_table: the window's values, one row per timestamp, one tab per entity. */
export function TimeseriesTableWidget({ ctx }: WidgetProps) {
  const { t } = useTranslation();
  const { settings } = ctx;
  const [tab, setTab] = useState(0);
  const groups = useMemo(() => groupSeries(ctx.data.series), [ctx.data.series]);
  const group = groups[Math.min(tab, Math.max(0, groups.length - 1))];

  const showTimestamp = boolSetting(settings, 'showTimestamp', true);
  const dateFormat = strSetting(settings, 'dateFormat', 'YYYY-MM-DD HH:mm:ss');
  const showMs = boolSetting(settings, 'showMilliseconds', false);
  const hideEmptyLines = boolSetting(settings, 'hideEmptyLines', false);
  const options = tableOptions(settings);
  const { units, decimals } = widgetValueFormat(settings);
  const sortSetting = strSetting(settings, 'defaultSortOrder', '-0');

  const columns = useMemo<TableColumn[]>(
    () => [
      ...(showTimestamp ? [{ id: TS_COLUMN, label: t('widget-table.timestamp') }] : []),
      ...keyColumns(group?.series ?? []),
    ],
    [group, showTimestamp, t],
  );
  const rows = useMemo(() => {
    const pattern = showMs ? `${dateFormat}.SSS` : dateFormat;
    return timeseriesRows(group?.series ?? [], {
      format: { units, decimals },
      formatTs: (ts) => dayjs(ts).format(pattern),
      hideEmptyLines,
    });
  }, [group, dateFormat, showMs, hideEmptyLines, units, decimals]);

  if (ctx.data.error) return <WidgetMessage text={ctx.data.error} />;
  if (!group)
    return <WidgetMessage text={ctx.data.loading ? 'common.loading' : (ctx.noDataMessage ?? 'widget.no-data')} />;

  // Rows come newest first; without a timestamp column there is no column to sort them by.
  const initialSort = showTimestamp ? parseSortOrder(sortSetting, columns) : null;

  return (
    <DataTable
      // A new tab starts a fresh table (its own sort, page and search).
      key={group.id}
      columns={columns}
      rows={rows}
      initialSort={initialSort}
      options={options}
      exportName={ctx.widget.config.title ?? group.label}
      compact={ctx.width < COMPACT_WIDTH}
      header={
        groups.length > 1 ? (
          <Tabs
            value={Math.min(tab, groups.length - 1)}
            onChange={(_event, next: number) => setTab(next)}
            variant="scrollable"
            scrollButtons="auto"
            sx={{ minHeight: 36, '& .MuiTab-root': { minHeight: 36, py: 0.5, textTransform: 'none' } }}
          >
            {groups.map((g) => (
              <Tab key={g.id} label={g.label} />
            ))}
          </Tabs>
        ) : null
      }
    />
  );
}
