import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../components/dialogs/dialog-store';
import { notify } from '../../lib/notifications';
import type { DeviceProfile } from './device-profile-types';
import { useDeleteDeviceProfile, useSetDefaultDeviceProfile } from './device-profiles-queries';

/** Delete and make-default, each confirmed first. Both resolve true when done. */
export function useDeviceProfileActions() {
  const { t } = useTranslation();
  const remove = useDeleteDeviceProfile();
  const makeDefault = useSetDefaultDeviceProfile();

  const confirmDelete = async (profile: DeviceProfile, onConfirmed?: () => void): Promise<boolean> => {
    const ok = await confirmDialog({
      title: t('device-profile.delete-device-profile-title', { deviceProfileName: profile.name }),
      message: t('device-profile.delete-device-profile-text'),
      okText: t('action.delete'),
      cancelText: t('action.cancel'),
      danger: true,
    });
    if (!ok) return false;
    onConfirmed?.(); // e.g. close the details panel first, so it does not reload a deleted profile
    try {
      await remove.mutateAsync(profile.id.id);
    } catch {
      return false; // the HTTP client showed the server's reason (the default profile, or devices use it)
    }
    notify({ message: t('device-profile.device-profile-deleted', { name: profile.name }), type: 'success' });
    return true;
  };

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
