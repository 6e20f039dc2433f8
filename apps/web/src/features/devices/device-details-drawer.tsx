import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { EntityDetailsDrawer } from '../../components/entity-details/entity-details-drawer';
import { useLastDefined } from '../contact/use-last-defined';
import { RelationsTab } from '../relations/relations-tab';
import { LazyAlarmsTab } from '../alarms/lazy-alarms-tab';
import { LazyAttributesTab, LazyLatestTelemetryTab } from '../telemetry/telemetry-tabs';
import { CredentialsTab } from './credentials-tab';
import { DeviceDetails } from './device-details';
import type { DeviceInfo } from './device-types';
import { useDeviceInfo } from './devices-queries';
import type { DevicePermissions } from './model/device-permissions';
import type { DeviceActionItem } from './use-device-actions';

export type DeviceTab = 'details' | 'credentials' | 'attributes' | 'telemetry' | 'alarms' | 'relations';

export interface DeviceDetailsDrawerProps {
  /** The row that was clicked: shown at once, then refreshed from the server. */
  device: DeviceInfo | undefined;
  tab: DeviceTab;
  onTabChange: (tab: DeviceTab) => void;
  permissions: DevicePermissions;
  actions: readonly DeviceActionItem[];
  busy: boolean;
  onClose: () => void;
}

/** One device: its details, credentials and relations, with the actions the role may take. */
export function DeviceDetailsDrawer(props: DeviceDetailsDrawerProps) {
  const { device: row, tab, onTabChange, permissions, actions, busy, onClose } = props;
  const { t } = useTranslation();
  const { data: fresh } = useDeviceInfo(row?.id.id, row);
  const device = useLastDefined(fresh);
  // The credentials row action opens this tab; without the right it is not offered at all.
  // Credentials have their own tab; customers get no header buttons at all (no empty bar).
  const headerActions = device ? actions.filter((item) => item.id !== 'credentials' && item.shown(device)) : [];
  const shownTab = tab === 'credentials' && !permissions.readCredentials ? 'details' : tab;

  return (
    <EntityDetailsDrawer
      open={Boolean(row)}
      onClose={onClose}
      title={device?.name ?? ''}
      subtitle={t('device.device-details')}
      actions={
        headerActions.length > 0 &&
        headerActions.map((item) => (
          <Button
            key={item.id}
            size="small"
            variant="outlined"
            color={item.danger ? 'error' : 'primary'}
            startIcon={item.icon}
            disabled={busy}
            onClick={() => device && item.run(device)}
          >
            {item.label}
          </Button>
        ))
      }
    >
      {device && (
        <>
          <Tabs
            value={shownTab}
            onChange={(_event, next: DeviceTab) => onTabChange(next)}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5, mt: -1 }}
          >
            <Tab value="details" label={t('device.tab-details')} />
            {permissions.readCredentials && <Tab value="credentials" label={t('device.tab-credentials')} />}
            <Tab value="attributes" label={t('attribute.attributes')} />
            <Tab value="telemetry" label={t('attribute.latest-telemetry')} />
            <Tab value="alarms" label={t('alarm.alarms')} />
            <Tab value="relations" label={t('device.tab-relations')} />
          </Tabs>
          <Box role="tabpanel">
            {shownTab === 'details' && <DeviceDetails device={device} showOwner={permissions.seeOwner} />}
            {shownTab === 'credentials' && <CredentialsTab device={device} canManage={permissions.manageCredentials} />}
            {shownTab === 'attributes' && (
              <LazyAttributesTab entity={{ entityType: 'DEVICE', id: device.id.id }} readOnly={!permissions.edit} />
            )}
            {shownTab === 'telemetry' && (
              <LazyLatestTelemetryTab
                entity={{ entityType: 'DEVICE', id: device.id.id }}
                readOnly={!permissions.edit}
              />
            )}
            {shownTab === 'alarms' && <LazyAlarmsTab entity={{ entityType: 'DEVICE', id: device.id.id }} />}
            {shownTab === 'relations' && (
              <RelationsTab entityId={{ entityType: 'DEVICE', id: device.id.id }} readOnly={!permissions.edit} />
            )}
          </Box>
        </>
      )}
    </EntityDetailsDrawer>
  );
}
