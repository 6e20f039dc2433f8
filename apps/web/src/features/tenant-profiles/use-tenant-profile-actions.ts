import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../components/dialogs/dialog-store';
import { notify } from '../../lib/notifications';
import type { TenantProfile } from './tenant-profile-types';
import { useDeleteTenantProfile, useSetDefaultTenantProfile } from './tenant-profiles-queries';

/** Delete and make-default, each confirmed first. Both resolve true when done. */
export function useTenantProfileActions() {
  const { t } = useTranslation();
  const remove = useDeleteTenantProfile();
  const makeDefault = useSetDefaultTenantProfile();

  const confirmDelete = async (profile: TenantProfile, onConfirmed?: () => void): Promise<boolean> => {
    const ok = await confirmDialog({
      title: t('tenant-profile.delete-tenant-profile-title', { tenantProfileName: profile.name }),
      message: t('tenant-profile.delete-tenant-profile-text'),
      okText: t('action.delete'),
      cancelText: t('action.cancel'),
      danger: true,
    });
    if (!ok) return false;
    onConfirmed?.(); // e.g. close the details panel first, so it does not reload a deleted profile
    try {
      await remove.mutateAsync(profile.id.id);
    } catch {
      return false; // the HTTP client already showed the server's message (e.g. still used by tenants)
    }
    notify({ message: t('tenant-profile.tenant-profile-deleted', { name: profile.name }), type: 'success' });
    return true;
  };

  const confirmMakeDefault = async (profile: TenantProfile): Promise<boolean> => {
    const ok = await confirmDialog({
      title: t('tenant-profile.set-default-tenant-profile-title', { tenantProfileName: profile.name }),
      message: t('tenant-profile.set-default-tenant-profile-text'),
      okText: t('action.yes'),
      cancelText: t('action.no'),
    });
    if (!ok) return false;
    try {
      await makeDefault.mutateAsync(profile.id.id);
    } catch {
      return false;
    }
    notify({ message: t('tenant-profile.default-set', { name: profile.name }), type: 'success' });
    return true;
  };

  return { confirmDelete, confirmMakeDefault };
}
