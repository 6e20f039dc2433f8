import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../components/dialogs/dialog-store';
import { useConfirmedDelete } from '../../components/entity-table/use-confirmed-delete';
import { notify } from '../../lib/notifications';
import type { DeviceProfile } from './device-profile-types';
import { useDeleteDeviceProfile, useSetDefaultDeviceProfile } from './device-profiles-queries';

/** Delete and make-default, each confirmed first. Both resolve true when done. */
export function useDeviceProfileActions() {
  const { t } = useTranslation();
  const confirmedDelete = useConfirmedDelete(useDeleteDeviceProfile().mutateAsync);
  const makeDefault = useSetDefaultDeviceProfile();

  const confirmDelete = (profile: DeviceProfile, onConfirmed?: () => void): Promise<boolean> =>
    // A refused delete (the default profile, or one still in use) shows the server's reason.
    confirmedDelete(
      profile.id.id,
      {
        title: t('device-profile.delete-device-profile-title', { deviceProfileName: profile.name }),
        message: t('device-profile.delete-device-profile-text'),
        deleted: t('device-profile.device-profile-deleted', { name: profile.name }),
      },
      onConfirmed,
    );

  const confirmMakeDefault = async (profile: DeviceProfile): Promise<boolean> => {
    const ok = await confirmDialog({
      title: t('device-profile.set-default-device-profile-title', { deviceProfileName: profile.name }),
      message: t('device-profile.set-default-device-profile-text'),
      okText: t('action.yes'),
      cancelText: t('action.no'),
    });
    if (!ok) return false;
    try {
      await makeDefault.mutateAsync(profile.id.id);
    } catch {
      return false;
    }
    notify({ message: t('device-profile.default-set', { name: profile.name }), type: 'success' });
    return true;
  };

  return { confirmDelete, confirmMakeDefault };
}
