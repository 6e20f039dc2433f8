import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { wallClock } from '@sapo/common';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemandPoint, HeatMatrix, StackedConsumption } from './model/energy-model';

// Plain SVG with a viewBox: it scales to any width (390 px phones included), prints as vectors and
// needs no chart library chunk for four simple charts.

const LIGHT = ['#305680', '#e65100', '#2e7d32', '#c2185b', '#6a1b9a', '#00838f', '#827717', '#4e342e'];
const DARK = ['#90caf9', '#ffb74d', '#81c784', '#f48fb1', '#ce93d8', '#80deea', '#dce775', '#bcaaa4'];

export function usePalette(): string[] {
  return useTheme().palette.mode === 'dark' ? DARK : LIGHT;
}

/** A titled card with a CSV export button; `testId` names it for tests and print. */
export function ChartCard({
  title,
  testId,
  onCsv,
  children,
  actions,
}: {
  title: ReactNode;
  testId: string;
  onCsv?: () => void;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      data-testid={testId}
      className="energy-card"
      sx={{ p: 2, minWidth: 0, breakInside: 'avoid' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 500, flexGrow: 1, minWidth: 0 }}>
          {title}
        </Typography>
        {actions}
        {onCsv && (
          <Tooltip title={t('energy.export-csv')}>
            <IconButton size="small" onClick={onCsv} aria-label={t('energy.export-csv')} className="no-print">
              <FileDownloadOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      {children}
    </Paper>
  );
}

const W = 800;
const H = 220;
const PAD = { l: 44, r: 8, t: 8, b: 22 };

function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  return [1, 2, 2.5, 5, 10].map((m) => m * p).find((m) => m >= v)!;
}

function Axes({ max, unit, ticks }: { max: number; unit: string; ticks: { x: number; label: string }[] }) {
  const theme = useTheme();
  const grid = theme.palette.divider;
  const text = theme.palette.text.secondary;
  const y = (v: number) => PAD.t + (H - PAD.t - PAD.b) * (1 - v / max);
  return (
    <g fontSize={11} fill={text}>
      {[0, 0.5, 1].map((f) => (
        <g key={f}>
          <line x1={PAD.l} x2={W - PAD.r} y1={y(max * f)} y2={y(max * f)} stroke={grid} />
          <text x={PAD.l - 4} y={y(max * f) + 4} textAnchor="end">
            {Math.round(max * f * 10) / 10}
          </text>
        </g>
      ))}
      <text x={4} y={PAD.t + 28}>
        {unit}
      </text>
      {ticks.map((tk) => (
        <text key={tk.x} x={tk.x} y={H - 6} textAnchor="middle">
          {tk.label}
        </text>
      ))}
    </g>
  );
}

function timeTicks(start: number, end: number, zone: string, x: (ts: number) => number) {
  const span = end - start;
  const n = 6;
  return Array.from({ length: n + 1 }, (_, i) => {
    const ts = start + (span * i) / n;
    const w = wallClock(ts, zone);
    const p = (v: number) => String(v).padStart(2, '0');
    const label = span <= 26 * 3_600_000 ? `${p(w.hour)}:${p(w.minute)}` : `${w.month}/${w.day}`;
    return { x: Math.min(W - PAD.r - 14, Math.max(PAD.l + 14, x(ts))), label };
  });
}

/** 15-minute demand (kW) over the window, the peak marked and the base load as a dashed line. */
export function LoadProfileChart({
  points,
  peak,
  base,
  start,
  end,
  zone,
}: {
  points: readonly DemandPoint[];
  peak: DemandPoint | null;
  base: number | null;
  start: number;
  end: number;
  zone: string;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const color = usePalette()[0]!;
  const max = niceMax(peak?.kw ?? 0);
  const x = (ts: number) => PAD.l + ((W - PAD.l - PAD.r) * (ts - start)) / Math.max(1, end - start);
  const y = (v: number) => PAD.t + (H - PAD.t - PAD.b) * (1 - v / max);
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.ts).toFixed(1)},${y(p.kw).toFixed(1)}`).join('');
  const area = points.length ? `${line}L${x(points.at(-1)!.ts)},${y(0)}L${x(points[0]!.ts)},${y(0)}Z` : '';
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={t('energy.load-profile')}
      sx={{ width: '100%', height: 'auto', display: 'block' }}
    >
      <Axes max={max} unit="kW" ticks={timeTicks(start, end, zone, x)} />
      <path d={area} fill={alpha(color, 0.15)} />
      <path d={line} fill="none" stroke={color} strokeWidth={1.5} />
      {base !== null && (
        <line
          x1={PAD.l}
          x2={W - PAD.r}
          y1={y(base)}
          y2={y(base)}
          stroke={theme.palette.success.main}
          strokeDasharray="6 4"
        />
      )}
      {peak && <circle cx={x(peak.ts)} cy={y(peak.kw)} r={4} fill={theme.palette.error.main} />}
    </Box>
  );
}

/** kWh per day (or hour) stacked by sub-meter, with a legend that wraps on phones. */
export function StackedBarsChart({ stack, zone }: { stack: StackedConsumption; zone: string }) {
  const { t } = useTranslation();
  const colors = usePalette();
  const totals = stack.groups.map((g) => g.values.reduce((s, v) => s + v, 0));
  const max = niceMax(Math.max(0, ...totals));
  const n = Math.max(1, stack.groups.length);
  const slot = (W - PAD.l - PAD.r) / n;
  const y = (v: number) => PAD.t + (H - PAD.t - PAD.b) * (1 - v / max);
  const first = stack.groups[0]?.start ?? 0;
  const last = stack.groups.at(-1)?.start ?? 0;
  const hourly = stack.groups.length > 1 && last - first < 26 * 3_600_000;
  const every = Math.ceil(n / 8);
  const ticks = stack.groups
    .map((g, i) => {
      const w = wallClock(g.start, zone);
      return {
        x: PAD.l + slot * (i + 0.5),
        label: hourly ? String(w.hour).padStart(2, '0') : `${w.month}/${w.day}`,
        i,
      };
    })
    .filter((tk) => tk.i % every === 0);
  return (
    <>
      <Box
        component="svg"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={t('energy.by-sub-meter')}
        sx={{ width: '100%', height: 'auto', display: 'block' }}
      >
        <Axes max={max} unit="kWh" ticks={ticks} />
        {stack.groups.map((g, i) => {
          let acc = 0;
          return (
            <g key={g.start}>
              {g.values.map((v, j) => {
                const top = y(acc + v);
                const h = y(acc) - top;
                acc += v;
                return (
                  <rect
                    key={j}
                    x={PAD.l + slot * i + slot * 0.15}
                    width={slot * 0.7}
                    y={top}
                    height={Math.max(0, h)}
                    fill={colors[j % colors.length]}
                  >
                    <title>{`${stack.series[j]?.name}: ${v.toFixed(1)} kWh`}</title>
                  </rect>
                );
              })}
            </g>
          );
        })}
      </Box>
      <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', mt: 1 }}>
        {stack.series.map((s, j) => (
          <Stack key={s.id} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: colors[j % colors.length] }} />
            <Typography variant="caption">{s.name}</Typography>
          </Stack>
        ))}
      </Stack>
    </>
  );
}

/** kWh per local day (rows) × hour (columns); weekends labelled, darker is more. */
export function HeatMapChart({ matrix, zone, locale }: { matrix: HeatMatrix; zone: string; locale: string }) {
  const theme = useTheme();
  const color = usePalette()[0]!;
  const dayFmt = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    weekday: 'short',
    month: 'numeric',
    day: 'numeric',
  });
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(56px, auto) repeat(24, minmax(0, 1fr))',
        gap: '2px',
        fontSize: 11,
      }}
    >
      <Box />
      {Array.from({ length: 24 }, (_, h) => (
        <Box key={h} sx={{ textAlign: 'center', color: 'text.secondary', overflow: 'hidden' }}>
          {h % 3 === 0 ? h : ''}
        </Box>
      ))}
      {matrix.days.map((day, r) => (
        <HeatRow
          key={day}
          label={dayFmt.format(day)}
          values={matrix.values[r]!}
          max={matrix.max}
          color={color}
          empty={theme.palette.action.hover}
        />
      ))}
    </Box>
  );
}

function HeatRow({
  label,
  values,
  max,
  color,
  empty,
}: {
  label: string;
  values: (number | null)[];
  max: number;
  color: string;
  empty: string;
}) {
  return (
    <>
      <Box sx={{ color: 'text.secondary', whiteSpace: 'nowrap', pr: 0.5, alignSelf: 'center' }}>{label}</Box>
      {values.map((v, h) => (
        <Box
          key={h}
          title={v === null ? '' : `${h}:00 ${v.toFixed(1)} kWh`}
          sx={{
            height: 18,
            borderRadius: '2px',
            bgcolor: v === null || max <= 0 ? empty : alpha(color, 0.08 + 0.92 * (v / max)),
          }}
        />
      ))}
    </>
  );
}
