import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import GlobalStyles from '@mui/material/GlobalStyles';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { addCalendar, startOfDay } from '@sapo/common';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageProgress } from '../../components/page-progress';
import { PageHeader } from '../../components/entity-table/page-header';
import { csvDownload } from './energy-csv';
import { ChartCard, HeatMapChart, LoadProfileChart, StackedBarsChart } from './energy-charts';
import { EnergyKpis } from './energy-kpis';
import { EnergyLive } from './energy-live';
import { RankingTable } from './energy-ranking';
import { useBuildings, useConsumption } from './energy-queries';
import {
  baseLoad,
  dayHourMatrix,
  demandSeries,
  localStamp,
  peakDemand,
  rankConsumers,
  stackBySubMeter,
} from './model/energy-model';
import { buildingOptions, floorOptions, liveMeters } from './model/energy-scope';

export type EnergyWindow = 'today' | '7d' | '30d';
const WINDOW_DAYS: Record<EnergyWindow, number> = { today: 1, '7d': 7, '30d': 30 };

/** Print: no shell chrome or buttons, cards whole on a page (the page reads well on paper). */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, aside, nav, footer, .no-print, .MuiAppBar-root, .MuiDrawer-root': { display: 'none !important' },
        'main, body': { margin: '0 !important', padding: '0 !important', background: '#fff !important' },
        '.energy-card': { breakInside: 'avoid', boxShadow: 'none !important' },
        '.energy-grid': { display: 'block !important' },
        '.energy-grid > *': { marginBottom: '12px' },
      },
    }}
  />
);

