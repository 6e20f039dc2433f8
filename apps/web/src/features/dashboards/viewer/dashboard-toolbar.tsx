import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { downloadJson, jsonFileName } from '../../../lib/download';
import type { Dashboard } from '../dashboard-types';
import { toExportFile } from '../model/dashboard-file';
import { backTo, stateTitle } from '../model/dashboard-state';
import { toTimewindowJson } from '@sapo/common';
import { useDashboardRuntime } from './dashboard-runtime';
import { DashboardSelectPanel } from './dashboard-select-panel';

const TimewindowButton = lazy(async () => ({
  default: (await import('../../../components/timewindow/timewindow-button')).TimewindowButton,
}));

/**
 * The dashboard's own toolbar (1-client §3.7): title, state breadcrumbs, the time window, export,
 * edit for tenant administrators, and a back button in full screen.
 */
export function DashboardToolbar({
  title,
  dashboard,
  fullscreen,
  canEdit,
  onEdit,
}: {
  title: string;
  dashboard: Dashboard;
  fullscreen: boolean;
  canEdit: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rt = useDashboardRuntime();
  const { settings } = rt.config;
  if (settings.hideToolbar === true && !canEdit) return null;
  // In the app the breadcrumb only says 'Dashboard', so the title shows there; full screen follows the setting.
  const showTitle = !fullscreen || settings.showTitle === true;
  return (
    <Box
      data-testid="dashboard-toolbar"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: { xs: 1, sm: 2 },
        py: 0.5,
        minHeight: 48,
        flexWrap: 'wrap',
      }}
    >
      {fullscreen && window.history.length > 1 && (
        <Tooltip title={t('action.back')}>
          <IconButton aria-label={t('action.back')} onClick={() => void navigate(-1)}>
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
      )}
      {settings.showDashboardLogo === true &&
        typeof settings.dashboardLogoUrl === 'string' &&
        settings.dashboardLogoUrl && (
          <Box
            component="img"
            src={settings.dashboardLogoUrl}
            alt=""
            sx={{ height: 32, maxWidth: 120, objectFit: 'contain' }}
          />
        )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {rt.stack.length > 1 ? (
          <Breadcrumbs aria-label={t('dashboard.states')} data-testid="dashboard-state-breadcrumbs">
            {rt.stack.map((entry, i) =>
              i === rt.stack.length - 1 ? (
                <Typography key={i} color="text.primary" noWrap>
                  {stateTitle(rt.config, entry)}
                </Typography>
              ) : (
                <Link key={i} component="button" underline="hover" onClick={() => rt.setStack(backTo(rt.stack, i))}>
                  {stateTitle(rt.config, entry)}
                </Link>
              ),
            )}
          </Breadcrumbs>
        ) : (
          showTitle && (
            <Typography
              variant="h6"
              noWrap
              sx={{ color: settings.titleColor || undefined }}
              data-testid="dashboard-title"
            >
              {title}
            </Typography>
          )
        )}
      </Box>
      {settings.showDashboardsSelect === true && (
        <DashboardSelectPanel currentId={dashboard.id.id} basePath={fullscreen ? '/dashboard' : '/dashboards'} />
      )}
      {settings.showDashboardTimewindow !== false && (
        <Suspense fallback={null}>
          <TimewindowButton value={rt.timewindow} onChange={rt.setTimewindow} maxDatapoints={rt.maxDatapoints} />
        </Suspense>
      )}
      {settings.showDashboardExport !== false && (
        <Tooltip title={t('dashboard.export')}>
          <IconButton
            aria-label={t('dashboard.export')}
            onClick={() =>
              downloadJson(
                toExportFile({
                  title: dashboard.title,
                  configuration: { ...rt.config, timewindow: toTimewindowJson(rt.timewindow) },
                }),
                jsonFileName(dashboard.title, 'dashboard'),
              )
            }
          >
            <FileDownloadIcon />
          </IconButton>
        </Tooltip>
      )}
      {canEdit && (
        <Tooltip title={t('dashboard.edit-mode')}>
          <IconButton
            aria-label={t('dashboard.edit-mode')}
            onClick={onEdit}
            color="primary"
            data-testid="dashboard-edit"
          >
            <EditIcon />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
