import AssignmentInd from '@mui/icons-material/AssignmentInd';
import AssignmentReturn from '@mui/icons-material/AssignmentReturn';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Key from '@mui/icons-material/Key';
import Public from '@mui/icons-material/Public';
import PublicOff from '@mui/icons-material/PublicOff';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../components/dialogs/dialog-store';
import { isAssigned, isAssignedToCustomer, isPublic } from '../assignment/model/assignment-model';
import { useAssignmentActions } from '../assignment/use-assignment-actions';
import { useBulkRunner, useBulkSummary } from '../assignment/use-bulk-runner';
import { ENTITY_COUNT_KEY } from '../assignment/model/assignment-model';
import type { DeviceInfo } from './device-types';
import { useDeleteDeviceCall, useRefreshDevices } from './devices-queries';
import type { DevicePermissions } from './model/device-permissions';

export interface DeviceActionItem {
  id: string;
  label: string;
  icon: ReactNode;
  danger?: boolean;
  shown: (device: DeviceInfo) => boolean;
  run: (device: DeviceInfo) => void;
}

export interface DeviceActionHandlers {
  onEdit: (device: DeviceInfo) => void;
  onAssign: (devices: DeviceInfo[]) => void;
  onCredentials: (device: DeviceInfo) => void;
  /** Before a delete call: e.g. close the details of a device about to go. */
  onDeleting: (devices: DeviceInfo[]) => void;
}

/**
 * Every action on devices, for a row, the details panel and a selection, filtered by what the role
 * may do. Deletes and assignment changes of several devices run with progress and one summary toast.
 */
export function useDeviceActions(permissions: DevicePermissions, handlers: DeviceActionHandlers) {
  const { t } = useTranslation();
  const assignment = useAssignmentActions('DEVICE');
  const deleter = useBulkRunner();
  const summary = useBulkSummary();
  const deleteCall = useDeleteDeviceCall();
  const refresh = useRefreshDevices();

  const what = (devices: readonly DeviceInfo[]) => assignment.what(devices);

  /** Null when cancelled, else whether every delete worked. */
  const remove = async (devices: DeviceInfo[]): Promise<boolean | null> => {
    if (devices.length === 0) return null;
    const one = devices.length === 1 ? devices[0] : undefined;
    const ok = await confirmDialog({
      title: one
        ? t('device.delete-device-title', { deviceName: one.name })
        : t('device.delete-devices-title', { what: t(ENTITY_COUNT_KEY.DEVICE, { count: devices.length }) }),
      message: t(one ? 'device.delete-device-text' : 'device.delete-devices-text'),
      okText: t('action.delete'),
      cancelText: t('action.cancel'),
      danger: true,
    });
    if (!ok) return null;
    handlers.onDeleting(devices);
    const result = await deleter.run(t('device.deleting', { what: what(devices) }), devices, (device) =>
      deleteCall(device.id.id),
    );
    await refresh();
    summary(result, t('device.devices-deleted', { what: what(devices) }));
    return result.failed.length === 0;
  };

  const items: DeviceActionItem[] = [
    {
      id: 'make-public',
      label: t('assignment.make-public'),
      icon: <Public fontSize="small" />,
      shown: (device) => permissions.assign && !isAssigned(device),
      run: (device) => void assignment.makePublic([device]),
    },
    {
      id: 'assign',
      label: t('assignment.assign-to-customer'),
      icon: <AssignmentInd fontSize="small" />,
      shown: (device) => permissions.assign && !isAssigned(device),
      run: (device) => handlers.onAssign([device]),
    },
    {
      id: 'unassign',
      label: t('assignment.unassign'),
      icon: <AssignmentReturn fontSize="small" />,
      shown: (device) => permissions.assign && isAssignedToCustomer(device),
      run: (device) => void assignment.unassign([device]),
    },
    {
      id: 'make-private',
      label: t('assignment.make-private'),
      icon: <PublicOff fontSize="small" />,
      shown: (device) => permissions.assign && isPublic(device),
      run: (device) => void assignment.unassign([device]),
    },
    {
      id: 'credentials',
      label: t(permissions.manageCredentials ? 'device.manage-credentials' : 'device.view-credentials'),
      icon: <Key fontSize="small" />,
      shown: () => permissions.readCredentials,
      run: handlers.onCredentials,
    },
    {
      id: 'edit',
      label: t('action.edit'),
      icon: <Edit fontSize="small" />,
      shown: () => permissions.edit,
      run: handlers.onEdit,
    },
    {
      id: 'delete',
      label: t('action.delete'),
      icon: <Delete fontSize="small" />,
      danger: true,
      shown: () => permissions.delete,
      run: (device) => void remove([device]),
    },
  ];

  return {
    items,
    remove,
    assignment,
    /** Progress of a running bulk action (assignment or delete), for <BulkProgressDialog>. */
    progress: assignment.progress ?? deleter.progress,
    busy: assignment.busy || deleter.busy,
  };
}
