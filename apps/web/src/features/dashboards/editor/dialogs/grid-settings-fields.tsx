import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ColorInput } from '../../../../components/color-picker';
import type { GridSettings } from '../../model/dashboard-config';
import { ImageUrlField } from './image-url-field';
import { BACKGROUND_SIZE_MODES, type NumberFields, type SettingsErrors } from './model/dashboard-settings-form';

export interface GridSettingsFieldsProps {
  value: GridSettings;
  onChange: (grid: GridSettings) => void;
  numbers: NumberFields;
  onNumbers: (numbers: NumberFields) => void;
  errors: SettingsErrors;
}

/** The layout's grid: columns, margins, background, height filling, phone row height. */
export function GridSettingsFields(props: GridSettingsFieldsProps) {
  const { t } = useTranslation();
  const { value, numbers, errors } = props;
  const set = (patch: Partial<GridSettings>) => props.onChange({ ...value, ...patch });
  const number = (field: keyof NumberFields, label: string) => (
    <TextField
      label={label}
      required
      value={numbers[field]}
      onChange={(e) => props.onNumbers({ ...numbers, [field]: e.target.value })}
      error={Boolean(errors[field])}
      helperText={errors[field] ? t(errors[field]) : undefined}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      sx={{ flex: 1 }}
    />
  );
  const backgroundImage = typeof value.backgroundImageUrl === 'string' ? value.backgroundImageUrl : '';
  return (
    <>
      <Typography variant="subtitle1">{t('dashboard.layout-settings')}</Typography>
      {number('columns', t('dashboard.columns-count'))}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {number('marginH', t('dashboard.widgets-margins-horizontal'))}
        {number('marginV', t('dashboard.widgets-margins-vertical'))}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <ColorInput
          label={t('dashboard.background-color')}
          value={value.backgroundColor}
          onChange={(color) => set({ backgroundColor: color ?? '' })}
        />
        <ColorInput
          label={t('dashboard.text-color')}
          value={value.color}
          onChange={(color) => set({ color: color ?? '' })}
        />
      </Stack>
      <ImageUrlField
        label={t('dashboard.background-image')}
        value={backgroundImage}
        onChange={(url) => set({ backgroundImageUrl: url })}
      />
      <TextField
        select
        label={t('dashboard.background-size-mode')}
        value={value.backgroundSizeMode}
        onChange={(e) => set({ backgroundSizeMode: e.target.value })}
      >
        {BACKGROUND_SIZE_MODES.map((mode) => (
          <MenuItem key={mode.value} value={mode.value}>
            {t(mode.key)}
          </MenuItem>
        ))}
        {!BACKGROUND_SIZE_MODES.some((m) => m.value === value.backgroundSizeMode) && (
          <MenuItem value={value.backgroundSizeMode}>{value.backgroundSizeMode}</MenuItem>
        )}
      </TextField>
      <FormControlLabel
        control={
          <Checkbox
            checked={value.autoFillHeight === true}
            onChange={(e) => set({ autoFillHeight: e.target.checked })}
          />
        }
        label={t('dashboard.autofill-height')}
      />
      <Typography variant="subtitle2">{t('dashboard.mobile-layout')}</Typography>
      <FormControlLabel
        control={
          <Checkbox
            checked={value.mobileAutoFillHeight === true}
            onChange={(e) => set({ mobileAutoFillHeight: e.target.checked })}
          />
        }
        label={t('dashboard.mobile-autofill-height')}
      />
      {number('mobileRowHeight', t('dashboard.mobile-row-height'))}
    </>
  );
}
