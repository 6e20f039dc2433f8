import Clear from '@mui/icons-material/Clear';
import DoneAll from '@mui/icons-material/DoneAll';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AlarmQueryStatus } from '@sapo/common';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../../components/dialogs/dialog-store';
import { PAGE_SIZES } from '../../../../lib/page-link';
import { SelectionBar } from '../../../assets/selection-bar';
import { AlarmDetailsDialog } from '../../../alarms/alarm-details-dialog';
import { AlarmsTable } from '../../../alarms/alarms-table';
import { useAlarmAction, type AlarmAction } from '../../../alarms/alarms-queries';
import { LiveIndicator } from '../../../alarms/live-indicator';
import { canAcknowledge, canClear } from '../../../alarms/model/alarm-display';
import type { AlarmRow } from '../../../alarms/model/alarm-live';
import type { AlarmPageRequest } from '../../../alarms/model/alarm-query';
import { boolSetting, numSetting, strSetting } from '../shared/settings-readers';
import { WidgetMessage } from '../shared/widget-message';
import type { WidgetProps } from '../widget-types';
import {
  alarmSortOf,
  alarmSourceAliasId,
  alarmWindow,
  alarmWindowStep,
  nearestPageSize,
  searchStatusOf,
  sourceFilters,
} from './alarm-widget-model';
import { useWidgetAlarms } from './use-widget-alarms';

/**
 * Status choices of the widget's filter: ours first, then ThingsBoard's (imported dashboards use them).
 * Keys written out so the locale check sees each one.
 */
const STATUSES: readonly [AlarmQueryStatus, string][] = [
  ['ANY', 'alarm.search-status.ANY'],
  ['NEW', 'alarm.search-status.NEW'],
  ['INPROGRESS', 'alarm.search-status.INPROGRESS'],
  ['UNREAD', 'alarm.search-status.UNREAD'],
  ['CLOSED', 'alarm.search-status.CLOSED'],
  ['ACTIVE', 'alarm.search-status.ACTIVE'],
  ['CLEARED', 'alarm.search-status.CLEARED'],
  ['ACK', 'alarm.search-status.ACK'],
  ['UNACK', 'alarm.search-status.UNACK'],
];
/** Below this width the alarms show as cards (the table's columns would not fit). */
const CARDS_WIDTH = 600;

