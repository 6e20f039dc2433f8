import Chip from '@mui/material/Chip';
import type { AlarmStatus } from '@sapo/common';
import { useTranslation } from 'react-i18next';
import { severityColor, severityLabelKey, severityTextColor, statusLabelKey, statusTone } from './model/alarm-display';

/** Severity as a filled chip in its colour (CRITICAL red … INDETERMINATE green). */
export function SeverityChip({ severity }: { severity: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(severityLabelKey(severity))}
      data-severity={severity}
      sx={{ bgcolor: severityColor(severity), color: severityTextColor(severity), fontWeight: 600, minWidth: 84 }}
    />
  );
}

/** The display status, outlined: red while new, orange in progress, quiet once closed. */
export function AlarmStatusChip({ status }: { status: AlarmStatus }) {
  const { t } = useTranslation();
  const tone = statusTone(status);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={tone}
      label={t(statusLabelKey(status))}
      data-status={status}
      sx={{ whiteSpace: 'nowrap' }}
    />
  );
}
