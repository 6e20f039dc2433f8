import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { normaliseTimewindow, toTimewindowJson } from '@sapo/common';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MobileLayout } from '../model/dashboard-edits';
import type { User } from '../../../auth/auth-types';
import { ColorInput } from '../../../../components/color-picker';
import { JsonSchemaForm } from '../../../../components/json-form';
import { TimewindowButton } from '../../../../components/timewindow/timewindow-button';
import {
  widgetTypeRef,
  type DashboardConfig,
  type DashboardWidget,
  type WidgetConfig,
} from '../../model/dashboard-config';
import type { Datasource } from '../../model/datasource-query';
import { resolveAliases, type EntityAlias } from '../../model/entity-alias';
import { widgetRegistration } from '../../widgets/widget-registry';
import { aliasUserOf } from '../../viewer/use-dashboard-runtime';
import { useWidgetDescriptor } from '../../viewer/viewer-queries';
import { WidgetActionsEditor } from '../dialogs/widget-actions-editor';
import { DatasourcesEditor } from './datasources-editor';
import { actionSourcesFor } from './model/widget-config-model';

type TabId = 'data' | 'settings' | 'appearance' | 'actions';

/** The widget dialog of the editor: data, the type's settings form, appearance and actions. */
export function WidgetConfigDialog({
  widget,
  config: dashboard,
  user,
  mobile: initialMobile = {},
  onSave,
  onClose,
}: {
  widget: DashboardWidget;
  config: DashboardConfig;
  user: User;
  /** The widget's mobile order and height on the state being edited. */
  mobile?: MobileLayout;
  onSave: (w: DashboardWidget, mobile: MobileLayout) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [cfg, setCfg] = useState<WidgetConfig>(() => structuredClone(widget.config));
  const [mobile, setMobile] = useState<MobileLayout>(initialMobile);
  const mobileHeightBad =
    mobile.mobileHeight !== undefined && !(Number.isInteger(mobile.mobileHeight) && mobile.mobileHeight >= 1);
  const ref = useMemo(() => widgetTypeRef(widget), [widget]);
  const descriptor = useWidgetDescriptor(ref).data ?? null;
  const registration = widgetRegistration(ref ? `${ref.bundleAlias}.${ref.typeAlias}` : undefined);
  const kind = registration?.kind ?? descriptor?.type ?? 'latest';
  const hasData = kind !== 'static';
  const isRpc = kind === 'rpc';
  const isAlarm = kind === 'alarm' || kind === 'alarmCounter';
  const [tab, setTab] = useState<TabId>(hasData ? 'data' : 'settings');
  const aliases = useMemo(
    () =>
      Object.values(dashboard.entityAliases).filter(
        (a): a is EntityAlias => typeof a === 'object' && a !== null && 'alias' in a,
      ),
    [dashboard.entityAliases],
  );
  const resolved = useMemo(
    () => resolveAliases(dashboard.entityAliases as Record<string, EntityAlias>, { user: aliasUserOf(user) }),
    [dashboard.entityAliases, user],
  );
  const filterOf = (id: string) => resolved[id]?.filter ?? null;
  const set = (patch: Partial<WidgetConfig>) => setCfg((c) => ({ ...c, ...patch }));
  const datasources = (Array.isArray(cfg.datasources) ? cfg.datasources : []) as Datasource[];
  const targetIds = Array.isArray(cfg.targetDeviceAliasIds) ? (cfg.targetDeviceAliasIds as string[]) : [];
  const alarmSource = (
    typeof cfg.alarmSource === 'object' && cfg.alarmSource
      ? cfg.alarmSource
      : { type: 'entity', entityAliasId: null, dataKeys: [] }
  ) as Datasource;
  const ownWindow = cfg.useDashboardTimewindow === false;
  const titleText = typeof cfg.title === 'string' ? cfg.title : '';

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="widget-config-title"
      data-testid="widget-config-dialog"
    >
      <DialogTitle id="widget-config-title">
        {t('widget.configuration', { title: titleText || widget.title || '' })}
      </DialogTitle>
      <Tabs
        value={tab}
        onChange={(_, v: TabId) => setTab(v)}
        variant="scrollable"
        sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {hasData && <Tab value="data" label={t('widget.tab-data')} />}
        <Tab value="settings" label={t('widget.tab-settings')} />
        <Tab value="appearance" label={t('widget.tab-appearance')} />
        <Tab value="actions" label={t('widget.tab-actions')} />
      </Tabs>
      <DialogContent sx={{ minHeight: 360 }}>
        {tab === 'data' && isRpc && (
          <TextField
            select
            fullWidth
            size="small"
            label={t('widget.target-device')}
            value={targetIds[0] ?? ''}
            onChange={(e) => set({ targetDeviceAliasIds: [e.target.value] })}
            sx={{ mt: 1 }}
          >
            {aliases.map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.alias}
              </MenuItem>
            ))}
          </TextField>
        )}
        {tab === 'data' && isAlarm && (
          <TextField
            select
            fullWidth
            size="small"
            label={t('widget.alarm-source')}
            value={alarmSource.entityAliasId ?? ''}
            onChange={(e) => set({ alarmSource: { ...alarmSource, type: 'entity', entityAliasId: e.target.value } })}
            sx={{ mt: 1 }}
          >
            {aliases.map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.alias}
              </MenuItem>
            ))}
          </TextField>
        )}
        {tab === 'data' && !isRpc && !isAlarm && (
          <DatasourcesEditor
            value={datasources}
            onChange={(next) => set({ datasources: next })}
            aliases={aliases}
            filterOf={filterOf}
          />
        )}
        {tab === 'data' && (kind === 'timeseries' || isAlarm) && (
          <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <FormControlLabel
              control={
                <Switch checked={!ownWindow} onChange={(e) => set({ useDashboardTimewindow: e.target.checked })} />
              }
              label={t('widget.use-dashboard-timewindow')}
            />
            {ownWindow && (
              <TimewindowButton
                value={normaliseTimewindow(cfg.timewindow)}
                onChange={(tw) => set({ timewindow: toTimewindowJson(tw) })}
              />
            )}
          </Box>
        )}
        {tab === 'settings' &&
          (descriptor?.settingsSchema ? (
            <JsonSchemaForm
              schema={descriptor.settingsSchema.schema}
              form={descriptor.settingsSchema.form}
              value={(cfg.settings ?? {}) as Record<string, unknown>}
              onChange={(settings: Record<string, unknown>) => set({ settings })}
            />
          ) : (
            <Box sx={{ color: 'text.secondary', mt: 2 }}>{t('widget.no-settings')}</Box>
          ))}
        {tab === 'appearance' && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 1, maxWidth: 480 }}>
            <TextField
              size="small"
              label={t('widget.title')}
              value={titleText}
              onChange={(e) => set({ title: e.target.value })}
              slotProps={{ htmlInput: { 'data-testid': 'widget-title-input' } }}
            />
            <FormControlLabel
              control={
                <Switch checked={cfg.showTitle !== false} onChange={(e) => set({ showTitle: e.target.checked })} />
              }
              label={t('widget.show-title')}
            />
            <ColorInput
              label={t('widget.background-color')}
              value={typeof cfg.backgroundColor === 'string' ? cfg.backgroundColor : ''}
              onChange={(c) => set({ backgroundColor: c ?? undefined })}
            />
            <ColorInput
              label={t('widget.text-color')}
              value={typeof cfg.color === 'string' ? cfg.color : ''}
              onChange={(c) => set({ color: c ?? undefined })}
            />
            <TextField
              size="small"
              type="number"
              label={t('widget.stale-after')}
              helperText={t('widget.stale-after-hint')}
              value={typeof cfg.staleDataTimeout === 'number' ? cfg.staleDataTimeout : ''}
              onChange={(e) =>
                set({ staleDataTimeout: e.target.value === '' ? undefined : Math.max(0, Number(e.target.value)) })
              }
            />
            <TextField
              size="small"
              label={t('widget.no-data-message')}
              value={typeof cfg.noDataDisplayMessage === 'string' ? cfg.noDataDisplayMessage : ''}
              onChange={(e) => set({ noDataDisplayMessage: e.target.value })}
            />
            <Typography variant="subtitle2" sx={{ mt: 1 }}>
              {t('widget-config.mobile-mode-settings')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 2 }}>
              <TextField
                size="small"
                type="number"
                label={t('widget-config.order')}
                value={mobile.mobileOrder ?? ''}
                onChange={(e) =>
                  setMobile((m) => ({
                    ...m,
                    mobileOrder: e.target.value === '' ? undefined : Math.trunc(Number(e.target.value)),
                  }))
                }
              />
              <TextField
                size="small"
                type="number"
                label={t('widget-config.height')}
                value={mobile.mobileHeight ?? ''}
                error={mobileHeightBad}
                helperText={mobileHeightBad ? t('widget-config.height-min') : undefined}
                onChange={(e) =>
                  setMobile((m) => ({ ...m, mobileHeight: e.target.value === '' ? undefined : Number(e.target.value) }))
                }
              />
            </Box>
          </Box>
        )}
        {tab === 'actions' && (
          <WidgetActionsEditor
            value={(cfg.actions ?? {}) as Record<string, unknown[]>}
            onChange={(actions) => set({ actions })}
            availableSources={actionSourcesFor(kind, ref?.typeAlias)}
            states={Object.entries(dashboard.states).map(([id, s]) => ({ id, name: s.name }))}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={mobileHeightBad}
          onClick={() => onSave({ ...widget, config: cfg }, mobile)}
          data-testid="widget-config-save"
        >
          {t('action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
