import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityDetailsDrawer } from '../../components/entity-details/entity-details-drawer';
import type { EntityId } from '../auth/auth-types';
import { RelationsTab } from '../relations/relations-tab';
import { LazyAlarmsTab } from '../alarms/lazy-alarms-tab';
import { LazyAttributesTab, LazyLatestTelemetryTab } from '../telemetry/telemetry-tabs';

export interface EntityTabsDrawerProps {
  /** The entity shown; the drawer is closed while undefined. */
  entityId: EntityId | undefined;
  open: boolean;
  onClose: () => void;
  title: string;
  subtitle: string;
  actions?: ReactNode;
  details: ReactNode;
  /** Customer roles see relations and attributes without add/delete. */
  readOnly: boolean;
}

type TabId = 'details' | 'attributes' | 'telemetry' | 'alarms' | 'relations';

/** The details panel of an asset or entity view: details, attributes, latest telemetry and relations. */
export function EntityTabsDrawer(props: EntityTabsDrawerProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabId>('details');
  const id = props.entityId?.id;
  // Another entity opens on its details, not on the tab the previous one was left at.
  useEffect(() => setTab('details'), [id]);

  return (
    <EntityDetailsDrawer
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      subtitle={props.subtitle}
      actions={props.actions}
    >
      <Tabs
        value={tab}
        onChange={(_event, next: TabId) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mt: -2.5, mx: -2.5, mb: 2.5, px: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="details" label={t('entity.details')} />
        <Tab value="attributes" label={t('attribute.attributes')} />
        <Tab value="telemetry" label={t('attribute.latest-telemetry')} />
        <Tab value="alarms" label={t('alarm.alarms')} />
        <Tab value="relations" label={t('relation.relations')} />
      </Tabs>
      {tab === 'details' && <Box>{props.details}</Box>}
      {tab === 'attributes' && props.entityId && (
        <LazyAttributesTab entity={props.entityId} readOnly={props.readOnly} />
      )}
      {tab === 'telemetry' && props.entityId && (
        <LazyLatestTelemetryTab entity={props.entityId} readOnly={props.readOnly} />
      )}
      {tab === 'alarms' && props.entityId && <LazyAlarmsTab entity={props.entityId} />}
      {tab === 'relations' && props.entityId && <RelationsTab entityId={props.entityId} readOnly={props.readOnly} />}
    </EntityDetailsDrawer>
  );
}
