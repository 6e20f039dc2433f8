import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { UserStatus } from './model/user-status';

const COLORS = {
  active: 'success',
  disabled: 'error',
  pending: 'warning',
  inactive: 'default',
  locked: 'error',
} as const;

/** Active / disabled / not activated / locked, as the server tells it (see userStatus). */
export function UserStatusChip({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status]}
      label={t(`user.status.${status}`)}
      data-testid="user-status"
      sx={{ fontWeight: 500 }}
    />
  );
}
