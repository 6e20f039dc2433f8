import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AlarmSeverity, DeviceProfileAlarm } from '@sapo/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEVERITY_COLORS } from './model/severity-colors';
import { AlarmRuleSection } from './alarm-rule-section';
import { newRule, orderedCreateRules, unusedSeverities } from './model/alarm-rules-model';

export interface AlarmCardProps {
  alarm: DeviceProfileAlarm;
  onChange: (alarm: DeviceProfileAlarm) => void;
  onRemove: () => void;
  /** Problems by field (see alarmProblems) once the form was submitted. */
  problems: Record<string, string>;
  defaultExpanded?: boolean;
  disabled?: boolean;
}

const KNOWN_RELATION_TYPES = ['Contains', 'Manages'];

/** One alarm of a device profile: its type, create rules by severity, clear rule and propagation. */
export function AlarmCard({ alarm, onChange, onRemove, problems, defaultExpanded, disabled }: AlarmCardProps) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const rules = orderedCreateRules(alarm);
  const free = unusedSeverities(alarm);
  const hasProblem = Object.keys(problems).length > 0;

  const setCreateRules = (entries: [AlarmSeverity, DeviceProfileAlarm['createRules'][AlarmSeverity]][]) =>
    onChange({ ...alarm, createRules: Object.fromEntries(entries.filter(([, r]) => r)) });

  return (
    <Accordion defaultExpanded={defaultExpanded} variant="outlined" disableGutters data-testid="alarm-card">
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 500, color: hasProblem ? 'error.main' : undefined }}>
            {alarm.alarmType.trim() || t('device-profile.new-alarm-rule')}
          </Typography>
          {rules.map(([severity]) => (
            <Chip
              key={severity}
              size="small"
              label={t(`alarm.severity-${severity}`)}
              sx={{ bgcolor: SEVERITY_COLORS[severity], color: '#fff' }}
            />
          ))}
          {alarm.clearRule && <Chip size="small" variant="outlined" label={t('device-profile.clear-alarm-rule')} />}
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              name="alarmType"
              size="small"
              label={t('device-profile.alarm-type')}
              value={alarm.alarmType}
              onChange={(e) => onChange({ ...alarm, alarmType: e.target.value })}
              required
              fullWidth
              disabled={disabled}
              error={Boolean(problems.alarmType)}
              helperText={problems.alarmType ? t(problems.alarmType) : undefined}
            />
            <Tooltip title={t('device-profile.delete-alarm-rule')}>
              <span>
                <IconButton aria-label={t('device-profile.delete-alarm-rule')} onClick={onRemove} disabled={disabled}>
                  <DeleteOutline />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>

          <Typography variant="subtitle2">{t('device-profile.create-alarm-rules')}</Typography>
          {problems.createRules && (
            <Typography variant="caption" color="error">
              {t(problems.createRules)}
            </Typography>
          )}
          {rules.map(([severity, rule]) => (
            <Stack
              key={severity}
              direction={{ xs: 'column', md: 'row' }}
              spacing={1.5}
              data-testid={`create-rule-${severity}`}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', minWidth: { md: 190 } }}>
                <TextField
                  select
                  size="small"
                  label={t('alarm.severity')}
                  value={severity}
                  disabled={disabled}
                  onChange={(e) => {
                    const next = e.target.value as AlarmSeverity;
                    setCreateRules(rules.map(([s, r]) => [s === severity ? next : s, r]));
                  }}
                  sx={{ flex: 1 }}
                >
                  {[severity, ...free].map((s) => (
                    <MenuItem key={s} value={s}>
                      {t(`alarm.severity-${s}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <Tooltip title={t('device-profile.remove-create-rule')}>
                  <span>
                    <IconButton
                      aria-label={t('device-profile.remove-create-rule')}
                      disabled={disabled || rules.length === 1}
                      onClick={() => setCreateRules(rules.filter(([s]) => s !== severity))}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </span>
                </Tooltip>
              </Stack>
              <AlarmRuleSection
                rule={rule}
                disabled={disabled}
                error={problems[`create.${severity}`]}
                onChange={(next) => setCreateRules(rules.map(([s, r]) => [s, s === severity ? next : r]))}
              />
            </Stack>
          ))}
          {free.length > 0 && (
            <Box>
              <Button startIcon={<Add />} onClick={(e) => setMenu(e.currentTarget)} disabled={disabled}>
                {t('device-profile.add-create-alarm-rule')}
              </Button>
              <Menu open={Boolean(menu)} anchorEl={menu} onClose={() => setMenu(null)}>
                {free.map((s) => (
                  <MenuItem
                    key={s}
                    onClick={() => {
                      setMenu(null);
                      setCreateRules([...rules, [s, newRule()]]);
                    }}
                  >
                    {t(`alarm.severity-${s}`)}
                  </MenuItem>
                ))}
              </Menu>
            </Box>
          )}

          <Typography variant="subtitle2">{t('device-profile.clear-alarm-rule')}</Typography>
          {alarm.clearRule ? (
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} data-testid="clear-rule">
              <AlarmRuleSection
                rule={alarm.clearRule}
                disabled={disabled}
                error={problems.clear}
                onChange={(clearRule) => onChange({ ...alarm, clearRule })}
              />
              <Tooltip title={t('device-profile.remove-clear-rule')}>
                <span>
                  <IconButton
                    aria-label={t('device-profile.remove-clear-rule')}
                    disabled={disabled}
                    onClick={() => onChange({ ...alarm, clearRule: null })}
                  >
                    <DeleteOutline />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
          ) : (
            <Box>
              <Button
                startIcon={<Add />}
                onClick={() => onChange({ ...alarm, clearRule: newRule() })}
                disabled={disabled}
              >
                {t('device-profile.add-clear-alarm-rule')}
              </Button>
            </Box>
          )}

          <FormControlLabel
            control={
              <Checkbox
                checked={Boolean(alarm.propagate)}
                disabled={disabled}
                onChange={(e) => onChange({ ...alarm, propagate: e.target.checked })}
              />
            }
            label={t('device-profile.propagate-alarm')}
          />
          {alarm.propagate && (
            <Autocomplete
              multiple
              freeSolo
              options={KNOWN_RELATION_TYPES}
              value={alarm.propagateRelationTypes ?? []}
              onChange={(_e, types) =>
                onChange({ ...alarm, propagateRelationTypes: types.map((x) => x.trim()).filter(Boolean) })
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  size="small"
                  label={t('device-profile.alarm-rule-relation-types-list')}
                  helperText={t('device-profile.alarm-rule-relation-types-list-hint')}
                />
              )}
            />
          )}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