/** alarm_widgets.alarms_table: the alias's alarms in the time window, live, with acknowledge and clear. */
export function AlarmsTableWidget({ ctx }: WidgetProps) {
  const { t } = useTranslation();
  const { settings, widget } = ctx;
  const [status, setStatus] = useState(() => searchStatusOf(widget.config.alarmSearchStatus));
  const [search, setSearch] = useState('');
  const [request, setRequest] = useState<AlarmPageRequest>(() => ({
    page: 0,
    pageSize: nearestPageSize(numSetting(settings, 'defaultPageSize', 10), PAGE_SIZES),
    ...alarmSortOf(strSetting(settings, 'defaultSortOrder', '-createdTime')),
  }));
  const [selected, setSelected] = useState<Map<string, AlarmRow>>(new Map());
  const [opened, setOpened] = useState<AlarmRow>();
  const action = useAlarmAction();

  // A realtime window slides: re-render each step so the query's start follows it.
  const [now, setNow] = useState(() => Date.now());
  const step = alarmWindowStep(ctx.timewindow);
  useEffect(() => {
    if (!step) return;
    const timer = setInterval(() => setNow(Date.now()), step);
    return () => clearInterval(timer);
  }, [step]);

  const source = sourceFilters(alarmSourceAliasId(widget.config), ctx.aliases);
  const { startTs, endTs } = alarmWindow(ctx.timewindow, now);
  const allowAck = boolSetting(settings, 'allowAcknowledgment', true);
  const allowClear = boolSetting(settings, 'allowClear', true);
  const { page, mode } = useWidgetAlarms(ctx.api, ctx.ws, {
    widgetId: widget.id,
    filters: source.filters,
    filter: { status, severities: [], types: [], textSearch: search, startTs, endTs },
    request,
  });

  if (source.error) return <WidgetMessage text={source.error} />;

  const rows = page.data?.data ?? [];
  const openedLive = opened && (rows.find((row) => row.id.id === opened.id.id) ?? opened);
  const allowed = (kind: AlarmAction) => (kind === 'ack' ? allowAck : allowClear);

  const run = async (kind: AlarmAction, alarms: AlarmRow[], confirm: boolean) => {
    // Editing a dashboard changes no data; settings may forbid either action.
    if (ctx.editing || !allowed(kind)) return;
    const targets = alarms.filter((alarm) => (kind === 'ack' ? canAcknowledge(alarm.status) : canClear(alarm.status)));
    if (targets.length === 0) return;
    if (confirm) {
      const count = targets.length;
      const ok = await confirmDialog({
        title: t(kind === 'ack' ? 'alarm.acknowledge-alarms-title' : 'alarm.clear-alarms-title', { count }),
        message: t(kind === 'ack' ? 'alarm.acknowledge-alarms-text' : 'alarm.clear-alarms-text', { count }),
        okText: t('action.yes'),
        cancelText: t('action.no'),
        danger: kind === 'clear',
      });
      if (!ok) return;
    }
    const result = await action.mutateAsync({ action: kind, alarms: targets });
    if (result.done > 0) {
      setSelected((current) => {
        const next = new Map(current);
        for (const alarm of targets) next.delete(alarm.id.id);
        return next;
      });
    }
  };

  const selectedList = [...selected.values()];
  const title = strSetting(settings, 'alarmsTitle', '');
  const changeFilter = () => {
    setRequest((current) => ({ ...current, page: 0 }));
    setSelected(new Map());
  };

  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5, flexWrap: 'wrap', flexShrink: 0 }}>
        {title && (
          <Typography variant="subtitle2" noWrap sx={{ mr: 'auto', minWidth: 0 }}>
            {title}
          </Typography>
        )}
        {boolSetting(settings, 'enableFilter', true) && (
          <TextField
            select
            size="small"
            label={t('alarm.status')}
            value={status}
            onChange={(event) => {
              setStatus(searchStatusOf(event.target.value));
              changeFilter();
            }}
            sx={{ minWidth: 130 }}
          >
            {STATUSES.map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {t(label)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {boolSetting(settings, 'enableSearch', true) && (
          <TextField
            size="small"
            label={t('action.search')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              changeFilter();
            }}
            sx={{ flex: '1 1 120px', maxWidth: 260 }}
          />
        )}
        <Box sx={{ ml: 'auto' }}>
          <LiveIndicator mode={mode} />
        </Box>
      </Box>
      {(allowAck || allowClear) && (
        <Box sx={{ px: 1, flexShrink: 0 }}>
          <SelectionBar count={selected.size} onClear={() => setSelected(new Map())}>
            {allowAck && (
              <Button
                size="small"
                startIcon={<DoneAll />}
                disabled={ctx.editing || action.isPending || !selectedList.some((a) => canAcknowledge(a.status))}
                onClick={() => void run('ack', selectedList, true)}
              >
                {t('alarm.acknowledge')}
              </Button>
            )}
            {allowClear && (
              <Button
                size="small"
                color="error"
                startIcon={<Clear />}
                disabled={ctx.editing || action.isPending || !selectedList.some((a) => canClear(a.status))}
                onClick={() => void run('clear', selectedList, true)}
              >
                {t('alarm.clear')}
              </Button>
            )}
          </SelectionBar>
        </Box>
      )}
      <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto', px: 1, pb: 1 }}>
        <AlarmsTable
          rows={rows}
          total={page.data?.totalElements ?? 0}
          request={request}
          onRequestChange={setRequest}
          selected={selected}
          onSelectedChange={setSelected}
          onOpen={(row) => !ctx.editing && boolSetting(settings, 'displayDetails', true) && setOpened(row)}
          onAction={(kind, alarms) => void run(kind, alarms, true)}
          busy={ctx.editing || action.isPending}
          fetching={page.isFetching && (page.isPlaceholderData || !page.data)}
          error={page.isError ? page.error.message : undefined}
          showOriginator
          cards={ctx.width < CARDS_WIDTH}
          emptyText={t(ctx.noDataMessage ?? 'alarm.no-alarms-prompt')}
        />
      </Box>
      <AlarmDetailsDialog
        alarm={openedLive}
        busy={ctx.editing || action.isPending}
        onAction={(kind, alarm) => void run(kind, [alarm], false)}
        onClose={() => setOpened(undefined)}
      />
    </Box>
  );
}
