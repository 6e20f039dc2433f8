import AssignmentInd from '@mui/icons-material/AssignmentInd';
import AssignmentReturn from '@mui/icons-material/AssignmentReturn';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Share from '@mui/icons-material/Share';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { RowAction } from '../../components/entity-table/entity-table';
import { isAssigned, isAssignedToCustomer, isPublic, type AssignableEntity } from '../assignment';
import type { OwnerScope } from './model/owner-scope';

export interface OwnedRowHandlers<T> {
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  onAssign: (row: T) => void;
  onUnassign: (row: T) => void;
  onMakePublic: (row: T) => void;
}

/**
 * Row buttons of an asset or entity view (ThingsBoard's set): make public / assign while unassigned,
 * unassign while assigned, make private while public, edit, delete. Customer roles get none. Phones
 * keep edit and delete only (the row would not fit); the details panel has the others as buttons.
 */
export function useOwnedRowActions<T extends AssignableEntity>(
  scope: OwnerScope,
  handlers: OwnedRowHandlers<T>,
): RowAction<T>[] {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const actions: RowAction<T>[] = [];
  if (scope.canManage && !phone) {
    actions.push(
      {
        id: 'public',
        label: t('assignment.make-public'),
        icon: <Share fontSize="small" />,
        onClick: handlers.onMakePublic,
        hidden: isAssigned,
      },
      {
        id: 'assign',
        label: t('assignment.assign-to-customer'),
        icon: <AssignmentInd fontSize="small" />,
        onClick: handlers.onAssign,
        hidden: isAssigned,
      },
      {
        id: 'unassign',
        label: t('assignment.unassign'),
        icon: <AssignmentReturn fontSize="small" />,
        onClick: handlers.onUnassign,
        hidden: (row) => !isAssignedToCustomer(row),
      },
      {
        id: 'private',
        label: t('assignment.make-private'),
        icon: <LockOutlined fontSize="small" />,
        onClick: handlers.onUnassign,
        hidden: (row) => !isPublic(row),
      },
    );
  }
  if (scope.canEdit) {
    actions.push({ id: 'edit', label: t('action.edit'), icon: <Edit fontSize="small" />, onClick: handlers.onEdit });
  }
  if (scope.canManage) {
    actions.push({
      id: 'delete',
      label: t('action.delete'),
      icon: <Delete fontSize="small" />,
      onClick: handlers.onDelete,
    });
  }
  return actions;
}
