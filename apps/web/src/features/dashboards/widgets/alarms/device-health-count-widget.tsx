import { useTranslation } from 'react-i18next';
import { arraySetting, boolSetting, strSetting } from '../shared/settings-readers';
import { WidgetMessage } from '../shared/widget-message';
import type { WidgetProps } from '../widget-types';
import {
  alarmSourceAliasId,
  healthCount,
  healthCountQueries,
  healthStateOf,
  sourceFilters,
  sumCounts,
  textListOf,
} from './alarm-widget-model';
import { CounterCard } from './counter-card';
import { useLiveCounts, type CountSource } from './use-live-counts';

const ALL_DEVICES = [{ type: 'entityType', entityType: 'DEVICE' }];

const LABELS = {
  active: 'widget-alarm.active-devices',
  inactive: 'widget-alarm.inactive-devices',
  all: 'widget-alarm.all-devices',
} as const;

/** alarm_widgets.device_health_count: active / inactive devices of the alias (or all), live. */
export function DeviceHealthCountWidget({ ctx }: WidgetProps) {
  const { t } = useTranslation();
  const { settings } = ctx;
  const state = healthStateOf(strSetting(settings, 'state', 'inactive'));
  const showTotal = boolSetting(settings, 'showTotal', true);
  const profiles = textListOf(arraySetting(settings, 'deviceProfiles'));
  const source = sourceFilters(alarmSourceAliasId(ctx.widget.config), ctx.aliases, ALL_DEVICES);

  // One ENTITY_COUNT per profile for all devices, one more each for the active ones (inactive = the rest).
  const groups = source.filters.map((filter) => healthCountQueries(filter, profiles));
  const all = groups.flatMap((g) => g.all);
  const active = groups.flatMap((g) => g.active);
  const sources: CountSource[] = [...all, ...active].map((query) => ({ kind: 'entities', query }));
  const live = useLiveCounts(ctx.api, ctx.ws, sources);

  if (source.error) return <WidgetMessage text={source.error} />;
  if (live.error) return <WidgetMessage text={live.error} />;
  const counts = healthCount(
    state,
    sumCounts(live.counts.slice(0, all.length)),
    sumCounts(live.counts.slice(all.length)),
  );
  return (
    <CounterCard
      settings={settings}
      label={t(LABELS[state])}
      value={counts.value}
      total={showTotal && state !== 'all' ? counts.total : undefined}
      width={ctx.width}
      height={ctx.height}
    />
  );
}
