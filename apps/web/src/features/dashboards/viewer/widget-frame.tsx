import { normaliseTimewindow, resolveTimewindow, type Timewindow } from '@sapo/common';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Suspense, useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { widgetTypeKey, widgetTypeRef, type DashboardWidget } from '../model/dashboard-config';
import { schemaDefaults } from '../model/widget-descriptor';
import { WidgetMessage } from '../widgets/shared/widget-message';
import { widgetRegistration } from '../widgets/widget-registry';
import type { WidgetActionSource, WidgetContext, WidgetEntity } from '../widgets/widget-types';
import { CustomWidgetFrame } from './custom-widget-frame';
import { useDashboardRuntime } from './dashboard-runtime';
import { actionsFor } from './model/widget-actions';
import { withSelectableInterval } from './model/aggregation-interval';
import { staleAfterMs, staleness } from './model/staleness';
import { useElementSize } from './use-element-size';
import { useNow } from './use-now';
import { useWidgetData } from './use-widget-data';
import { viewerDatasources } from './model/viewer-datasources';
import { useWidgetDescriptor } from './viewer-queries';
import { WidgetErrorBoundary } from './widget-error-boundary';

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * One widget on the grid: its card (title, header action buttons, stale badge) around the registered
 * component, fed with the widget's data subscription. Unknown tenant types run in the sandboxed iframe.
 */
