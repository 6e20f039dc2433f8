import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BuildingsAnswer } from '@sapo/common';
import { useTranslation } from 'react-i18next';
import { ChartCard } from './energy-charts';
import { csvDownload } from './energy-csv';
import { useLivePower } from './energy-queries';
import { isStale, localStamp } from './model/energy-model';

/** A meter that has not reported for 5 minutes is stale (the demo devices go offline after 5 minutes too). */
export const STALE_AFTER_MS = 5 * 60_000;

/** The building's load now: the sum of its main meters' latest power, each meter marked when stale. */
export function EnergyLive({
  meters,
  zone,
  locale,
}: {
  meters: BuildingsAnswer['devices'];
  zone: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const live = useLivePower(meters.map((m) => m.id));
  const readings = live.data ?? [];
  const now = Date.now();
  const total = readings.reduce<number | null>((s, r) => (r.kw === null ? s : (s ?? 0) + r.kw), null);
  const newest = readings.reduce<number | null>((s, r) => (r.ts !== null && (s === null || r.ts > s) ? r.ts : s), null);
  const stale = isStale(newest, now, STALE_AFTER_MS);
  const num = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const time = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const name = (id: string) => {
    const m = meters.find((x) => x.id === id);
    return m?.label || m?.name || id;
  };
  return (
    <ChartCard
      title={t('energy.live-load')}
      testId="energy-live"
      onCsv={() =>
        csvDownload(
          'live',
          [t('energy.csv-meter'), t('energy.csv-kw'), t('energy.csv-time'), t('energy.csv-stale')],
          readings.map((r) => [
            name(r.deviceId),
            r.kw,
            r.ts === null ? null : localStamp(r.ts, zone),
            isStale(r.ts, now, STALE_AFTER_MS) ? 1 : 0,
          ]),
        )
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ minWidth: 180 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
            <Typography
              variant="h4"
              component="div"
              sx={{ fontWeight: 500, opacity: stale ? 0.5 : 1 }}
              data-testid="energy-live-kw"
            >
              {total === null ? '—' : num.format(total)}
            </Typography>
            <Typography color="text.secondary">kW</Typography>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: stale ? 'warning.main' : 'success.main' }} />
            <Typography variant="caption" color="text.secondary" role="status" data-testid="energy-live-status">
              {stale ? t('energy.stale') : t('energy.live')}
              {newest !== null && ` · ${t('energy.updated', { time: time.format(newest) })}`}
            </Typography>
          </Stack>
        </Box>
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', minWidth: 0 }}>
          {readings.map((r) => {
            const old = isStale(r.ts, now, STALE_AFTER_MS);
            return (
              <Chip
                key={r.deviceId}
                size="small"
                variant="outlined"
                color={old ? 'warning' : 'default'}
                data-stale={old ? 'true' : 'false'}
                data-device-id={r.deviceId}
                label={`${name(r.deviceId)}: ${r.kw === null ? '—' : num.format(r.kw)} kW${old ? ` (${t('energy.stale')})` : ''}`}
                sx={{ maxWidth: '100%' }}
              />
            );
          })}
        </Stack>
      </Stack>
    </ChartCard>
  );
}
