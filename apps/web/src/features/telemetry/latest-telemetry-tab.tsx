import ShowChart from '@mui/icons-material/ShowChart';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectionBar } from '../assets/selection-bar';
import { DeleteSelectedButton } from './delete-selected-button';
import { LiveStatus } from './live-status';
import { LiveTable } from './live-table';
import { isReadOnlyEntity, type TelemetryEntity } from './model/telemetry-paths';
import { useDeleteTimeseries } from './telemetry-queries';
import { useLiveKeyTable } from './use-live-key-table';
import { useLiveTelemetry } from './use-live-telemetry';

// uPlot and the chart come with the first chart opened, not with the tab.
const TelemetryChartDialog = lazy(() => import('./chart/telemetry-chart-dialog'));

export interface LatestTelemetryTabProps {
  entity: TelemetryEntity;
  /** Roles that change nothing (customers) see the values and charts only. */
  readOnly: boolean;
}

/** Every time-series key of the entity with its latest value, live; chart and delete per key. */
export function LatestTelemetryTab({ entity, readOnly: readOnlyRole }: LatestTelemetryTabProps) {
  const { t } = useTranslation();
  const live = useLiveTelemetry(entity, 'LATEST_TELEMETRY');
  const remove = useDeleteTimeseries(entity);
  const readOnly = readOnlyRole || isReadOnlyEntity(entity.entityType);
  const table = useLiveKeyTable(live, {
    emptyText: 'attribute.no-telemetry-text',
    deleteTexts: {
      title: 'attribute.delete-timeseries-title',
      text: 'attribute.delete-timeseries-text',
      done: 'attribute.timeseries-deleted',
    },
    remove: (keys) => remove.mutateAsync(keys),
  });
  const [chartKeys, setChartKeys] = useState<string[] | null>(null);

  return (
    <Stack spacing={1.5}>
      <LiveStatus status={live.status} loading={live.loading} />
      <SelectionBar count={table.selectedKeys.length} onClear={table.clearSelection}>
        <Button size="small" startIcon={<ShowChart />} onClick={() => setChartKeys(table.selectedKeys)}>
          {t('attribute.show-chart')}
        </Button>
        {!readOnly && <DeleteSelectedButton pending={remove.isPending} onDelete={table.deleteSelected} />}
      </SelectionBar>
      <LiveTable
        label={t('attribute.latest-telemetry')}
        {...table.tableProps}
        selected={table.selected}
        onSelectedChange={table.setSelected}
        rowActions={(row) => (
          <Tooltip title={t('attribute.show-chart')}>
            <IconButton
              size="small"
              aria-label={`${t('attribute.show-chart')}: ${row.key}`}
              onClick={() => setChartKeys([row.key])}
            >
              <ShowChart fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      />
      {chartKeys && (
        <Suspense fallback={<LinearProgress sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'modal' }} />}>
          <TelemetryChartDialog entity={entity} keys={chartKeys} onClose={() => setChartKeys(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
