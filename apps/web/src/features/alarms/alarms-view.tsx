import Clear from '@mui/icons-material/Clear';
import DoneAll from '@mui/icons-material/DoneAll';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../components/dialogs/dialog-store';
import { SelectionBar } from '../assets/selection-bar';
import { AlarmCountersBar } from './alarm-counters';
import { AlarmDetailsDialog } from './alarm-details-dialog';
import { AlarmFilters } from './alarm-filters';
import { AlarmsTable } from './alarms-table';
import { useAlarmAction, useAlarmCounters, useAlarmInfo, useAlarmPage, type AlarmAction } from './alarms-queries';
import { LiveIndicator } from './live-indicator';
import { canAcknowledge, canClear } from './model/alarm-display';
import type { AlarmRow } from './model/alarm-live';
import {
  DEFAULT_ALARM_FILTER,
  DEFAULT_ALARM_PAGE,
  type AlarmFilter,
  type AlarmPageRequest,
  type AlarmScope,
} from './model/alarm-query';
import { POLL_MS, useLiveAlarms } from './use-live-alarms';

export interface AlarmsViewProps {
  scope: AlarmScope;
  /** The center lists many originators; an entity's tab lists its own. */
  showOriginator: boolean;
  /** Cards instead of a table (the narrow details drawer). */
  cards?: boolean;
}

/**
 * Counters, filters, the live table, bulk acknowledge / clear and the details dialog: the alarm
 * center and every entity's Alarms tab are this view with a different scope.
 */
export function AlarmsView({ scope, showOriginator, cards = false }: AlarmsViewProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<AlarmFilter>(DEFAULT_ALARM_FILTER);
  const [request, setRequest] = useState<AlarmPageRequest>(DEFAULT_ALARM_PAGE);
  const [selected, setSelected] = useState<Map<string, AlarmRow>>(new Map());
  const [opened, setOpened] = useState<AlarmRow>();

  const mode = useLiveAlarms(scope, filter, request);
  const poll = mode === 'polling' ? POLL_MS : false;
  const page = useAlarmPage(scope, filter, request, poll);
  const counters = useAlarmCounters(scope, poll);
  const action = useAlarmAction();

  const info = useAlarmInfo(opened?.id.id);

  const rows = page.data?.data ?? [];
  // The dialog follows the live row, so an acknowledge elsewhere shows at once; an alarm that left
  // the page (acknowledged under the NEW filter, say) is read by id.
  const openedLive =
    opened &&
    (rows.find((row) => row.id.id === opened.id.id) ?? (info.data?.id.id === opened.id.id ? info.data : opened));

  const changeFilter = (next: AlarmFilter) => {
    setFilter(next);
    setRequest((current) => ({ ...current, page: 0 }));
    setSelected(new Map());
  };

  const run = async (kind: AlarmAction, alarms: AlarmRow[], confirm: boolean) => {
    const targets = alarms.filter((alarm) => (kind === 'ack' ? canAcknowledge(alarm.status) : canClear(alarm.status)));
    if (targets.length === 0) return;
    if (confirm) {
      const ok = await confirmDialog({
        title: t(kind === 'ack' ? 'alarm.acknowledge-alarms-title' : 'alarm.clear-alarms-title', {
          count: targets.length,
        }),
        message: t(kind === 'ack' ? 'alarm.acknowledge-alarms-text' : 'alarm.clear-alarms-text', {
          count: targets.length,
        }),
        okText: t('action.yes'),
        cancelText: t('action.no'),
        danger: kind === 'clear',
      });
      if (!ok) return;
    }
    const result = await action.mutateAsync({ action: kind, alarms: targets });
    if (result.done > 0) {
      // Acted-on rows leave the selection; their new state shows through the live update.
      setSelected((current) => {
        const next = new Map(current);
        for (const alarm of targets) next.delete(alarm.id.id);
        return next;
      });
    }
  };

  const selectedList = [...selected.values()];
  const ackable = selectedList.filter((alarm) => canAcknowledge(alarm.status)).length;
  const clearable = selectedList.filter((alarm) => canClear(alarm.status)).length;

  return (
    <Box>
      {counters.data && (
        <AlarmCountersBar
          counters={counters.data}
          active={filter.status}
          onPick={(status) => changeFilter({ ...filter, status })}
        />
      )}
      <AlarmFilters filter={filter} onChange={changeFilter}>
        <LiveIndicator mode={mode} />
      </AlarmFilters>
      <SelectionBar count={selected.size} onClear={() => setSelected(new Map())}>
        <Button
          size="small"
          startIcon={<DoneAll />}
          disabled={ackable === 0 || action.isPending}
          onClick={() => void run('ack', selectedList, true)}
        >
          {t('alarm.acknowledge')}
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<Clear />}
          disabled={clearable === 0 || action.isPending}
          onClick={() => void run('clear', selectedList, true)}
        >
          {t('alarm.clear')}
        </Button>
      </SelectionBar>
      <AlarmsTable
        rows={rows}
        total={page.data?.totalElements ?? 0}
        request={request}
        onRequestChange={setRequest}
        selected={selected}
        onSelectedChange={setSelected}
        onOpen={setOpened}
        onAction={(kind, alarms) => void run(kind, alarms, true)}
        busy={action.isPending}
        fetching={page.isFetching && (page.isPlaceholderData || !page.data)}
        error={page.isError ? page.error.message : undefined}
        showOriginator={showOriginator}
        cards={cards}
        emptyText={t('alarm.no-alarms-prompt')}
      />
      <AlarmDetailsDialog
        alarm={openedLive}
        busy={action.isPending}
        onAction={(kind, alarm) => void run(kind, [alarm], false)}
        onClose={() => setOpened(undefined)}
      />
    </Box>
  );
}
