import Edit from '@mui/icons-material/Edit';
import Schedule from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AlarmRule } from '@sapo/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConditionDialog } from './condition-dialog';
import { conditionSummary, scheduleSummary, specSummary } from './model/alarm-rules-model';
import { ScheduleDialog } from './schedule-dialog';

export interface AlarmRuleSectionProps {
  rule: AlarmRule;
  onChange: (rule: AlarmRule) => void;
  /** Translation key of the rule's problem, shown when the form was submitted. */
  error?: string | undefined;
  /** Create rules have a schedule; the clear rule does too in ThingsBoard 3.2, so both show it. */
  disabled?: boolean;
}

/** A rule's condition (read as text, edited in a dialog), its schedule and the alarm details template. */
export function AlarmRuleSection({ rule, onChange, error, disabled }: AlarmRuleSectionProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<'condition' | 'schedule' | null>(null);
  const summary = conditionSummary(rule);
  const spec = specSummary(rule.condition.spec);
  const schedule = scheduleSummary(rule.schedule);

  return (
    <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          p: 1.5,
          display: 'flex',
          gap: 1,
          alignItems: 'center',
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary">
            {t('device-profile.alarm-rule-condition')}
          </Typography>
          <Typography
            variant="body2"
            data-testid="condition-summary"
            sx={{ wordBreak: 'break-word', color: summary ? 'text.primary' : error ? 'error.main' : 'text.secondary' }}
          >
            {summary || t('device-profile.enter-alarm-rule-condition-prompt')}
            {spec && summary ? ` ${t(spec.key, spec.params ?? {})}` : ''}
          </Typography>
          {error && summary && (
            <Typography variant="caption" color="error">
              {t(error)}
            </Typography>
          )}
        </Box>
        <Button size="small" startIcon={<Edit />} onClick={() => setEditing('condition')} disabled={disabled}>
          {t('action.edit')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Schedule fontSize="small" color="action" />
        <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} data-testid="schedule-summary">
          {schedule.length ? schedule.join('; ') : t('device-profile.schedule-type-ANY_TIME')}
        </Typography>
        <Button size="small" onClick={() => setEditing('schedule')} disabled={disabled}>
          {t('device-profile.edit-schedule')}
        </Button>
      </Box>
      <TextField
        size="small"
        name="alarmDetails"
        label={t('device-profile.alarm-details')}
        helperText={t('device-profile.alarm-details-hint')}
        value={rule.alarmDetails ?? ''}
        onChange={(e) => onChange({ ...rule, alarmDetails: e.target.value || null })}
        multiline
        maxRows={4}
        disabled={disabled}
      />
      {editing === 'condition' && (
        <ConditionDialog
          rule={rule}
          onClose={(condition) => {
            setEditing(null);
            if (condition) onChange({ ...rule, condition });
          }}
        />
      )}
      {editing === 'schedule' && (
        <ScheduleDialog
          schedule={rule.schedule}
          onClose={(result) => {
            setEditing(null);
            if (result) onChange({ ...rule, schedule: result.schedule });
          }}
        />
      )}
    </Stack>
  );
}
