import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { AlarmConditionFilter, AlarmConditionSpec, AlarmRule, TimeUnit } from '@sapo/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyFilterRow } from './key-filter-row';
import { keyFilterProblem, newKeyFilter, SPEC_TYPES, TIME_UNITS } from './model/alarm-rules-model';

export interface ConditionDialogProps {
  rule: AlarmRule;
  onClose: (condition: AlarmRule['condition'] | null) => void;
}

/** Edits a rule's condition: key filters (all must hold) and the SIMPLE / DURATION / REPEATING spec. */
export function ConditionDialog({ rule, onClose }: ConditionDialogProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [filters, setFilters] = useState<AlarmConditionFilter[]>(rule.condition.condition);
  const [spec, setSpec] = useState<AlarmConditionSpec>(rule.condition.spec ?? { type: 'SIMPLE' });
  const [showErrors, setShowErrors] = useState(false);

  const specProblem =
    (spec.type === 'DURATION' && !(spec.value > 0)) || (spec.type === 'REPEATING' && !(spec.count > 0));
  const save = () => {
    setShowErrors(true);
    if (!filters.length || filters.some((f) => keyFilterProblem(f)) || specProblem) return;
    onClose({ condition: filters, spec });
  };

  return (
    <Dialog open onClose={() => onClose(null)} fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle>{t('device-profile.alarm-rule-condition')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="subtitle2">{t('device-profile.key-filters')}</Typography>
          {filters.length === 0 && (
            <Alert severity={showErrors ? 'error' : 'info'}>{t('device-profile.no-key-filters')}</Alert>
          )}
          {filters.map((filter, index) => (
            <KeyFilterRow
              key={index}
              filter={filter}
              showErrors={showErrors}
              onChange={(next) => setFilters((all) => all.map((f, i) => (i === index ? next : f)))}
              onRemove={() => setFilters((all) => all.filter((_f, i) => i !== index))}
            />
          ))}
          <Button
            startIcon={<Add />}
            onClick={() => setFilters((all) => [...all, newKeyFilter()])}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('filter.add-key-filter')}
          </Button>
          <Typography variant="subtitle2">{t('device-profile.condition-type')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              size="small"
              name="specType"
              label={t('device-profile.condition-type')}
              value={spec.type}
              onChange={(e) => {
                const type = e.target.value as AlarmConditionSpec['type'];
                setSpec(
                  type === 'DURATION'
                    ? { type, unit: 'MINUTES', value: 1 }
                    : type === 'REPEATING'
                      ? { type, count: 2 }
                      : { type: 'SIMPLE' },
                );
              }}
              sx={{ minWidth: 200 }}
            >
              {SPEC_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`device-profile.condition-type-${type.toLowerCase()}`)}
                </MenuItem>
              ))}
            </TextField>
            {spec.type === 'DURATION' && (
              <>
                <TextField
                  size="small"
                  type="number"
                  name="durationValue"
                  label={t('device-profile.condition-duration-value')}
                  value={Number.isFinite(spec.value) ? spec.value : ''}
                  onChange={(e) => setSpec({ ...spec, value: Number(e.target.value) })}
                  error={showErrors && specProblem}
                  helperText={
                    showErrors && specProblem ? t('device-profile.condition-duration-value-required') : undefined
                  }
                  slotProps={{ htmlInput: { min: 1 } }}
                />
                <TextField
                  select
                  size="small"
                  label={t('device-profile.condition-duration-time-unit')}
                  value={spec.unit}
                  onChange={(e) => setSpec({ ...spec, unit: e.target.value as TimeUnit })}
                  sx={{ minWidth: 140 }}
                >
                  {TIME_UNITS.map((unit) => (
                    <MenuItem key={unit} value={unit}>
                      {t(`timeunit.${unit.toLowerCase()}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </>
            )}
            {spec.type === 'REPEATING' && (
              <TextField
                size="small"
                type="number"
                name="repeatCount"
                label={t('device-profile.condition-repeating-value')}
                value={Number.isFinite(spec.count) ? spec.count : ''}
                onChange={(e) => setSpec({ ...spec, count: Number(e.target.value) })}
                error={showErrors && specProblem}
                helperText={
                  showErrors && specProblem ? t('device-profile.condition-repeating-value-required') : undefined
                }
                slotProps={{ htmlInput: { min: 1 } }}
              />
            )}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(null)}>{t('action.cancel')}</Button>
        <Button variant="contained" onClick={save}>
          {t('action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
