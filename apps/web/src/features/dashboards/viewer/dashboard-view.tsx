import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { useCurrentUser } from '../../auth/auth-queries';
import type { User } from '../../auth/auth-types';
import type { Dashboard } from '../dashboard-types';
import { scopeCss } from '../model/css-scope';
import { normaliseDashboardConfig, type DashboardConfig } from '../model/dashboard-config';
import { DashboardRuntimeContext } from './dashboard-runtime';
import { DashboardGrid } from './dashboard-grid';
import { DashboardToolbar } from './dashboard-toolbar';
import { useDashboardRuntimeValue } from './use-dashboard-runtime';
import { useDashboard, useMaxDatapoints } from './viewer-queries';

// The editor (forms, code editors, the widget library) loads only when a user starts editing.
const DashboardEditor = lazy(async () => ({ default: (await import('../editor/dashboard-editor')).DashboardEditor }));

/** A dashboard page: loads the dashboard, then shows it (and edits it, for tenant administrators). */
export function DashboardView({ dashboardId, fullscreen }: { dashboardId: string; fullscreen: boolean }) {
  const { t } = useTranslation();
  const query = useDashboard(dashboardId);
  const user = useCurrentUser().data;
  const maxDatapoints = useMaxDatapoints();
  if (query.isError) {
    return (
      <Alert severity="error" sx={{ m: 2 }} data-testid="dashboard-load-error">
        {query.error instanceof Error ? query.error.message : t('dashboard.dashboard-load-error')}
      </Alert>
    );
  }
  if (!query.data || !user || maxDatapoints === undefined) return <LinearProgress />;
  return (
    <LoadedDashboard
      key={query.data.id.id}
      dashboard={query.data}
      user={user}
      fullscreen={fullscreen}
      maxDatapoints={maxDatapoints}
    />
  );
}

function LoadedDashboard({
  dashboard,
  user,
  fullscreen,
  maxDatapoints,
}: {
  dashboard: Dashboard;
  user: User;
  fullscreen: boolean;
  maxDatapoints: number;
}) {
  const saved = useMemo(
    () => normaliseDashboardConfig(dashboard.configuration, maxDatapoints, { title: dashboard.title }),
    [dashboard.configuration, dashboard.title, maxDatapoints],
  );
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<DashboardConfig | null>(null);
  const [dirty, setDirty] = useState(false);
  const config = editing && draft ? draft : saved;
  const runtime = useDashboardRuntimeValue({
    config,
    user,
    maxDatapoints,
    editing,
    dashboardPath: fullscreen ? '/dashboard' : '/dashboards',
  });
  const canEdit = user.authority === 'TENANT_ADMIN';
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const startEditing = useCallback(() => {
    setDraft(saved);
    setDirty(false);
    setEditing(true);
  }, [saved]);
  const stopEditing = useCallback(() => {
    setEditing(false);
    setDraft(null);
    setDirty(false);
  }, []);

  const top = runtime.stack[runtime.stack.length - 1];
  const state = (top && config.states[top.id]) ?? Object.values(config.states)[0];
  const settings = config.settings;

  return (
    <DashboardRuntimeContext.Provider value={runtime}>
      <Box
        data-testid="dashboard-view"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          minHeight: fullscreen ? '100vh' : '100%',
          bgcolor: 'background.default',
        }}
      >
        {typeof settings.dashboardCss === 'string' && settings.dashboardCss && (
          <style>{scopeCss(settings.dashboardCss, '.sapo-dashboard-content')}</style>
        )}
        {editing && draft ? (
          <Suspense fallback={<LinearProgress />}>
            <DashboardEditor
              dashboard={dashboard}
              config={draft}
              stateId={top?.id ?? ''}
              onChange={(next) => {
                setDraft(next);
                setDirty(true);
              }}
              onDone={stopEditing}
              user={user}
            />
          </Suspense>
        ) : (
          <>
            <DashboardToolbar
              title={dashboard.title}
              fullscreen={fullscreen}
              canEdit={canEdit}
              onEdit={startEditing}
              dashboard={dashboard}
            />
            {state && (
              <Box className="sapo-dashboard-content" sx={{ flex: 1, display: 'flex', gap: 1, minWidth: 0 }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <DashboardGrid layout={state.layouts.main} widgets={config.widgets} editing={false} />
                </Box>
                {state.layouts.right && (
                  <Box sx={{ width: { xs: '100%', md: '33%' }, minWidth: 0, display: { xs: 'none', md: 'block' } }}>
                    <DashboardGrid layout={state.layouts.right} widgets={config.widgets} editing={false} />
                  </Box>
                )}
              </Box>
            )}
          </>
        )}
        {blocker.state === 'blocked' && <LeaveGuard onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />}
      </Box>
    </DashboardRuntimeContext.Provider>
  );
}

function LeaveGuard({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      sx={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 2000 }}
      action={
        <>
          <Button color="inherit" size="small" onClick={onStay}>
            {t('action.cancel')}
          </Button>
          <Button color="inherit" size="small" onClick={onLeave}>
            {t('action.discard-changes')}
          </Button>
        </>
      }
    >
      {t('dashboard.unsaved-changes')}
    </Alert>
  );
}