export function WidgetFrame({ widget, editControls }: { widget: DashboardWidget; editControls?: ReactNode }) {
  const { t } = useTranslation();
  const rt = useDashboardRuntime();
  const config = widget.config;
  const key = widgetTypeKey(widget);
  const registration = widgetRegistration(key);
  const ref = useMemo(() => widgetTypeRef(widget), [widget]);
  const descriptorQuery = useWidgetDescriptor(ref);
  const descriptor = descriptorQuery.data ?? null;
  const kind = registration?.kind ?? descriptor?.type ?? 'latest';

  const ownWindowJson = config.useDashboardTimewindow === false ? JSON.stringify(config.timewindow ?? null) : null;
  const timewindow: Timewindow = useMemo(
    () => (ownWindowJson === null ? rt.timewindow : normaliseTimewindow(JSON.parse(ownWindowJson), rt.maxDatapoints)),
    [ownWindowJson, rt.timewindow, rt.maxDatapoints],
  );
  const sliding = timewindow.selectedTab === 'REALTIME' && kind === 'timeseries';
  const now = useNow(sliding ? 1000 : null);
  const queried = useMemo(
    () => withSelectableInterval(timewindow, Date.now(), rt.maxDatapoints),
    [timewindow, rt.maxDatapoints],
  );
  const resolved = useMemo(
    () => resolveTimewindow(queried, now, undefined, rt.maxDatapoints),
    [queried, now, rt.maxDatapoints],
  );
  const windowKey = useMemo(() => JSON.stringify(queried), [queried]);

  const datasources = useMemo(() => viewerDatasources(config), [config]);
  const { data, activity } = useWidgetData({
    datasources,
    aliases: rt.aliases,
    kind,
    window: resolved,
    windowKey,
    ws: rt.ws,
    enabled: Boolean(registration ? !registration.ownData : descriptor),
  });

  const settings = useMemo(
    () => ({ ...schemaDefaults(descriptor?.settingsSchema ?? null), ...(config.settings ?? {}) }),
    [descriptor, config.settings],
  );
  const [boxRef, size] = useElementSize<HTMLDivElement>();
  const { runAction } = rt;
  const action = useCallback(
    (source: WidgetActionSource, entity?: WidgetEntity | null, extra?: Record<string, unknown>) => {
      if (!rt.editing) runAction(widget, source, entity, extra);
    },
    [rt.editing, runAction, widget],
  );
  const hasAction = useCallback((source: WidgetActionSource) => actionsFor(widget, source).length > 0, [widget]);

  const ctx: WidgetContext = useMemo(
    () => ({
      widget,
      descriptor,
      settings,
      data,
      timewindow: resolved,
      width: size.width,
      height: size.height,
      aliases: rt.aliases,
      editing: rt.editing,
      action,
      hasAction,
      setTimewindow: ownWindowJson === null ? rt.setTimewindow : undefined,
      noDataMessage: str(settings.noDataDisplayMessage) ?? str(config.noDataDisplayMessage),
      api: rt.api,
      ws: rt.ws,
    }),
    [
      widget,
      descriptor,
      settings,
      data,
      resolved,
      size,
      rt,
      action,
      hasAction,
      ownWindowJson,
      config.noDataDisplayMessage,
    ],
  );

  const stale = staleness(data.series, activity, staleAfterMs(config), sliding ? now : Date.now());
  const title = str(config.title) ?? str(widget.title) ?? '';
  const showTitle = config.showTitle !== false && title !== '';
  const headerButtons = actionsFor(widget, 'headerButton');
  const Component = registration?.component;
  const isCustom =
    !registration && !!descriptor && (descriptor.templateHtml !== '' || descriptor.controllerScript !== '');

  let content: ReactNode;
  if (Component) {
    content = (
      <Suspense fallback={<LinearProgress sx={{ m: 1 }} />}>
        <Component ctx={ctx} />
      </Suspense>
    );
  } else if (isCustom && descriptor) {
    content = <CustomWidgetFrame ctx={ctx} descriptor={descriptor} />;
  } else if (descriptorQuery.isPending && ref) {
    content = <LinearProgress sx={{ m: 1 }} />;
  } else {
    content = <WidgetMessage text="widget.unsupported-type" />;
  }

  return (
    <Paper
      variant="outlined"
      data-testid="dashboard-widget"
      data-widget-id={widget.id}
      data-widget-type={key ?? ''}
      data-stale={stale.reason ?? undefined}
      data-points={data.series.reduce((n, s) => n + s.data.length, 0)}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        bgcolor: str(config.backgroundColor) ?? 'background.paper',
        color: str(config.color) ?? 'text.primary',
        outline: stale.reason ? '2px dashed' : undefined,
        outlineColor: 'warning.main',
        outlineOffset: -2,
      }}
    >
      {(showTitle || stale.reason || headerButtons.length > 0 || editControls) && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1.5, pt: 1, minHeight: 32 }}>
          <Typography variant="subtitle2" noWrap sx={{ flex: 1, fontWeight: 500 }} title={title}>
            {showTitle ? title : ''}
          </Typography>
          {stale.reason && (
            <Tooltip
              title={
                stale.reason === 'inactive'
                  ? t('widget.stale-inactive')
                  : t('widget.stale-old', { time: new Date(stale.lastTs).toLocaleString() })
              }
            >
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                label={t('widget.stale')}
                data-testid="stale-badge"
              />
            </Tooltip>
          )}
          {headerButtons.map((a, i) => (
            <Tooltip key={a.id ?? i} title={a.name ?? ''}>
              <IconButton
                size="small"
                aria-label={a.name ?? t('widget.action')}
                onClick={() => action('headerButton', null, { actionIndex: i })}
              >
                <OpenInNewIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ))}
          {editControls}
        </Box>
      )}
      <Box
        ref={boxRef}
        sx={{ flex: 1, minHeight: 0, position: 'relative', p: str(config.padding) ?? 1, overflow: 'hidden' }}
      >
        <WidgetErrorBoundary resetKey={JSON.stringify(config.settings ?? null)}>
          {data.loading && data.series.length === 0 && !registration?.ownData ? (
            <LinearProgress sx={{ m: 1 }} />
          ) : data.error && !registration?.ownData ? (
            <WidgetMessage text={data.error} />
          ) : (
            size.width > 0 && content
          )}
        </WidgetErrorBoundary>
      </Box>
    </Paper>
  );
}
