import Alarm from '@mui/icons-material/Alarm';
import BarChart from '@mui/icons-material/BarChart';
import BatteryFull from '@mui/icons-material/BatteryFull';
import Bolt from '@mui/icons-material/Bolt';
import Build from '@mui/icons-material/Build';
import Business from '@mui/icons-material/Business';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Cloud from '@mui/icons-material/Cloud';
import Dashboard from '@mui/icons-material/Dashboard';
import Devices from '@mui/icons-material/Devices';
import ErrorIcon from '@mui/icons-material/Error';
import Favorite from '@mui/icons-material/Favorite';
import Group from '@mui/icons-material/Group';
import Home from '@mui/icons-material/Home';
import Info from '@mui/icons-material/Info';
import Lightbulb from '@mui/icons-material/Lightbulb';
import LocationOn from '@mui/icons-material/LocationOn';
import Lock from '@mui/icons-material/Lock';
import MapIcon from '@mui/icons-material/Map';
import Memory from '@mui/icons-material/Memory';
import Notifications from '@mui/icons-material/Notifications';
import Person from '@mui/icons-material/Person';
import PieChart from '@mui/icons-material/PieChart';
import Place from '@mui/icons-material/Place';
import PowerSettingsNew from '@mui/icons-material/PowerSettingsNew';
import Refresh from '@mui/icons-material/Refresh';
import Router from '@mui/icons-material/Router';
import Schedule from '@mui/icons-material/Schedule';
import Search from '@mui/icons-material/Search';
import Sensors from '@mui/icons-material/Sensors';
import Settings from '@mui/icons-material/Settings';
import ShowChart from '@mui/icons-material/ShowChart';
import Speed from '@mui/icons-material/Speed';
import Star from '@mui/icons-material/Star';
import Thermostat from '@mui/icons-material/Thermostat';
import TrendingUp from '@mui/icons-material/TrendingUp';
import Visibility from '@mui/icons-material/Visibility';
import Warning from '@mui/icons-material/Warning';
import WaterDrop from '@mui/icons-material/WaterDrop';
import Wifi from '@mui/icons-material/Wifi';
import type { IconComponent } from './icon-registry';
import type { COMMON_ICONS } from './icon-names';

/** The common icons, bundled (each is a few hundred bytes); the full set loads on demand. */
export const COMMON_ICON_COMPONENTS: Record<(typeof COMMON_ICONS)[number], IconComponent> = {
  home: Home,
  dashboard: Dashboard,
  settings: Settings,
  info: Info,
  warning: Warning,
  error: ErrorIcon,
  check_circle: CheckCircle,
  notifications: Notifications,
  alarm: Alarm,
  schedule: Schedule,
  thermostat: Thermostat,
  water_drop: WaterDrop,
  bolt: Bolt,
  battery_full: BatteryFull,
  wifi: Wifi,
  sensors: Sensors,
  router: Router,
  memory: Memory,
  devices: Devices,
  lightbulb: Lightbulb,
  power_settings_new: PowerSettingsNew,
  speed: Speed,
  trending_up: TrendingUp,
  bar_chart: BarChart,
  show_chart: ShowChart,
  pie_chart: PieChart,
  map: MapIcon,
  place: Place,
  location_on: LocationOn,
  person: Person,
  group: Group,
  business: Business,
  build: Build,
  search: Search,
  star: Star,
  favorite: Favorite,
  cloud: Cloud,
  lock: Lock,
  visibility: Visibility,
  refresh: Refresh,
};
