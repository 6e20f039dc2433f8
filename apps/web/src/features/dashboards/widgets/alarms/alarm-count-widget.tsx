import { useTranslation } from 'react-i18next';
import { arraySetting, strSetting } from '../shared/settings-readers';
import { WidgetMessage } from '../shared/widget-message';
import type { WidgetProps } from '../widget-types';
import {
  alarmSourceAliasId,
  COUNT_PAGE,
  searchStatusOf,
  severitiesOf,
  sourceFilters,
  sumCounts,
  textListOf,
  widgetAlarmQuery,
} from './alarm-widget-model';
import { CounterCard } from './counter-card';
import { useLiveCounts, type CountSource } from './use-live-counts';

/** alarm_widgets.alarm_count: how many alarms of the alias match a status, severities and types; live. */
export function AlarmCountWidget({ ctx }: WidgetProps) {
  const { t } = useTranslation();
  const { settings } = ctx;
  const source = sourceFilters(alarmSourceAliasId(ctx.widget.config), ctx.aliases);
  const status = searchStatusOf(strSetting(settings, 'searchStatus', 'ACTIVE'), 'ACTIVE');
  const severities = severitiesOf(arraySetting(settings, 'severities'));
  const types = textListOf(arraySetting(settings, 'alarmTypes'));

  // Rebuilt each render; the hook subscribes again only when their JSON changes (no time bounds here).
  const sources: CountSource[] = source.filters.map((entityFilter) => ({
    kind: 'alarms',
    query: widgetAlarmQuery(entityFilter, { status, severities, types, textSearch: '' }, COUNT_PAGE, 0),
  }));
  const live = useLiveCounts(ctx.api, ctx.ws, sources);

  if (source.error) return <WidgetMessage text={source.error} />;
  if (live.error) return <WidgetMessage text={live.error} />;
  return (
    <CounterCard
      settings={settings}
      label={t('widget-alarm.active-alarms')}
      value={sumCounts(live.counts)}
      width={ctx.width}
      height={ctx.height}
    />
  );
}
