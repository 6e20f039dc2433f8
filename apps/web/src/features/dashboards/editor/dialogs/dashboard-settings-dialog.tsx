import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorInput } from '../../../../components/color-picker';
import { FormDialog } from '../../../../components/entity-form/form-dialog';
import type { DashboardSettings } from '../../model/dashboard-config';
import { CodeField } from './code-field';
import { GridSettingsFields } from './grid-settings-fields';
import { ImageUrlField } from './image-url-field';
import {
  buildSettingsValue,
  numberFields,
  STATE_CONTROLLERS,
  validateSettings,
  type DashboardSettingsValue,
} from './model/dashboard-settings-form';

export interface DashboardSettingsDialogProps {
  /** The title, `configuration.settings` and the grid settings of the layout being edited. */
  value: DashboardSettingsValue;
  onSave: (value: DashboardSettingsValue) => void;
  onClose: () => void;
}

type Flag =
  | 'showTitle'
  | 'showDashboardLogo'
  | 'hideToolbar'
  | 'toolbarAlwaysOpen'
  | 'showDashboardsSelect'
  | 'showEntitiesSelect'
  | 'showDashboardTimewindow'
  | 'showDashboardExport';

const TOOLBAR_FLAGS: ReadonlyArray<{ flag: Flag; key: string }> = [
  { flag: 'toolbarAlwaysOpen', key: 'dashboard.toolbar-always-open' },
  { flag: 'showDashboardsSelect', key: 'dashboard.display-dashboards-selection' },
  { flag: 'showEntitiesSelect', key: 'dashboard.display-entities-selection' },
  { flag: 'showDashboardTimewindow', key: 'dashboard.display-dashboard-timewindow' },
  { flag: 'showDashboardExport', key: 'dashboard.display-dashboard-export' },
];

const STATE_CONTROLLER_KEYS: Record<(typeof STATE_CONTROLLERS)[number], string> = {
  entity: 'dashboard.state-controller-entity',
  default: 'dashboard.state-controller-default',
};

/** Dashboard settings: title, title bar and logo, toolbar, grid, and the dashboard's own CSS. */
export function DashboardSettingsDialog(props: DashboardSettingsDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(props.value);
  const [numbers, setNumbers] = useState(() => numberFields(props.value.gridSettings));
  const [tried, setTried] = useState(false);
  const errors = validateSettings(value.title, numbers);
  // Range messages show while typing (they explain the limits); the title's waits for a save.
  const shown = tried ? errors : { ...errors, title: undefined };
  const { settings } = value;
  const set = (patch: Partial<DashboardSettings>) => setValue({ ...value, settings: { ...settings, ...patch } });
  const flag = (name: Flag, key: string, disabled = false) => (
    <FormControlLabel
      key={name}
      disabled={disabled}
      control={<Checkbox checked={settings[name] === true} onChange={(e) => set({ [name]: e.target.checked })} />}
      label={t(key)}
    />
  );

  const submit = () => {
    setTried(true);
    if (Object.keys(errors).length === 0) props.onSave(buildSettingsValue(value, numbers));
  };

  return (
    <FormDialog open title={t('dashboard.settings')} onClose={props.onClose} onSubmit={submit} maxWidth="md">
      <TextField
        label={t('dashboard.title')}
        required
        autoFocus
        value={value.title}
        onChange={(e) => setValue({ ...value, title: e.target.value })}
        error={Boolean(shown.title)}
        helperText={shown.title ? t(shown.title) : undefined}
      />
      <TextField
        select
        label={t('dashboard.state-controller')}
        value={settings.stateControllerId}
        onChange={(e) => set({ stateControllerId: e.target.value })}
      >
        {STATE_CONTROLLERS.map((id) => (
          <MenuItem key={id} value={id}>
            {t(STATE_CONTROLLER_KEYS[id])}
          </MenuItem>
        ))}
        {!(STATE_CONTROLLERS as readonly string[]).includes(settings.stateControllerId) && (
          <MenuItem value={settings.stateControllerId}>{settings.stateControllerId}</MenuItem>
        )}
      </TextField>
      {flag('showTitle', 'dashboard.display-title')}
      {settings.showTitle && (
        <ColorInput
          label={t('dashboard.title-color')}
          value={settings.titleColor}
          onChange={(color) => set({ titleColor: color ?? '' })}
        />
      )}
      {flag('showDashboardLogo', 'dashboard.display-dashboard-logo')}
      {settings.showDashboardLogo && (
        <ImageUrlField
          label={t('dashboard.dashboard-logo-image')}
          value={settings.dashboardLogoUrl ?? ''}
          onChange={(url) => set({ dashboardLogoUrl: url })}
        />
      )}
      <Divider />
      <Typography variant="subtitle1">{t('dashboard.toolbar')}</Typography>
      {flag('hideToolbar', 'dashboard.hide-toolbar')}
      {TOOLBAR_FLAGS.map(({ flag: name, key }) => flag(name, key, settings.hideToolbar === true))}
      <Divider />
      <GridSettingsFields
        value={value.gridSettings}
        onChange={(gridSettings) => setValue({ ...value, gridSettings })}
        numbers={numbers}
        onNumbers={setNumbers}
        errors={shown}
      />
      <Divider />
      <CodeField
        language="css"
        label={t('dashboard.dashboard-css')}
        value={settings.dashboardCss ?? ''}
        onChange={(dashboardCss) => set({ dashboardCss })}
        minHeight="120px"
      />
    </FormDialog>
  );
}
