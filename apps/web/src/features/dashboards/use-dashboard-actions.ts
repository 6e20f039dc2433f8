import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../components/dialogs/dialog-store';
import { useConfirmedDelete } from '../../components/entity-table/use-confirmed-delete';
import { downloadJson, jsonFileName } from '../../lib/download';
import { notify } from '../../lib/notifications';
import type { Dashboard, DashboardInfo } from './dashboard-types';
import { useDashboardApi, useDashboardVisibility, useDeleteDashboard, useSaveDashboard } from './dashboards-queries';
import { parseImportFile, toExportFile } from './model/dashboard-file';
import { publicCustomerId, publicDashboardLink } from './model/public-link';

/** Delete, public/private, export and import of dashboards, confirmed where ThingsBoard asks. */
export function useDashboardActions() {
  const { t } = useTranslation();
  const api = useDashboardApi();
  const save = useSaveDashboard();
  const visibility = useDashboardVisibility();
  const confirmedDelete = useConfirmedDelete(useDeleteDashboard().mutateAsync);
  /** The public link to show after "make public". */
  const [publicLink, setPublicLink] = useState<{ title: string; link: string } | null>(null);

  const confirmDelete = (dashboard: DashboardInfo) =>
    confirmedDelete(dashboard.id.id, {
      title: t('dashboard.delete-dashboard-title', { dashboardTitle: dashboard.title }),
      message: t('dashboard.delete-dashboard-text'),
      deleted: t('dashboard.dashboard-deleted', { title: dashboard.title }),
    });

  const linkOf = (dashboard: Pick<DashboardInfo, 'id' | 'assignedCustomers'>) => {
    const customerId = publicCustomerId(dashboard.assignedCustomers);
    return customerId ? publicDashboardLink(window.location, dashboard.id.id, customerId) : undefined;
  };

  const makePublic = async (dashboard: DashboardInfo) => {
    const ok = await confirmDialog({
      title: t('dashboard.make-public-dashboard-title', { dashboardTitle: dashboard.title }),
      message: t('dashboard.make-public-dashboard-text'),
      okText: t('action.yes'),
      cancelText: t('action.no'),
    });
    if (!ok) return;
    let saved: Dashboard;
    try {
      saved = await visibility.mutateAsync({ id: dashboard.id.id, makePublic: true });
    } catch {
      return;
    }
    const link = linkOf(saved);
    if (link) setPublicLink({ title: saved.title, link });
  };

  const makePrivate = async (dashboard: DashboardInfo) => {
    const ok = await confirmDialog({
      title: t('dashboard.make-private-dashboard-title', { dashboardTitle: dashboard.title }),
      message: t('dashboard.make-private-dashboard-text'),
      okText: t('action.yes'),
      cancelText: t('action.no'),
    });
    if (!ok) return;
    try {
      await visibility.mutateAsync({ id: dashboard.id.id, makePublic: false });
    } catch {
      return;
    }
    notify({ message: t('dashboard.dashboard-made-private', { title: dashboard.title }), type: 'success' });
  };

  const exportDashboard = async (dashboard: DashboardInfo) => {
    try {
      const full = await api.getDashboard(dashboard.id.id);
      downloadJson(toExportFile(full), jsonFileName(full.title, 'dashboard'));
    } catch {
      // The client already showed the server's message.
    }
  };

  /** Creates a dashboard of this tenant from a ThingsBoard export file. */
  const importFile = async (file: File) => {
    let parsed;
    try {
      parsed = parseImportFile(await file.text());
    } catch (error) {
      notify({
        message: t(error instanceof Error ? error.message : 'dashboard.invalid-dashboard-file-error'),
        type: 'error',
      });
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed);
      notify({ message: t('dashboard.dashboard-imported', { title: saved.title }), type: 'success' });
    } catch (error) {
      notify({ message: error instanceof Error ? error.message : String(error), type: 'error' });
    }
  };

  return {
    confirmDelete,
    makePublic,
    makePrivate,
    showPublicLink: (dashboard: DashboardInfo) => {
      const link = linkOf(dashboard);
      if (link) setPublicLink({ title: dashboard.title, link });
    },
    exportDashboard,
    importFile,
    publicLink,
    closePublicLink: () => setPublicLink(null),
  };
}
