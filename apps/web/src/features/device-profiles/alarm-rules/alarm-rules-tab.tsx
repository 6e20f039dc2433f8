import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DeviceProfileAlarm } from '@sapo/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlarmCard } from './alarm-card';
import { alarmProblems, newAlarm } from './model/alarm-rules-model';

export interface AlarmRulesTabProps {
  alarms: DeviceProfileAlarm[];
  onChange: (alarms: DeviceProfileAlarm[]) => void;
  /** Show problems (after the user tried to save). */
  showErrors: boolean;
  disabled?: boolean;
}

/** The device profile's alarm rules (spec 2-calls §3.7): a card per alarm type. */
export function AlarmRulesTab({ alarms, onChange, showErrors, disabled }: AlarmRulesTabProps) {
  const { t } = useTranslation();
  const [added, setAdded] = useState<string | null>(null);
  return (
    <Stack spacing={1.5} sx={{ pt: 1 }}>
      {alarms.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {t('device-profile.no-alarm-rules')}
        </Typography>
      )}
      {alarms.map((alarm, index) => (
        <AlarmCard
          key={alarm.id}
          alarm={alarm}
          disabled={disabled}
          defaultExpanded={alarm.id === added || alarms.length === 1}
          problems={showErrors ? alarmProblems(alarm, alarms) : {}}
          onChange={(next) => onChange(alarms.map((a, i) => (i === index ? next : a)))}
          onRemove={() => onChange(alarms.filter((_a, i) => i !== index))}
        />
      ))}
      <Box>
        <Button
          startIcon={<Add />}
          variant="outlined"
          disabled={disabled}
          onClick={() => {
            const alarm = newAlarm();
            setAdded(alarm.id);
            onChange([...alarms, alarm]);
          }}
        >
          {t('device-profile.add-alarm-rule')}
        </Button>
      </Box>
    </Stack>
  );
}
