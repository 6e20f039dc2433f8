import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../components/dialogs/dialog-store';
import { useConfirmedDelete } from '../../components/entity-table/use-confirmed-delete';
import { notify } from '../../lib/notifications';
import type { TenantProfile } from './tenant-profile-types';
import { useDeleteTenantProfile, useSetDefaultTenantProfile } from './tenant-profiles-queries';

/** Delete and make-default, each confirmed first. Both resolve true when done. */
export function useTenantProfileActions() {
  const { t } = useTranslation();
  const confirmedDelete = useConfirmedDelete(useDeleteTenantProfile().mutateAsync);
  const makeDefault = useSetDefaultTenantProfile();

  const confirmDelete = (profile: TenantProfile, onConfirmed?: () => void): Promise<boolean> =>
    // A refused delete (the default profile, or one still in use) shows the server's reason.
    confirmedDelete(
      profile.id.id,
      {
        title: t('tenant-profile.delete-tenant-profile-title', { tenantProfileName: profile.name }),
        message: t('tenant-profile.delete-tenant-profile-text'),
        deleted: t('tenant-profile.tenant-profile-deleted', { name: profile.name }),
      },
      onConfirmed,
    );

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
