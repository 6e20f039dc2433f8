import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { csvDownload } from './energy-csv';
import { ChartCard } from './energy-charts';
import { useConsumption } from './energy-queries';
import {
  comparePeriod,
  costAndCo2,
  localStamp,
  periodRanges,
  type DemandPoint,
  type EnergySettings,
  type PeriodComparison,
  type PeriodRange,
} from './model/energy-model';

function usePeriod(nodeId: string, range: PeriodRange) {
  const q = useConsumption({ nodeId, bucket: range.bucket, startTs: range.prevStart, endTs: Date.now() });
  return useMemo(() => (q.data ? comparePeriod(range, q.data) : null), [q.data, range]);
}

function Kpi({
  label,
  value,
  sub,
  testId,
  tone,
}: {
  label: string;
  value: string;
  sub?: string;
  testId: string;
  tone?: 'up' | 'down';
}) {
  return (
    <Paper variant="outlined" className="energy-card" data-testid={testId} sx={{ p: 1.5, minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography
        variant="h5"
        component="div"
        sx={{ fontWeight: 500, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        data-testid={`${testId}-value`}
      >
        {value}
      </Typography>
      {sub && (
        <Typography
          variant="caption"
          component="div"
          sx={{ color: tone === 'up' ? 'error.main' : tone === 'down' ? 'success.main' : 'text.secondary' }}
        >
          {sub}
        </Typography>
      )}
    </Paper>
  );
}

/** kWh today / month / year against the previous period, peak demand and base load, cost and CO2. */
export function EnergyKpis({
  nodeId,
  zone,
  locale,
  settings,
  peak,
  base,
}: {
  nodeId: string;
  zone: string;
  locale: string;
  settings: EnergySettings;
  peak: DemandPoint | null;
  base: number | null;
}) {
  const { t } = useTranslation();
  const [ranges] = useState(() => periodRanges(Date.now(), zone));
  const day = usePeriod(nodeId, ranges[0]!);
  const month = usePeriod(nodeId, ranges[1]!);
  const year = usePeriod(nodeId, ranges[2]!);
  const num = (v: number | null, digits = 0) =>
    v === null ? '—' : new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(v);
  const time = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  const periods: [string, PeriodComparison | null][] = [
    [t('energy.today'), day],
    [t('energy.this-month'), month],
    [t('energy.this-year'), year],
  ];
  const periodSub = (p: PeriodComparison | null) => {
    if (!p) return '';
    const money = costAndCo2(p.current, settings);
    const parts = [
      p.changePct === null
        ? t('energy.no-previous')
        : t('energy.vs-previous', {
            change: `${p.changePct >= 0 ? '+' : ''}${num(p.changePct, 1)}%`,
            previous: num(p.previous),
          }),
    ];
    if (money.cost !== null) parts.push(`${settings.currency ?? ''} ${num(money.cost)}`.trim());
    if (money.co2Kg !== null) parts.push(`${num(money.co2Kg)} kg CO₂`);
    return parts.join(' · ');
  };
  const exportCsv = () =>
    csvDownload(
      'kpis',
      [
        t('energy.csv-period'),
        t('energy.csv-kwh'),
        t('energy.csv-previous-kwh'),
        t('energy.csv-change'),
        t('energy.csv-cost'),
        t('energy.csv-co2'),
      ],
      [
        ...periods.map(([label, p]) => {
          const money = costAndCo2(p?.current ?? null, settings);
          return [label, p?.current ?? null, p?.previous ?? null, p?.changePct ?? null, money.cost, money.co2Kg];
        }),
        [t('energy.peak-demand'), peak?.kw ?? null, null, null, null, peak ? localStamp(peak.ts, zone) : null],
        [t('energy.base-load'), base, null, null, null, null],
      ],
    );
  return (
    <ChartCard title={t('energy.kpis')} testId="energy-kpis" onCsv={exportCsv}>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0,1fr))', md: 'repeat(5, minmax(0,1fr))' },
        }}
      >
        {periods.map(([label, p], i) =>
          p ? (
            <Box key={label} sx={i === 0 ? { gridColumn: { xs: '1 / -1', md: 'auto' } } : {}}>
              <Kpi
                testId={`energy-kpi-${ranges[i]!.kind}`}
                label={label}
                value={`${num(p.current)} kWh`}
                sub={periodSub(p)}
                {...(p.changePct !== null ? { tone: p.changePct > 0 ? ('up' as const) : ('down' as const) } : {})}
              />
            </Box>
          ) : (
            <Skeleton key={label} variant="rounded" height={88} />
          ),
        )}
        <Kpi
          testId="energy-kpi-peak"
          label={t('energy.peak-demand')}
          value={`${num(peak?.kw ?? null, 1)} kW`}
          {...(peak ? { sub: time.format(peak.ts) } : {})}
        />
        <Kpi
          testId="energy-kpi-base"
          label={t('energy.base-load')}
          value={`${num(base, 1)} kW`}
          sub={t('energy.base-load-hint')}
        />
      </Box>
    </ChartCard>
  );
}
