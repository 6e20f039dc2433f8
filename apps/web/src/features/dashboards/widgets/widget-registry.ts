// Every widget type the app draws itself, by `bundleAlias.typeAlias` (ThingsBoard 3.2 aliases, so an
// imported dashboard finds its widgets). Each folder registers its own family; components are lazy,
// so a dashboard loads only the code of the widgets it shows.
import { ALARMS_WIDGETS } from './alarms/registrations';
import { CARDS_WIDGETS } from './cards/registrations';
import { CHARTS_WIDGETS } from './charts/registrations';
import { CONTROLS_WIDGETS } from './controls/registrations';
import { DATE_WIDGETS } from './date/registrations';
import { GAUGES_WIDGETS } from './gauges/registrations';
import { MAPS_WIDGETS } from './maps/registrations';
import { NAVIGATION_WIDGETS } from './navigation/registrations';
import { TABLES_WIDGETS } from './tables/registrations';
import type { WidgetRegistration } from './widget-types';

const ALL: readonly (readonly WidgetRegistration[])[] = [
  CHARTS_WIDGETS,
  CARDS_WIDGETS,
  GAUGES_WIDGETS,
  TABLES_WIDGETS,
  ALARMS_WIDGETS,
  NAVIGATION_WIDGETS,
  CONTROLS_WIDGETS,
  MAPS_WIDGETS,
  DATE_WIDGETS,
];

const BY_KEY = new Map<string, WidgetRegistration>();
for (const family of ALL) for (const reg of family) for (const key of reg.keys) BY_KEY.set(key, reg);

/** The registration drawing a system type, or undefined (tenant types run in the sandboxed iframe). */
export function widgetRegistration(key: string | undefined): WidgetRegistration | undefined {
  return key ? BY_KEY.get(key) : undefined;
}

/** Every registered key (tests check each system type has a component). */
export function registeredWidgetKeys(): string[] {
  return [...BY_KEY.keys()];
}