/** The energy dashboard: KPIs against the previous period, live load and the charts, per building or floor. */
export function EnergyDashboardScreen() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language.replace('_', '-');
  const buildings = useBuildings();
  const [buildingId, setBuildingId] = useState<string | null>(null);
  const [floorId, setFloorId] = useState<string | null>(null);
  const [span, setSpan] = useState<EnergyWindow>('7d');
  const roots = buildings.data?.roots;
  const options = useMemo(() => buildingOptions(roots ?? []), [roots]);
  const floors = useMemo(() => (buildingId ? floorOptions(roots ?? [], buildingId) : []), [roots, buildingId]);

  useEffect(() => {
    if (options.length && !options.some((o) => o.id === buildingId)) {
      setBuildingId(options[0]!.id);
      setFloorId(null);
    }
  }, [options, buildingId]);

  const zone = buildings.data?.timeZone ?? 'UTC';
  const nodeId = floorId ?? buildingId;
  // The window starts at a local midnight so days and the heat map rows are whole.
  const [now] = useState(() => Date.now());
  const windowStart = addCalendar(startOfDay(now, zone), -(WINDOW_DAYS[span] - 1), 'day', zone);
  const profile = useConsumption(nodeId ? { nodeId, bucket: 'QUARTER_HOUR', startTs: windowStart, endTs: now } : null);

  const figures = useMemo(() => {
    const a = profile.data;
    if (!a) return null;
    const demand = demandSeries(a);
    return {
      demand,
      peak: peakDemand(demand),
      base: baseLoad(demand),
      stack: stackBySubMeter(a, zone),
      matrix: dayHourMatrix(a, zone),
      ranking: rankConsumers(a),
    };
  }, [profile.data, zone]);

  const live = useMemo(
    () => (buildingId ? liveMeters(buildings.data?.devices ?? [], buildingId, floorId) : []),
    [buildings.data?.devices, buildingId, floorId],
  );

  if (buildings.isPending) return <PageProgress />;
  if (buildings.isError) return <Alert severity="error">{t('energy.load-failed')}</Alert>;
  const settings = buildings.data.settings;

  return (
    <Box sx={{ minWidth: 0 }}>
      {printStyles}
      <PageHeader
        title={t('react-dashboard.energy')}
        subtitle={t('energy.subtitle')}
        actions={
          <Button
            variant="outlined"
            startIcon={<PrintOutlined />}
            onClick={() => globalThis.print()}
            className="no-print"
          >
            {t('energy.print')}
          </Button>
        }
      />
      {options.length === 0 ? (
        <Alert severity="info" data-testid="energy-empty">
          {t('energy.no-buildings')}
        </Alert>
      ) : (
        <>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            useFlexGap
            sx={{ mb: 2, flexWrap: 'wrap' }}
            className="energy-filters"
          >
            <TextField
              select
              size="small"
              label={t('energy.building')}
              value={buildingId ?? ''}
              onChange={(e) => {
                setBuildingId(e.target.value);
                setFloorId(null);
              }}
              sx={{ minWidth: 200 }}
            >
              {options.map((o) => (
                <MenuItem key={o.id} value={o.id}>
                  {o.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('energy.floor')}
              value={floorId ?? ''}
              onChange={(e) => setFloorId(e.target.value || null)}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              sx={{ minWidth: 160 }}
              disabled={floors.length === 0}
            >
              <MenuItem value="">{t('energy.all-floors')}</MenuItem>
              {floors.map((o) => (
                <MenuItem key={o.id} value={o.id}>
                  {o.name}
                </MenuItem>
              ))}
            </TextField>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={span}
              onChange={(_, v: EnergyWindow | null) => v && setSpan(v)}
              aria-label={t('energy.window')}
            >
              <ToggleButton value="today">{t('energy.window-today')}</ToggleButton>
              <ToggleButton value="7d">{t('energy.window-7d')}</ToggleButton>
              <ToggleButton value="30d">{t('energy.window-30d')}</ToggleButton>
            </ToggleButtonGroup>
          </Stack>
          {nodeId && (
            <Box
              className="energy-grid"
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0,1fr)', md: 'repeat(2, minmax(0,1fr))' },
              }}
            >
              <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
                <EnergyLive meters={live} zone={zone} locale={locale} />
              </Box>
              <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
                <EnergyKpis
                  nodeId={nodeId}
                  zone={zone}
                  locale={locale}
                  settings={settings}
                  peak={figures?.peak ?? null}
                  base={figures?.base ?? null}
                />
              </Box>
              <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
                <ChartCard
                  title={t('energy.load-profile')}
                  testId="energy-load-profile"
                  onCsv={() =>
                    figures &&
                    csvDownload(
                      'load-profile',
                      [t('energy.csv-time'), t('energy.csv-kw')],
                      figures.demand.map((p) => [localStamp(p.ts, zone), p.kw]),
                    )
                  }
                >
                  {figures ? (
                    <LoadProfileChart
                      points={figures.demand}
                      peak={figures.peak}
                      base={figures.base}
                      start={windowStart}
                      end={Date.now()}
                      zone={zone}
                    />
                  ) : (
                    <PageProgress />
                  )}
                </ChartCard>
              </Box>
              <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
                <ChartCard
                  title={t('energy.by-sub-meter')}
                  testId="energy-by-sub-meter"
                  onCsv={() =>
                    figures &&
                    csvDownload(
                      'by-sub-meter',
                      [t('energy.csv-time'), ...figures.stack.series.map((s) => s.name)],
                      figures.stack.groups.map((g) => [localStamp(g.start, zone), ...g.values]),
                    )
                  }
                >
                  {figures && <StackedBarsChart stack={figures.stack} zone={zone} />}
                </ChartCard>
              </Box>
              <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
                <ChartCard
                  title={t('energy.ranking')}
                  testId="energy-ranking"
                  onCsv={() =>
                    figures &&
                    csvDownload(
                      'ranking',
                      [t('energy.csv-meter'), t('energy.csv-load-type'), t('energy.csv-kwh'), t('energy.csv-share')],
                      figures.ranking.map((r) => [r.name, r.loadType, r.kwh, r.sharePct]),
                    )
                  }
                >
                  {figures && <RankingTable ranking={figures.ranking} settings={settings} locale={locale} />}
                </ChartCard>
              </Box>
              <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
                <ChartCard
                  title={t('energy.heat-map')}
                  testId="energy-heat-map"
                  onCsv={() =>
                    figures &&
                    csvDownload(
                      'heat-map',
                      [
                        t('energy.csv-day'),
                        ...Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`),
                      ],
                      figures.matrix.days.map((d, r) => [
                        localStamp(d, zone).slice(0, 10),
                        ...figures.matrix.values[r]!,
                      ]),
                    )
                  }
                >
                  {figures && <HeatMapChart matrix={figures.matrix} zone={zone} locale={locale} />}
                </ChartCard>
              </Box>
            </Box>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
            <Chip size="small" variant="outlined" label={`${t('energy.time-zone')}: ${zone}`} />
            {settings.energyTariff !== null && (
              <Chip
                size="small"
                variant="outlined"
                label={`${t('energy.tariff')}: ${settings.energyTariff} ${settings.currency ?? ''}/kWh`}
              />
            )}
            {settings.co2Factor !== null && (
              <Chip size="small" variant="outlined" label={`${t('energy.co2-factor')}: ${settings.co2Factor} kg/kWh`} />
            )}
          </Stack>
        </>
      )}
    </Box>
  );
}
