import AssignmentInd from '@mui/icons-material/AssignmentInd';
import AssignmentReturn from '@mui/icons-material/AssignmentReturn';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Share from '@mui/icons-material/Share';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { isAssigned, isAssignedToCustomer, isPublic, type AssignableEntity } from '../assignment';
import type { OwnerScope } from './model/owner-scope';
import type { OwnedRowHandlers } from './owned-row-actions';

export type OwnedEntityButtonHandlers<T> = OwnedRowHandlers<T>;

/** The details panel's buttons: the same actions as the row's, spelled out. */
export function OwnedEntityButtons<T extends AssignableEntity>({
  entity,
  scope,
  ...handlers
}: OwnedRowHandlers<T> & { entity: T; scope: OwnerScope }) {
  const { t } = useTranslation();
  return (
    <>
      {scope.canManage && !isAssigned(entity) && (
        <>
          <Button variant="outlined" startIcon={<Share />} onClick={() => handlers.onMakePublic(entity)}>
            {t('assignment.make-public')}
          </Button>
          <Button variant="outlined" startIcon={<AssignmentInd />} onClick={() => handlers.onAssign(entity)}>
            {t('assignment.assign-to-customer')}
          </Button>
        </>
      )}
      {scope.canManage && isAssignedToCustomer(entity) && (
        <Button variant="outlined" startIcon={<AssignmentReturn />} onClick={() => handlers.onUnassign(entity)}>
          {t('assignment.unassign')}
        </Button>
      )}
      {scope.canManage && isPublic(entity) && (
        <Button variant="outlined" startIcon={<LockOutlined />} onClick={() => handlers.onUnassign(entity)}>
          {t('assignment.make-private')}
        </Button>
      )}
      {scope.canEdit && (
        <Button variant="outlined" startIcon={<Edit />} onClick={() => handlers.onEdit(entity)}>
          {t('action.edit')}
        </Button>
      )}
      {scope.canManage && (
        <Button variant="outlined" color="error" startIcon={<Delete />} onClick={() => handlers.onDelete(entity)}>
          {t('action.delete')}
        </Button>
      )}
    </>
  );
}
