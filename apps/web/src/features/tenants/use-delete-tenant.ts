import { useTranslation } from 'react-i18next';
import { useConfirmedDelete } from '../../components/entity-table/use-confirmed-delete';
import type { Tenant } from './tenant-types';
import { useDeleteTenant } from './tenants-queries';

/**
 * Asks (naming the tenant and warning that its data goes too), deletes, confirms. True when deleted.
 * `onConfirmed` runs before the call, so a details panel showing the tenant closes and does not reload
 * an entity that is gone.
 */
export function useConfirmDeleteTenant() {
  const { t } = useTranslation();
  const confirmedDelete = useConfirmedDelete(useDeleteTenant().mutateAsync);
  return (tenant: Tenant, onConfirmed?: () => void): Promise<boolean> =>
    confirmedDelete(
      tenant.id.id,
      {
        title: t('tenant.delete-tenant-title', { tenantTitle: tenant.title }),
        message: t('tenant.delete-tenant-text'),
        deleted: t('tenant.tenant-deleted', { title: tenant.title }),
      },
      onConfirmed,
    );
}
