import Delete from '@mui/icons-material/Delete';
import ShowChart from '@mui/icons-material/ShowChart';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../components/dialogs/dialog-store';
import { notify } from '../../lib/notifications';
import { SelectionBar } from '../assets/selection-bar';
import { LiveStatus } from './live-status';
import { LiveTable } from './live-table';
import { visibleEntries } from './model/live-state';
import { isReadOnlyEntity, type TelemetryEntity } from './model/telemetry-paths';
import { useDeleteTimeseries } from './telemetry-queries';
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
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [chartKeys, setChartKeys] = useState<string[] | null>(null);
  const rows = useMemo(() => visibleEntries(live.entries, search), [live.entries, search]);
  // Keys that disappeared (deleted elsewhere) leave the selection.
  const selectedKeys = [...selected].filter((key) => live.entries.has(key));

  const onDelete = async () => {
    const keys = selectedKeys;
    const ok = await confirmDialog({
      title: t('attribute.delete-timeseries-title', { count: keys.length }),
      message: t('attribute.delete-timeseries-text'),
      okText: t('action.delete'),
      cancelText: t('action.cancel'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(keys);
    } catch {
      return; // the HTTP client already showed the server's message
    }
    live.removeKeys(keys);
    setSelected(new Set());
    notify({ message: t('attribute.timeseries-deleted', { count: keys.length }), type: 'success' });
  };

  return (
    <Stack spacing={1.5}>
      <LiveStatus status={live.status} loading={live.loading} />
      <SelectionBar count={selectedKeys.length} onClear={() => setSelected(new Set())}>
        <Button size="small" startIcon={<ShowChart />} onClick={() => setChartKeys(selectedKeys)}>
          {t('attribute.show-chart')}
        </Button>
        {!readOnly && (
          <Button
            size="small"
            color="error"
            startIcon={<Delete />}
            disabled={remove.isPending}
            onClick={() => void onDelete()}
          >
            {t('action.delete')}
          </Button>
        )}
      </SelectionBar>
      <LiveTable
        label={t('attribute.latest-telemetry')}
        rows={rows}
        loading={live.loading}
        error={live.error}
        emptyText={search ? t('attribute.no-keys-matching', { search }) : t('attribute.no-telemetry-text')}
        search={search}
        onSearchChange={setSearch}
        selected={selected}
        onSelectedChange={setSelected}
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
