import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../components/dialogs/dialog-store';
import { notify } from '../../lib/notifications';
import type { Tenant } from './tenant-types';
import { useDeleteTenant } from './tenants-queries';

/**
 * Asks (naming the tenant and warning that its data goes too), deletes, confirms. True when deleted.
 * `onConfirmed` runs before the call, so a details panel showing the tenant closes and does not reload
 * an entity that is gone.
 */
export function useConfirmDeleteTenant() {
  const { t } = useTranslation();
  const remove = useDeleteTenant();
  return async (tenant: Tenant, onConfirmed?: () => void): Promise<boolean> => {
    const ok = await confirmDialog({
      title: t('tenant.delete-tenant-title', { tenantTitle: tenant.title }),
      message: t('tenant.delete-tenant-text'),
      okText: t('action.delete'),
      cancelText: t('action.cancel'),
      danger: true,
    });
    if (!ok) return false;
    onConfirmed?.();
    try {
      await remove.mutateAsync(tenant.id.id);
    } catch {
      return false; // the HTTP client already showed the server's message
    }
    notify({ message: t('tenant.tenant-deleted', { title: tenant.title }), type: 'success' });
    return true;
  };
}
