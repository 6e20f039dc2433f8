import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { costAndCo2, type EnergySettings, type RankedConsumer } from './model/energy-model';

/** Sub-meters by kWh over the window, with their share and cost. */
export function RankingTable({
  ranking,
  settings,
  locale,
}: {
  ranking: readonly RankedConsumer[];
  settings: EnergySettings;
  locale: string;
}) {
  const { t } = useTranslation();
  const num = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  return (
    <Table size="small" sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: '45%' }}>{t('energy.csv-meter')}</TableCell>
          <TableCell align="right">kWh</TableCell>
          <TableCell align="right">{settings.currency ?? t('energy.csv-cost')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {ranking.map((r) => (
          <TableRow key={r.deviceId}>
            <TableCell sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              <Box sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{r.name}</Box>
              <LinearProgress variant="determinate" value={r.sharePct} sx={{ mt: 0.5, height: 4, borderRadius: 2 }} />
            </TableCell>
            <TableCell align="right">{num.format(r.kwh)}</TableCell>
            <TableCell align="right">
              {(() => {
                const c = costAndCo2(r.kwh, settings).cost;
                return c === null ? '—' : num.format(c);
              })()}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
