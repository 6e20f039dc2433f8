import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, userStatus } from './model/user-status';
import type { User } from './model/user-types';
import { UserStatusChip } from './user-status-chip';

/** The details panel body: every field of the user, read-only. */
export function UserDetails({ user }: { user: User }) {
  const { t } = useTranslation();
  const info = user.additionalInfo ?? {};
  const description = typeof info.description === 'string' ? info.description : '';
  const lastLogin = typeof info.lastLoginTs === 'number' ? formatDateTime(info.lastLoginTs) : '';
  const lockedUntil = typeof info.lockedUntilTs === 'number' ? formatDateTime(info.lockedUntilTs) : '';
  const rows: [string, ReactNode][] = [
    [t('user.email'), user.email],
    [t('user.first-name'), user.firstName],
    [t('user.last-name'), user.lastName],
    [t('user.role'), t(`authority.${user.authority}`)],
    [t('user.status.title'), <UserStatusChip key="status" status={userStatus(user)} />],
    ...(lockedUntil ? [[t('user.locked-until'), lockedUntil] as [string, ReactNode]] : []),
    [t('user.description'), description],
    [t('user.created-time'), formatDateTime(user.createdTime)],
    [t('user.last-login'), lastLogin || t('user.never')],
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.5, sm: 2 },
        m: 0,
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ pt: { xs: 1.5, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {value === null || value === undefined || value === '' ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
