import Paper from '@mui/material/Paper';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ALARM_COUNTER_KEYS, COUNTER_LABELS, type AlarmCounters, type AlarmFilterStatus } from './model/alarm-display';

const TONES: Record<string, string> = {
  TOTAL: 'text.primary',
  NEW: 'error.main',
  INPROGRESS: 'warning.main',
  CLOSED: 'success.main',
  UNREAD: 'info.main',
};

/** TOTAL / NEW / INPROGRESS / CLOSED / UNREAD tiles; a click filters the table by that status. */
export function AlarmCountersBar({
  counters,
  active,
  onPick,
}: {
  counters: AlarmCounters;
  active: AlarmFilterStatus;
  onPick: (status: AlarmFilterStatus) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box
      role="group"
      aria-label={t('alarm.counters')}
      // Phones: three then two tiles; wider screens: one row of five.
      sx={{ mb: 2, display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(5, 1fr)' } }}
    >
      {ALARM_COUNTER_KEYS.map((key) => {
        const status: AlarmFilterStatus = key === 'TOTAL' ? 'ANY' : key;
        const selected = active === status;
        return (
          <Paper
            key={key}
            component="button"
            type="button"
            variant="outlined"
            aria-pressed={selected}
            data-counter={key}
            onClick={() => onPick(status)}
            sx={{
              minWidth: 0,
              textAlign: 'left',
              px: { xs: 1.25, sm: 2 },
              py: { xs: 0.75, sm: 1.25 },
              cursor: 'pointer',
              font: 'inherit',
              color: 'inherit',
              borderColor: selected ? 'primary.main' : 'divider',
              borderWidth: selected ? 2 : 1,
              bgcolor: 'background.paper',
              '&:hover': { borderColor: 'primary.main' },
            }}
          >
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
              {t(COUNTER_LABELS[key])}
            </Typography>
            <Typography variant="h5" component="span" sx={{ color: TONES[key], fontWeight: 600 }}>
              {counters[key]}
            </Typography>
          </Paper>
        );
      })}
    </Box>
  );
}
