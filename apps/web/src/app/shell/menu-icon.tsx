import AcUnit from '@mui/icons-material/AcUnit';
import AccountCircle from '@mui/icons-material/AccountCircle';
import Air from '@mui/icons-material/Air';
import Apartment from '@mui/icons-material/Apartment';
import Bolt from '@mui/icons-material/Bolt';
import Chat from '@mui/icons-material/Chat';
import Code from '@mui/icons-material/Code';
import ContactPhone from '@mui/icons-material/ContactPhone';
import Dashboard from '@mui/icons-material/Dashboard';
import Dashboards from '@mui/icons-material/SpaceDashboard';
import DevicesOther from '@mui/icons-material/DevicesOther';
import Domain from '@mui/icons-material/Domain';
import ElectricalServices from '@mui/icons-material/ElectricalServices';
import Elevator from '@mui/icons-material/Elevator';
import FormatPaint from '@mui/icons-material/FormatPaint';
import Groups from '@mui/icons-material/Groups';
import Home from '@mui/icons-material/Home';
import Hvac from '@mui/icons-material/Hvac';
import InsertChart from '@mui/icons-material/InsertChart';
import Mail from '@mui/icons-material/Mail';
import Memory from '@mui/icons-material/Memory';
import NotificationImportant from '@mui/icons-material/NotificationImportant';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import NowWidgets from '@mui/icons-material/Widgets';
import Security from '@mui/icons-material/Security';
import Sensors from '@mui/icons-material/Sensors';
import Settings from '@mui/icons-material/Settings';
import SettingsApplications from '@mui/icons-material/SettingsApplications';
import SettingsEthernet from '@mui/icons-material/SettingsEthernet';
import Shield from '@mui/icons-material/Shield';
import Sms from '@mui/icons-material/Sms';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import TableChart from '@mui/icons-material/TableChart';
import TrackChanges from '@mui/icons-material/TrackChanges';
import Tune from '@mui/icons-material/Tune';
import ViewQuilt from '@mui/icons-material/ViewQuilt';
import WaterDrop from '@mui/icons-material/WaterDrop';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

/**
 * Menu and breadcrumb icons by name. 'mdi:' names (ThingsBoard's custom SVG set) map to the closest
 * Material icon so the bundle carries one icon family.
 */
const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  home: Home,
  supervisor_account: SupervisorAccount,
  account_circle: AccountCircle,
  'mdi:alpha-t-box': Memory,
  'mdi:alpha-d-box': Memory,
  'mdi:shield-account': Shield,
  now_widgets: NowWidgets,
  settings: Settings,
  settings_applications: SettingsApplications,
  settings_ethernet: SettingsEthernet,
  mail: Mail,
  sms: Sms,
  chat: Chat,
  security: Security,
  contact_phone: ContactPhone,
  notification_important: NotificationImportant,
  notifications_active: NotificationsActive,
  domain: Domain,
  devices_other: DevicesOther,
  code: Code,
  view_quilt: ViewQuilt,
  dashboards: Dashboards,
  dashboard: Dashboard,
  table_chart: TableChart,
  tune: Tune,
  format_paint: FormatPaint,
  track_changes: TrackChanges,
  insert_chart: InsertChart,
  groups: Groups,
  bolt: Bolt,
  electrical_services: ElectricalServices,
  air: Air,
  ac_unit: AcUnit,
  hvac: Hvac,
  apartment: Apartment,
  sensors: Sensors,
  elevator: Elevator,
  water_drop: WaterDrop,
};

export function MenuIcon({ name, ...props }: { name: string } & SvgIconProps) {
  const Icon = ICONS[name] ?? Dashboard;
  return <Icon {...props} />;
}
