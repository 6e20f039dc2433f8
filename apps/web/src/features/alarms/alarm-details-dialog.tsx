import Clear from '@mui/icons-material/Clear';
import DoneAll from '@mui/icons-material/DoneAll';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../contact/date-time';
import { DetailsList, DetailsSection } from '../contact/details-list';
import { AlarmStatusChip, SeverityChip } from './alarm-chips';
import type { AlarmAction } from './alarms-queries';
import { canAcknowledge, canClear, entityTypeLabelKey, prettyDetails, severityColor } from './model/alarm-display';
import type { AlarmRow } from './model/alarm-live';

/** Every field of one alarm, times in the reader's format, details as JSON; acknowledge / clear by state. */
export function AlarmDetailsDialog({
  alarm,
  busy,
  onAction,
  onClose,
}: {
  /** The alarm as the table has it now (live), undefined when closed. */
  alarm: AlarmRow | undefined;
  busy: boolean;
  onAction: (action: AlarmAction, alarm: AlarmRow) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const time = (ms: number | undefined) => (ms ? formatTime(ms) : '');
  const details = alarm ? prettyDetails(alarm.details) : '';
  const originatorType = alarm ? (alarm.originatorType ?? alarm.originator.entityType) : '';

  return (
    <Dialog
      open={Boolean(alarm)}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      {alarm && (
        <>
          <DialogTitle
            id={titleId}
            sx={{ borderLeft: 6, borderLeftColor: severityColor(alarm.severity), overflowWrap: 'anywhere' }}
          >
            {t('alarm.alarm-details')}: {alarm.type}
          </DialogTitle>
          <DialogContent dividers>
            <Stack direction="row" spacing={1} sx={{ mb: 2.5 }}>
              <SeverityChip severity={alarm.severity} />
              <AlarmStatusChip status={alarm.status} />
            </Stack>
            <DetailsSection title={t('alarm.alarm')}>
              <DetailsList
                items={[
                  { label: t('alarm.type'), value: alarm.type },
                  {
                    label: t('alarm.originator'),
                    value: `${alarm.originatorName ?? alarm.originator.id} (${t(entityTypeLabelKey(originatorType), { defaultValue: originatorType })})`,
                  },
                  { label: t('alarm.created-time'), value: time(alarm.createdTime) },
                  { label: t('alarm.start-time'), value: time(alarm.startTs) },
                  { label: t('alarm.end-time'), value: time(alarm.endTs) },
                  { label: t('alarm.ack-time'), value: time(alarm.ackTs) },
                  { label: t('alarm.clear-time'), value: time(alarm.clearTs) },
                  { label: t('alarm.propagate'), value: alarm.propagate ? t('action.yes') : t('action.no') },
                ]}
              />
            </DetailsSection>
            <DetailsSection title={t('alarm.details')}>
              {details ? (
                <Box
                  component="pre"
                  data-testid="alarm-details-json"
                  sx={{
                    m: 0,
                    p: 1.5,
                    borderRadius: 1,
                    bgcolor: 'action.hover',
                    fontSize: 13,
                    overflow: 'auto',
                    maxHeight: 260,
                    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                  }}
                >
                  {details}
                </Box>
              ) : (
                <Box sx={{ color: 'text.disabled' }}>{t('alarm.no-details')}</Box>
              )}
            </DetailsSection>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            {canAcknowledge(alarm.status) && (
              <Button
                variant="contained"
                startIcon={<DoneAll />}
                disabled={busy}
                onClick={() => onAction('ack', alarm)}
              >
                {t('alarm.acknowledge')}
              </Button>
            )}
            {canClear(alarm.status) && (
              <Button
                variant="outlined"
                color="error"
                startIcon={<Clear />}
                disabled={busy}
                onClick={() => onAction('clear', alarm)}
              >
                {t('alarm.clear')}
              </Button>
            )}
            <Box sx={{ flexGrow: 1 }} />
            <Button onClick={onClose}>{t('action.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
